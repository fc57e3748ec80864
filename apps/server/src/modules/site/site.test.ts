// The web app mounted in a bare Fastify instance (no database): addresses reach the site unless a
// route or an API scope takes them. Runs against the production build of apps/web, building it once
// when it is missing (.ci/run builds before the tests anyway), or older than
// its sources.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineScriptHashes } from './content-security.ts';
import { HYDRATION_SOURCE_ID } from './deferred-hydration.ts';
import { DEFAULT_WEB_ROOT, sitePlugin } from './site.plugin.ts';
import { ensureWebBuild, WEB_BUILD_TIMEOUT_MS } from './web-build.ts';

/** The lead's layout in miniature: a JSON API scope with its own not-found handler, then the site. */
async function buildSiteApp(options: Parameters<typeof sitePlugin>[1]): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  await app.register(
    async (api) => {
      api.get('/ping', async () => ({ pong: true }));
      api.post('/echo', async (request) => ({ received: request.body }));
      api.setNotFoundHandler((_request, reply) => reply.code(404).send({ error: 'NOT_FOUND', from: 'api' }));
    },
    { prefix: '/api' },
  );
  await app.register(sitePlugin, options);
  await app.ready();
  return app;
}

describe('site plugin with the production build', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    ensureWebBuild();
    app = await buildSiteApp({ mode: 'test' });
  }, WEB_BUILD_TIMEOUT_MS + 10_000);

  afterAll(async () => {
    await app?.close();
  });

  it('renders the Arabic home page right to left at /', async () => {
    const res = await app.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toMatch(/^<!DOCTYPE html><html lang="ar" dir="rtl"/);
    expect(res.body).toContain('تبيَّن');
  });

  it('sends a public page without hydration: one deferred script of its own origin, no loader data', async () => {
    const res = await app.inject({ url: '/en' });
    expect(res.body).not.toContain('modulepreload');
    expect(res.body).not.toContain('type="module"');
    expect(res.body).not.toContain('__reactRouter');
    expect(res.body).not.toContain(HYDRATION_SOURCE_ID);
    const scripts = [...res.body.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g)];
    expect(scripts.map((m) => m[1])).toEqual([expect.stringMatching(/^\/assets\/site-script-[\w-]+\.js$/)]);
    expect(scripts[0]![0]).toContain(' defer');
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self' /);
  });

  it('renders English and Turkish left to right under their prefix', async () => {
    const en = await app.inject({ url: '/en' });
    expect(en.statusCode).toBe(200);
    expect(en.body).toContain('<html lang="en" dir="ltr"');
    expect(en.body).toContain('<title>Tabayyun</title>');
    const tr = await app.inject({ url: '/tr/' });
    expect(tr.statusCode).toBe(200);
    expect(tr.body).toContain('<html lang="tr" dir="ltr"');
  });

  it('answers an unknown address with a 404 page in its language, at the same address', async () => {
    const en = await app.inject({ url: '/en/does-not-exist' });
    expect(en.statusCode).toBe(404);
    expect(en.headers['content-type']).toContain('text/html');
    expect(en.headers.location).toBeUndefined();
    expect(en.body).toContain('<html lang="en" dir="ltr"');
    expect(en.body).toContain('Page Not Found');
    const ar = await app.inject({ url: '/no/such/page?x=1' });
    expect(ar.statusCode).toBe(404);
    expect(ar.body).toContain('<html lang="ar" dir="rtl"');
    expect(ar.body).toContain('الصفحة غير موجودة');
  });

  it('leaves API addresses to the API: its routes, its JSON 404 and its body parsers', async () => {
    const ping = await app.inject({ url: '/api/ping' });
    expect(ping.json()).toEqual({ pong: true });
    const missing = await app.inject({ url: '/api/nope' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('application/json');
    expect(missing.json()).toEqual({ error: 'NOT_FOUND', from: 'api' });
    const echo = await app.inject({ method: 'POST', url: '/api/echo', payload: { a: 1 } });
    expect(echo.json()).toEqual({ received: { a: 1 } });
  });

  it('answers JSON, never the site, under an API prefix whose scope has no not-found handler', async () => {
    const res = await app.inject({ url: '/auth/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
  });

  it('serves public files, and hashed assets with a one-year immutable cache', async () => {
    const favicon = await app.inject({ url: '/favicon.svg' });
    expect(favicon.statusCode).toBe(200);
    expect(favicon.headers['content-type']).toContain('image/svg+xml');
    expect(favicon.headers['cache-control']).not.toContain('immutable');

    const asset = readdirSync(
      join(DEFAULT_WEB_ROOT, process.env.WEB_BUILD_DIR || 'build', 'client', 'assets'),
    )[0];
    const res = await app.inject({ url: `/assets/${asset}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // A name that is not built reaches the site's not-found page, like an address without a route.
    const missing = await app.inject({ url: '/assets/missing-0000.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('text/html');
    const badge = await app.inject({ url: '/badges/accredited.svg' });
    expect(badge.statusCode).toBe(200);
    expect(badge.headers['cache-control']).not.toContain('immutable');
  });

  it('serves the back office as a client-only shell', async () => {
    const res = await app.inject({ url: '/panel/anything' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/^<!DOCTYPE html><html/);
    expect(res.body).toContain('Loading the back office');
    expect(res.body).not.toContain('coming soon');
  });

  it('passes form posts to React Router unparsed (no action here: 405, not a hang or a 415)', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/en',
      payload: 'name=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(405);
  });
});

describe('the back office document', () => {
  let app: FastifyInstance;
  const panelConfig = {
    api: '/v2/api',
    auth: '/v2/auth',
    permissions: '/permissions',
    storage: '/files',
    productName: 'Sada "news"',
  };

  beforeAll(async () => {
    ensureWebBuild();
    app = await buildSiteApp({ mode: 'test', panelConfig });
  }, WEB_BUILD_TIMEOUT_MS + 10_000);

  afterAll(async () => {
    await app?.close();
  });

  it('carries the configured base paths, is never framed or cached, and has a CSP for its inline scripts', async () => {
    const res = await app.inject({ url: '/panel/dashboard' });
    expect(res.statusCode).toBe(200);
    const meta = /<meta name="tabayyun-panel" content="([^"]*)">/.exec(res.body);
    expect(
      JSON.parse(meta![1]!.replaceAll('&quot;', '"').replaceAll('&lt;', '<').replaceAll('&amp;', '&')),
    ).toEqual(panelConfig);
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.headers['x-frame-options']).toBe('DENY');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    for (const hash of inlineScriptHashes(res.body)) expect(csp).toContain(hash);
    // The panel needs its modules at once: its scripts are not deferred like the reading pages'.
    expect(res.body).not.toContain(HYDRATION_SOURCE_ID);
  });

  it('asks for all four font files at the start (both scripts, both weights), a reading page for its script’s two', async () => {
    const fonts = (html: string) =>
      [...html.matchAll(/<link rel="preload" as="font" type="font\/woff2" href="([^"]+)"/g)].map((m) => m[1]);
    const panel = fonts((await app.inject({ url: '/panel/factcheck/edit/new' })).body);
    expect(panel).toHaveLength(4);
    expect(
      panel.map((href) => /plex-(arabic|latin)-(400|700)/.exec(href!)?.slice(1).join('-')).sort(),
    ).toEqual(['arabic-400', 'arabic-700', 'latin-400', 'latin-700']);
    expect(fonts((await app.inject({ url: '/en' })).body)).toEqual([
      expect.stringContaining('latin-400'),
      expect.stringContaining('latin-700'),
    ]);
  });
});

describe('site plugin without a build in production', () => {
  const emptyWebRoot = mkdtempSync(join(tmpdir(), 'tabayyun-web-'));
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildSiteApp({ mode: 'production', webRoot: emptyWebRoot });
  });

  afterAll(async () => {
    await app?.close();
    rmSync(emptyWebRoot, { recursive: true, force: true });
  });

  it('answers 503 with the command to run, and keeps the API working', async () => {
    const res = await app.inject({ url: '/' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('npm run build');
    expect((await app.inject({ url: '/api/ping' })).statusCode).toBe(200);
  });
});
