// The server matches addresses with React Router's route-pattern matcher (ADR 028), the browser with
// its default one: both must pick the same routes with the same parameters for every route of the
// production build's table, or a page would render one way and hydrate another.
import { join } from 'node:path';
import { createStaticHandler, type RouteObject, type ServerBuild } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildForPath, withRoutePatternMatching } from './route-pattern-matching.ts';
import { DEFAULT_WEB_ROOT } from './site.plugin.ts';
import { ensureWebBuild, WEB_BUILD_TIMEOUT_MS } from './web-build.ts';

let build: ServerBuild;

beforeAll(async () => {
  ensureWebBuild();
  build = (await import(
    join(DEFAULT_WEB_ROOT, process.env.WEB_BUILD_DIR || 'build', 'server', 'index.js')
  )) as ServerBuild;
}, WEB_BUILD_TIMEOUT_MS + 10_000);

function routeTree(parentId?: string, routes = build.routes): RouteObject[] {
  return Object.values(routes)
    .filter((route) => route?.parentId === parentId)
    .map((route) =>
      route!.index
        ? { id: route!.id, index: true, path: route!.path }
        : { id: route!.id, path: route!.path, children: routeTree(route!.id, routes) },
    );
}

/** The full pattern of each route, from its chain of parents. */
function patterns(): string[] {
  const full = (id: string | undefined): string => {
    const route = id === undefined ? undefined : build.routes[id];
    if (!route) return '';
    return [full(route.parentId), route.path ?? ''].filter(Boolean).join('/');
  };
  return Object.keys(build.routes).map((id) => `/${full(id)}`);
}

/** Addresses a pattern matches, and near misses: parameters filled, optional ones left out. */
function addressesOf(pattern: string): string[] {
  const withOptional = pattern.replace(/\/:(\w+)\?/g, '/opt-$1');
  const withoutOptional = pattern.replace(/\/:\w+\?/g, '');
  return [withOptional, withoutOptional].flatMap((path) => {
    const filled = path.replace(/:(\w+)/g, 'v-$1').replace(/\*$/, 'a/b');
    return [
      filled,
      `${filled}/`,
      filled.toUpperCase(),
      `${filled}/extra`,
      filled.replace(/\/[^/]+$/, '') || '/',
    ];
  });
}

const EDGE_CASES = [
  '/',
  '/en',
  '/tr/',
  '/EN/Sources',
  '/%65n/sources',
  '/T%52/',
  '/factcheck/a%20b',
  '/factcheck/%D8%B3%D9%88%D8%B1%D9%8A%D8%A7',
  '/publisher/5',
  '/publisher/5/name',
  '/publisher/5/name/extra',
  '/panel',
  '/panel/factcheck/edit/5',
  '/unknown/deep/path',
];
// Not compared: addresses with an empty segment (`//`, `/en//`). The default matcher reads a doubled
// trailing slash as the home page and the route-pattern one as not found; the server answered such
// addresses with the not-found page before this change and still does (measured with curl).

/** Every address the tests compare (empty segments aside, see above). */
function addresses(): string[] {
  return [...new Set([...patterns().flatMap(addressesOf), ...EDGE_CASES])].filter(
    (path) => !path.includes('//'),
  );
}

const signatureOf = (handler: ReturnType<typeof createStaticHandler>, path: string) =>
  handler
    .match(path)
    ?.map((m) => `${m.route.id} ${JSON.stringify(m.params)} ${m.pathname} ${m.pathnameBase}`);

describe('route matching on the server', () => {
  it('picks the same routes and parameters as the browser’s matcher for every route', () => {
    const routes = routeTree();
    const browser = createStaticHandler(routes);
    const server = createStaticHandler(routes, { future: withRoutePatternMatching(build).future });
    expect(addresses().length).toBeGreaterThan(400);
    const differences = addresses().filter(
      (path) => JSON.stringify(signatureOf(browser, path)) !== JSON.stringify(signatureOf(server, path)),
    );
    expect(differences).toEqual([]);
  });

  it('renders each address from a part of the table that matches it exactly as the whole table does', () => {
    const future = withRoutePatternMatching(build).future;
    const whole = createStaticHandler(routeTree(), { future });
    const buildFor = buildForPath(build);
    const handlers = new Map<ServerBuild, ReturnType<typeof createStaticHandler>>();
    const partFor = (path: string) => {
      const part = buildFor(path);
      if (!handlers.has(part))
        handlers.set(part, createStaticHandler(routeTree(undefined, part.routes), { future }));
      return handlers.get(part)!;
    };
    const differences = addresses().filter(
      (path) => JSON.stringify(signatureOf(whole, path)) !== JSON.stringify(signatureOf(partFor(path), path)),
    );
    expect(differences).toEqual([]);
    // Each language's addresses get a table of that language (and the root) alone; the back office
    // and the manifest requests the whole table.
    const languagesOf = (path: string) =>
      [
        ...new Set(Object.keys(buildFor(path).routes).map((id) => /-(ar|en|tr)$/.exec(id)?.[1] ?? 'other')),
      ].sort();
    expect(
      Object.fromEntries(
        ['/factcheck/a', '/en/sources', '/TR/', '/en.data', '/_root.data', '/panel/login', '/__manifest'].map(
          (path) => [path, languagesOf(path)],
        ),
      ),
    ).toEqual({
      '/factcheck/a': ['ar', 'other'],
      '/en/sources': ['en', 'other'],
      '/TR/': ['other', 'tr'],
      '/en.data': ['en', 'other'],
      '/_root.data': ['ar', 'other'],
      '/panel/login': ['ar', 'en', 'other', 'tr'],
      '/__manifest': ['ar', 'en', 'other', 'tr'],
    });
    // The browser's manifest of a page still names the routes the page matched.
    expect(Object.keys(buildFor('/en/sources').assets.routes)).toEqual(
      Object.keys(buildFor('/en/sources').routes),
    );
  });

  it('turns the matcher on for the server only: the browser gets the build’s own flags', () => {
    const future = withRoutePatternMatching(build).future;
    expect({ ...future }).toMatchObject({ unstable_routePatternMatching: true });
    expect(JSON.parse(JSON.stringify({ future }))).toEqual(
      JSON.parse(JSON.stringify({ future: build.future })),
    );
  });
});
