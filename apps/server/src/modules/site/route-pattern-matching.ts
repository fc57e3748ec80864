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

/** The address as React Router matches it: decoded (a malformed escape stays as it is). */
function decodedPath(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/**
 * The route table cut by language (ADR 029): React Router converts the whole table into route
 * objects for every document it renders (~120 routes: each public route once per language, and the
 * back office's), about 5 % of a cold render's CPU. An address of one language can only match that
 * language's routes (each language sits in its own pathless layout, English and Turkish under a
 * first segment `en` / `tr`, Arabic with none), so its documents render from a build holding the root
 * and that layout alone. Every other address (the back office, `/__manifest`, which the browser asks
 * for routes of any language) gets the whole build. route-pattern-matching.test.ts checks that every
 * address matches the same routes either way.
 */
export function buildForPath(build: ServerBuild): (pathname: string) => ServerBuild {
  const layouts = Object.values(build.routes).filter((route) => /^site-layout-\w+$/.test(route?.id ?? ''));
  if (!layouts.some((route) => route!.id === 'site-layout-ar')) return () => build;
  const languageOfRoute = (id: string | undefined): string | undefined => {
    for (
      let route = id === undefined ? undefined : build.routes[id];
      route;
      route = build.routes[route.parentId ?? '']
    ) {
      if (layouts.includes(route)) return route.id.slice('site-layout-'.length);
    }
    return undefined;
  };
  const firstSegmentOf = (path: string | undefined) => path?.split('/')[0]?.toLowerCase();
  const fullPathOf = (id: string | undefined): string => {
    const route = id === undefined ? undefined : build.routes[id];
    if (!route) return '';
    return [fullPathOf(route.parentId), route.path ?? ''].filter(Boolean).join('/');
  };
  // The first segment of every route outside the Arabic layout: a language (`en`, `tr`) or another
  // part of the app (`panel`, `dev`).
  const prefixes = new Map<string, string | undefined>();
  for (const route of Object.values(build.routes)) {
    const language = languageOfRoute(route!.id);
    if (language === 'ar' || route!.id === 'root') continue;
    const segment = firstSegmentOf(fullPathOf(route!.id));
    if (segment && !segment.startsWith(':') && segment !== '*') prefixes.set(segment, language);
  }
  const subset = (language: string): ServerBuild => {
    const keep = (id: string) => id === 'root' || languageOfRoute(id) === language;
    const pick = <T>(table: Record<string, T>) =>
      Object.fromEntries(Object.entries(table).filter(([id]) => keep(id))) as Record<string, T>;
    return {
      ...build,
      routes: pick(build.routes),
      assets: { ...build.assets, routes: pick(build.assets.routes) },
    };
  };
  const builds = new Map(
    layouts.map((route) => {
      const language = route!.id.slice('site-layout-'.length);
      return [language, subset(language)];
    }),
  );
  return (pathname) => {
    // A single-fetch data request names its page with `.data` (`/en.data`, `/_root.data` for `/`).
    // React Router decodes an address before matching it (`/%65n/` is `/en/`).
    const segment = firstSegmentOf(decodedPath(pathname.replace(/\.data$/, '')).slice(1));
    if (segment === undefined || segment === '' || segment === '_root') return builds.get('ar')!;
    if (segment.startsWith('__')) return build;
    if (!prefixes.has(segment)) return builds.get('ar')!;
    const language = prefixes.get(segment);
    return (language && builds.get(language)) || build;
  };
}
