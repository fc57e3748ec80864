// The web app's server entry (apps/web/app/entry.server.tsx, ADR 031) in a small app of its own:
// a crawler's render (and so every shared render of the page cache) is rendered to one string,
// with React Router's hydration data read first, and gives the document the streaming renderer
// gives; a render that suspends falls back to the stream and loses nothing.
import { createElement as h, Suspense, use } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import {
  createRequestHandler,
  Links,
  Meta,
  Outlet,
  Scripts,
  type ServerBuild,
  useLoaderData,
} from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The web app is its own TypeScript project: its source is loaded by address, and Vitest compiles it.
const ENTRY = new URL('../../../../web/app/entry.server.tsx', import.meta.url).href;
const entry = (await import(ENTRY)) as ServerBuild['entry']['module'];

vi.mock('react-dom/server', async (importOriginal) => {
  const actual = await importOriginal<typeof import('react-dom/server')>();
  return {
    ...actual,
    renderToString: vi.fn(actual.renderToString),
    renderToPipeableStream: vi.fn(actual.renderToPipeableStream),
  };
});

const CRAWLER = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
/** Loader data that looks like markup and like the marker of a boundary left to the browser. */
const TEXT = 'تبيَّن: «خبر» </script> <!--$!--> & more';

function Root() {
  return h(
    'html',
    { lang: 'ar', dir: 'rtl' },
    h('head', null, h('meta', { charSet: 'utf-8' }), h(Meta), h(Links)),
    h('body', null, h(Outlet), h(Scripts)),
  );
}

function Page() {
  const { text, items } = useLoaderData() as { text: string; items: string[] };
  return h(
    'main',
    null,
    h('h1', null, text),
    h('ul', null, ...items.map((item) => h('li', { key: item }, item))),
  );
}

let late: Promise<string> = Promise.resolve('');
function Late() {
  return h('p', null, use(late));
}
function Slow() {
  return h(Suspense, { fallback: h('p', null, 'loading') }, h(Late));
}

const manifestRoute = (id: string, parentId?: string, hasLoader = false) => ({
  id,
  ...(parentId ? { parentId } : {}),
  path: id === 'root' ? '' : id.replace('routes/', ''),
  module: `/${id}.js`,
  imports: [],
  css: [],
  hasLoader,
  hasAction: false,
  hasClientAction: false,
  hasClientLoader: false,
  hasClientMiddleware: false,
  hasErrorBoundary: false,
});

const build = {
  entry: { module: entry },
  routes: {
    root: { id: 'root', path: '', module: { default: Root } },
    'routes/page': {
      id: 'routes/page',
      parentId: 'root',
      path: 'page',
      module: {
        default: Page,
        loader: () => ({ text: TEXT, items: Array.from({ length: 200 }, (_, i) => `بند ${i}`) }),
      },
    },
    'routes/slow': { id: 'routes/slow', parentId: 'root', path: 'slow', module: { default: Slow } },
  },
  assets: {
    entry: { module: '/entry.client.js', imports: [] },
    routes: {
      root: manifestRoute('root'),
      'routes/page': manifestRoute('routes/page', 'root', true),
      'routes/slow': manifestRoute('routes/slow', 'root'),
    },
    url: '/manifest.js',
    version: 'test',
  },
  publicPath: '/',
  assetsBuildDirectory: '/tmp',
  future: {},
  ssr: true,
  isSpaMode: false,
  prerender: [],
  routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' },
} as unknown as ServerBuild;

const handler = createRequestHandler(build, 'production');
const get = async (path: string, userAgent: string) => {
  const response = await handler(
    new Request(`http://localhost${path}`, { headers: { 'user-agent': userAgent } }),
  );
  return { status: response.status, type: response.headers.get('content-type'), body: await response.text() };
};

describe('the server entry', () => {
  beforeEach(() => {
    vi.mocked(renderToString).mockClear();
    vi.mocked(renderToPipeableStream).mockClear();
  });

  it('renders a crawler’s page to one string, with the hydration data a stream would carry', async () => {
    const page = await get('/page', CRAWLER);
    expect(renderToString).toHaveBeenCalledTimes(1);
    expect(renderToPipeableStream).not.toHaveBeenCalled();
    expect(page.status).toBe(200);
    expect(page.type).toBe('text/html');
    expect(page.body).toMatch(/^<!DOCTYPE html><html lang="ar" dir="rtl">/);
    expect(page.body).toContain('<li>بند 199</li>');
    // The loader data, escaped for a script, then the end of the stream.
    expect(page.body).toContain('streamController.enqueue(');
    expect(page.body).toContain('\\u003c/script\\u003e');
    expect(page.body).toMatch(/streamController\.close\(\);<\/script>(<!--\/\$-->)+<\/body><\/html>$/);
  });

  it('gives the same document as the streaming renderer waiting for everything', async () => {
    const whole = await get('/page', CRAWLER);
    // As if something had suspended: the entry renders the same request by the stream instead.
    vi.mocked(renderToString).mockImplementationOnce(() => '<!--$!-->');
    const streamed = await get('/page', CRAWLER);
    expect(renderToPipeableStream).toHaveBeenCalledTimes(1);
    expect(streamed.body).toBe(whole.body);
  });

  it('streams a crawler’s page that suspends, and sends it once everything is there', async () => {
    late = new Promise((resolve) => setTimeout(() => resolve('arrived late'), 20));
    const page = await get('/slow', CRAWLER);
    expect(renderToString).toHaveBeenCalledTimes(1);
    expect(renderToPipeableStream).toHaveBeenCalledTimes(1);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<p>arrived late</p>');
    expect(page.body).not.toContain('loading');
    expect(page.body).toContain('streamController.close()');
  });

  it('streams a browser’s page from its shell on, as React Router’s own entry does', async () => {
    const page = await get('/page', BROWSER);
    expect(renderToString).not.toHaveBeenCalled();
    expect(renderToPipeableStream).toHaveBeenCalledTimes(1);
    expect(page.body).toContain('<li>بند 199</li>');
    expect(page.body).toContain('streamController.close()');
  });
});
