// The public site's page cache (ADR 008, ADR 016) on the demo content: warm hits render nothing and
// send the same bytes in every encoding, ETags revalidate, a content write refreshes what it touched
// (site-invalidation.test.ts has the rest), and previews,
// the back office and personal requests never enter it.
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { brotliTextParams } from '../src/compression/brotli.ts';
import { seedDemoContent } from '../src/modules/seed/seed.service.ts';
import { siteStateOf } from '../src/modules/site/site.plugin.ts';
import { ensureWebBuild, WEB_BUILD_TIMEOUT_MS } from '../src/modules/site/web-build.ts';
import { buildTestApp, call, type TestApp } from './build-test-app.ts';

let t: TestApp;
const state = () => siteStateOf(t.app)!;
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

beforeAll(async () => {
  ensureWebBuild();
  t = await buildTestApp({ site: true, env: { SITE_CACHE: 'true', PUBLIC_URL: 'https://tabayyun.example' } });
  await seedDemoContent({ db: t.database.db, resources: t.app.services.resources });
  // Seeding wrote through the API service: wait for its last notification to clear the cache.
  await vi.waitFor(() => expect(state().cache?.stats().invalidations).toBeGreaterThan(0));
  state().cache!.clear();
}, WEB_BUILD_TIMEOUT_MS + 120_000);
afterAll(() => t?.close());

