// How the production build splits the browser's code (ADR 026): the back office's shared code comes
// in a few files, and no public page loads any of it. Read from React Router's manifest in the
// server build, which lists each route's module and every module it imports.
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_WEB_ROOT } from './site.plugin.ts';
import { ensureWebBuild, WEB_BUILD_TIMEOUT_MS } from './web-build.ts';

interface RouteAssets {
  id: string;
  parentId?: string;
  module: string;
  imports?: string[];
}
let entry: { module: string; imports: string[] };
let routes: Record<string, RouteAssets>;

beforeAll(async () => {
  ensureWebBuild();
  const build = (await import(
    join(DEFAULT_WEB_ROOT, process.env.WEB_BUILD_DIR || 'build', 'server', 'index.js')
  )) as { assets: { entry: typeof entry; routes: typeof routes } };
  ({ entry, routes } = build.assets);
}, WEB_BUILD_TIMEOUT_MS + 10_000);

/** The files a route loads at start: the entry, and each route of its chain with its imports. */
function filesOf(routeId: string): Set<string> {
  const files = new Set([entry.module, ...entry.imports]);
  for (let route = routes[routeId]; route; route = route.parentId ? routes[route.parentId] : undefined) {
    files.add(route.module);
    for (const file of route.imports ?? []) files.add(file);
  }
  return files;
}
/** The two shared chunks: a name, then Rolldown's 8-character hash. */
const PANEL_CHUNK = /\/assets\/(mantine|panel)-[\w-]{8}\.js$/;

describe('the browser code of the production build', () => {
  it('gives no public page any of the back office’s shared code', () => {
    const site = Object.keys(routes).filter((id) => id.startsWith('site-'));
    expect(site.length).toBeGreaterThan(20);
    for (const id of site) expect([...filesOf(id)].filter((file) => PANEL_CHUNK.test(file))).toEqual([]);
  });

  it('loads the fact-check editor from a few dozen files, Mantine and the panel’s shared code in one each', () => {
    const id = Object.keys(routes).find((key) => key.endsWith('panel/screens/editors/factcheck-editor'));
    const files = [...filesOf(id!)];
    expect(files.filter((file) => /\/assets\/mantine-[\w-]{8}\.js$/.test(file))).toHaveLength(1);
    expect(files.filter((file) => /\/assets\/panel-[\w-]{8}\.js$/.test(file))).toHaveLength(1);
    // Rolldown's default split gave it 99 files, most a single Mantine component of 1–2 KB.
    expect(files.length).toBeLessThan(60);
  });
});

describe('the freshness of the web build', () => {
  it('counts the workspace packages the web app bundles, the form engine first', async () => {
    const { webBuildSources } = await import('./web-build.ts');
    const sources = webBuildSources(DEFAULT_WEB_ROOT).map((source) => source.replaceAll('\\', '/'));
    expect(sources.some((source) => source.endsWith('packages/forms/src'))).toBe(true);
    expect(sources.some((source) => source.endsWith('apps/web/app'))).toBe(true);
  });
});
