// @vitest-environment happy-dom
import { constants, Script } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { inlineScriptHashes } from './content-security.ts';
import {
  deferHydration as deferBytes,
  HYDRATION_CHUNK_ATTRIBUTE,
  HYDRATION_CONTEXT_ID,
  HYDRATION_LOADER,
  HYDRATION_SOURCE_ID,
  readModuleScript,
} from './deferred-hydration.ts';

/** The rewrite works on a document's bytes; these tests read and write text. */
const deferHydration = (html: string) => deferBytes(Buffer.from(html)).toString();

// Modules the loader can import in this test: data URLs, each recording that it ran.
const moduleUrl = (name: string) =>
  `data:text/javascript,globalThis.__ran=(globalThis.__ran||[]).concat('${name}');export const ${name}=1;`;
const ROOT = moduleUrl('root');
const PAGE_LOADER = moduleUrl('pageClientLoader');
const PAGE = moduleUrl('page');
const ENTRY = moduleUrl('entry');

/** React Router 8's route module script (lib/dom/ssr/components.js), with a route in two chunks. */
const MODULES = [
  ';',
  `import * as route0 from ${JSON.stringify(ROOT)};`,
  `import * as route1_clientLoader from "${PAGE_LOADER}";`,
  `import * as route1_main from "${PAGE}";`,
  'const route1 = {...route1_clientLoader,...route1_main};',
  `  window.__reactRouterManifest = ${JSON.stringify({ entry: { module: ENTRY }, url: '/m.js' }, null, 2)};`,
  '  window.__reactRouterRouteModules = {"root":route0,"site-home-en":route1};',
  '',
  `import(${JSON.stringify(ENTRY)});`,
].join('\n');
const CONTEXT = '{"basename":"/","ssr":true,"note":"\\u003c/script\\u003e"}';
const CONTEXT_SCRIPT = `<script>window.__reactRouterContext = ${CONTEXT};window.__reactRouterContext.stream = new ReadableStream({start(controller){window.__reactRouterContext.streamController = controller;}}).pipeThrough(new TextEncoderStream());</script>`;
const chunk = (text: string) =>
  `<script>window.__reactRouterContext.streamController.enqueue(${JSON.stringify(text)});</script>`;
const DOCUMENT =
  '<html><head><link rel="modulepreload" fetchpriority="low" href="/assets/entry.client.js"/>' +
  '<link rel="modulepreload" href="/assets/root.js"/><link rel="preload" as="font" href="/assets/f.woff2"/>' +
  `</head><body><main>تبيَّن: «مرسوم»</main>${CONTEXT_SCRIPT}` +
  `<script type="module" async="">${MODULES}</script>` +
  `${chunk('[{"_1":2},"loaderData"')}${chunk(',"عربي"]\n')}` +
  '<script>window.__reactRouterContext.streamController.close();</script></body></html>';

afterEach(() => {
  document.body.innerHTML = '';
  const w = window as unknown as Record<string, unknown>;
  for (const key of ['__reactRouterContext', '__reactRouterManifest', '__reactRouterRouteModules'])
    delete w[key];
  delete (globalThis as { __ran?: unknown }).__ran;
});

/** Scripts a browser would run: no src, no data type. */
const executable = (html: string) =>
  [...html.matchAll(/<script(?![^>]*\b(?:src|type)=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);

describe('deferHydration', () => {
  it('turns every inline script of React Router into a data block, leaving the loader the only one to run', () => {
    const html = deferHydration(DOCUMENT);
    expect(executable(html)).toEqual([HYDRATION_LOADER]);
    expect(html).not.toContain('modulepreload');
    expect(html).not.toContain('type="module"');
    expect(html).toContain(
      `<script type="application/json" id="${HYDRATION_CONTEXT_ID}">${CONTEXT}</script>`,
    );
    expect(html).toContain(
      `<script type="application/json" ${HYDRATION_CHUNK_ATTRIBUTE}="">${JSON.stringify(',"عربي"]\n')}</script>`,
    );
    expect(html).toContain(`<script type="application/json" id="${HYDRATION_SOURCE_ID}">{"imports":[]`);
    expect(html).toContain('<link rel="preload" as="font" href="/assets/f.woff2"/>');
    expect(html).toContain('<main>تبيَّن: «مرسوم»</main>');
    expect(inlineScriptHashes(`<script>${HYDRATION_LOADER}</script>`)).toHaveLength(1);
  });

  it('reads the route module script into the imports it makes', () => {
    expect(readModuleScript(MODULES)).toEqual({
      imports: [],
      modules: { route0: ROOT, route1_clientLoader: PAGE_LOADER, route1_main: PAGE },
      composites: { route1: ['route1_clientLoader', 'route1_main'] },
      routes: [
        ['root', 'route0'],
        ['site-home-en', 'route1'],
      ],
      manifest: { entry: { module: ENTRY }, url: '/m.js' },
      entry: ENTRY,
    });
    expect(
      readModuleScript('import "/m.js";\nwindow.__reactRouterRouteModules = {};\nimport("/e.js");'),
    ).toEqual({
      imports: ['/m.js'],
      modules: {},
      composites: {},
      routes: [],
      entry: '/e.js',
    });
  });

  it('leaves a script of another shape, or a document without React Router scripts, as it is', () => {
    expect(readModuleScript(`${MODULES}\nalert(1);`)).toBeUndefined();
    const odd = DOCUMENT.replace('import(', 'alert(1);import(');
    expect(deferHydration(odd)).toBe(odd);
    const html = '<html><body><h1>Error</h1><link rel="modulepreload" href="/a.js"/></body></html>';
    expect(deferHydration(html)).toBe(html);
  });

  it('sets up the context and its data, then imports the route modules and the entry, once, after load', async () => {
    const html = deferHydration(DOCUMENT);
    document.body.innerHTML = html.slice(html.indexOf('<body>') + 6, html.indexOf('</body>'));
    Object.defineProperty(document, 'readyState', { value: 'interactive', configurable: true });
    // As a classic script whose `import()` loads modules (data URLs here), like a page's script.
    new Script(HYDRATION_LOADER, {
      importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
    }).runInThisContext();
    const w = window as unknown as {
      __reactRouterContext?: { basename: string; note: string; stream: ReadableStream<Uint8Array> };
      __reactRouterManifest?: unknown;
      __reactRouterRouteModules?: Record<string, Record<string, number>>;
    };
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(w.__reactRouterContext).toBeUndefined();
    window.dispatchEvent(new Event('load'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    window.dispatchEvent(new Event('keydown'));
    await expect.poll(() => (globalThis as { __ran?: string[] }).__ran?.includes('entry')).toBe(true);
    expect(w.__reactRouterContext).toMatchObject({ basename: '/', note: '</script>' });
    expect(await new Response(w.__reactRouterContext!.stream).text()).toBe(
      '[{"_1":2},"loaderData","عربي"]\n',
    );
    expect(w.__reactRouterManifest).toEqual({ entry: { module: ENTRY }, url: '/m.js' });
    expect(w.__reactRouterRouteModules).toEqual({
      root: expect.objectContaining({ root: 1 }),
      'site-home-en': expect.objectContaining({ pageClientLoader: 1, page: 1 }),
    });
    const ran = (globalThis as { __ran?: string[] }).__ran!;
    expect(ran.filter((name) => name === 'entry')).toHaveLength(1);
    expect(ran.at(-1)).toBe('entry');
  });
});