describe('page cache', () => {
  it('renders a page once, then serves identical bytes without rendering', async () => {
    const first = await get('/en');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-cache']).toBe('MISS');
    const renders = state().renders;
    const second = await get('/en');
    expect(second.headers['x-cache']).toBe('HIT');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(state().renders).toBe(renders);
    expect(second.headers['cache-control']).toBe('public, s-maxage=60, stale-while-revalidate=600');
    expect(second.headers.vary).toContain('Accept-Encoding');
  });

  it('keys by path and the parameters its route reads, so each language and each query has its own entry', async () => {
    await get('/tr');
    await get('/tr/search?keyword=a&page=2');
    const renders = state().renders;
    expect((await get('/tr')).headers['x-cache']).toBe('HIT');
    expect((await get('/tr/search?keyword=a&page=2')).headers['x-cache']).toBe('HIT');
    expect((await get('/tr/search?keyword=a&page=3')).headers['x-cache']).toBe('MISS');
    expect(state().renders).toBe(renders + 1);
  });

  it('sends gzip and brotli bodies that decode to the same HTML, each with its own strong ETag', async () => {
    const plain = await get('/');
    const gz = await get('/', { 'accept-encoding': 'gzip' });
    const br = await get('/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(gunzipSync(gz.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(br.rawPayload.length).toBeLessThan(gz.rawPayload.length);
    const tags = [plain, gz, br].map((r) => String(r.headers.etag));
    expect(new Set(tags).size).toBe(3);
    for (const tag of tags) expect(tag).toMatch(/^"[\w-]+"$/);
    // A refused encoding is not chosen.
    const noBr = await get('/', { 'accept-encoding': 'br;q=0, gzip' });
    expect(noBr.headers['content-encoding']).toBe('gzip');
  });

  it('answers 304 without a body when If-None-Match names the page in any encoding', async () => {
    const gz = await get('/en', { 'accept-encoding': 'gzip' });
    const revalidated = await get('/en', {
      'accept-encoding': 'br',
      'if-none-match': String(gz.headers.etag),
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);
    expect(revalidated.headers.etag).toMatch(/-br"$/);
    const stale = await get('/en', { 'if-none-match': '"something-else"' });
    expect(stale.statusCode).toBe(200);
  });

  it('refreshes the pages a content write touched: stale at once, fresh after one background render', async () => {
    const list = await call(
      t.app,
      'GET',
      '/api/factcheck?status=published&language=en&per_page=1',
      undefined,
      'anonymous',
    );
    const item = (list.body.data as { _id: string }[])[0]!;
    await get('/en');
    expect((await get('/en')).headers['x-cache']).toBe('HIT');
    const invalidated = state().cache!.stats().invalidated;
    const patched = await call(t.app, 'PATCH', `/api/factcheck/${item._id}`, [
      { op: 'replace', path: '/title', value: 'A renamed fact-check for the cache test' },
    ]);
    expect(patched.status).toBe(200);
    await vi.waitFor(() => expect(state().cache!.stats().invalidated).toBeGreaterThan(invalidated));
    const stale = await get('/en');
    expect(stale.headers['x-cache']).toBe('STALE');
    expect(stale.body).not.toContain('A renamed fact-check for the cache test');
    await state().cache!.settled();
    const fresh = await get('/en');
    expect(fresh.headers['x-cache']).toBe('HIT');
    expect(fresh.body).toContain('A renamed fact-check for the cache test');
  });

  it('never caches a preview: noindex, private, rendered every time', async () => {
    const url = '/factcheck/anything?draft=not-a-valid-token';
    await get(url);
    const renders = state().renders;
    const res = await get(url);
    expect(state().renders).toBe(renders + 1);
    expect(res.headers['x-cache']).toBeUndefined();
    expect(res.headers['x-robots-tag']).toContain('noindex');
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('never caches the back office', async () => {
    await get('/panel/dashboard');
    const renders = state().renders;
    const res = await get('/panel/dashboard');
    expect(state().renders).toBe(renders + 1);
    expect(res.headers['x-cache']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('sends the back office compressed for a browser that takes it (44 KB of HTML for a phone)', async () => {
    const plain = await get('/panel/login');
    // Compressed on the fly for one reader: brotli at quality 1 when the browser takes both, less
    // than half gzip 3's CPU for ~8 % more bytes (ADR 038).
    const both = await get('/panel/login', { 'accept-encoding': 'gzip, deflate, br' });
    const br = await get('/panel/login', { 'accept-encoding': 'br' });
    const gz = await get('/panel/login', { 'accept-encoding': 'gzip' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(both.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(both.rawPayload).equals(plain.rawPayload)).toBe(true);
    const quality1 = brotliTextParams(1, plain.rawPayload.length);
    expect(both.rawPayload.equals(brotliCompressSync(plain.rawPayload, { params: quality1 }))).toBe(true);
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(br.headers['cache-control']).toBe('private, no-store');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('<html');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('<html');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
  });

  it('never answers a request with credentials from the cache', async () => {
    await get('/');
    expect((await get('/')).headers['x-cache']).toBe('HIT');
    const res = await get('/', { authorization: 'Bearer x' });
    expect(res.headers['x-cache']).toBeUndefined();
    expect(res.headers['cache-control'] ?? '').not.toContain('public');
  });

  it('caches a not-found page briefly, with a 404 status', async () => {
    const first = await get('/en/no-such-page-for-the-cache');
    expect(first.statusCode).toBe(404);
    const second = await get('/en/no-such-page-for-the-cache');
    expect(second.statusCode).toBe(404);
    expect(second.headers['x-cache']).toBe('HIT');
    expect(second.headers['cache-control']).toBe('public, max-age=0, s-maxage=60');
  });

  it('renders a cold page once for concurrent requests', async () => {
    const renders = state().renders;
    const answers = await Promise.all(Array.from({ length: 8 }, () => get('/en/search?keyword=concurrent')));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(state().renders).toBe(renders + 1);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
  });

  it('sends a strict CSP that allows exactly the inline scripts of the page', async () => {
    const res = await get('/');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    const inline = [...res.body.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      (m) => m[2] && !/application\/(ld\+)?json/.test(m[1] ?? ''),
    );
    expect(inline.length).toBeGreaterThan(0);
    const { createHash } = await import('node:crypto');
    for (const m of inline) {
      expect(csp).toContain(`'sha256-${createHash('sha256').update(m[2]!, 'utf8').digest('base64')}'`);
    }
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('caches the sitemaps, robots.txt and RSS like pages', async () => {
    for (const url of [
      '/sitemap.xml',
      '/sitemap-ar.xml',
      '/robots.txt',
      '/en/rss.xml',
      '/category/fraud/rss.xml',
    ]) {
      const first = await get(url, { 'accept-encoding': 'br' });
      expect(first.statusCode).toBe(200);
      const second = await get(url, { 'accept-encoding': 'br' });
      expect(second.headers['x-cache']).toBe('HIT');
      expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(second.headers['cache-control']).toBe('public, s-maxage=60, stale-while-revalidate=600');
    }
  });

  it('serves built JavaScript compressed, with its immutable caching', async () => {
    await state().assetsReady;
    const html = (await get('/')).body;
    // The site script, the one script of a public page (ADR 056).
    const src = /<script src="(\/assets\/[^"]+\.js)" defer/.exec(html)?.[1];
    expect(src).toBeDefined();
    const res = await get(src!, { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await get(src!);
    expect(brotliDecompressSync(res.rawPayload).equals(plain.rawPayload)).toBe(true);
  });
});
