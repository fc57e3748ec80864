// Route matching on the server through React Router's route-pattern matcher (ADR 028).
//
// A document request matches its address against the route table four times (the request, the
// static handler's query, and the partial manifest's `/` and parent paths, which match nothing and
// so try every route). React Router's default matcher tries the ~120 routes one by one with regular
// expressions, allocating as it goes: ~0.75 MB per document, a quarter of what a cold render
// allocated. Its route-pattern matcher (`future.unstable_routePatternMatching`) indexes the table
// once: ~0.09 MB and a fifth of the time for the same matches. route-pattern-matching.test.ts
// checks that both matchers give the same matches for every route of the table.
import type { ServerBuild } from 'react-router';
import { unstable_preloadRoutePattern } from 'react-router/route-pattern';

const FLAG = 'unstable_routePatternMatching';

/**
 * The build with the route-pattern matcher turned on for the server's static handler only. The
 * future flags also travel to the browser in the hydration data, and the browser's router, which
 * keeps React Router's default matcher (no extra bytes), would refuse a flag it was not loaded for:
 * `toJSON` sends the build's own flags.
 */
export function withRoutePatternMatching(build: ServerBuild): ServerBuild {
  unstable_preloadRoutePattern();
  const future = build.future;
  return {
    ...build,
    future: { ...future, [FLAG]: true, toJSON: () => future } as unknown as ServerBuild['future'],
  };
}
