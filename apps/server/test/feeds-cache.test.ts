// The partners' feeds with the site running (issue 36 §3, ADR 053): answered through the page
// cache like the site's pages (a second read is a HIT), and invalidated when what they list changes:
// a fact-check published appears once the stale entry is refreshed; unpublished, it leaves at once.
// Needs the web build (ensureWebBuild; WEB_BUILD_DIR picks the directory). PGlite or PostgreSQL.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureWebBuild, WEB_BUILD_TIMEOUT_MS } from '../src/modules/site/web-build.ts';
import { buildTestApp, call, type TestApp } from './build-test-app.ts';
import { buildFactcheck, createCriteria } from './factories.ts';

let t: TestApp;

beforeAll(async () => {
  ensureWebBuild();
  t = await buildTestApp({ site: true, env: { SITE_CACHE: 'true', PUBLIC_URL: 'https://tabayyun.example' } });
  await createCriteria(t.app);
  const first = await call(
    t.app,
    'POST',
    '/api/factcheck',
    buildFactcheck({ status: 'published', language: 'en' }),
  );
  expect(first.status, JSON.stringify(first.body)).toBe(200);
}, WEB_BUILD_TIMEOUT_MS + 60_000);
afterAll(() => t?.close());

const read = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, cache: res.headers['x-cache'], body: res.body };
};

describe('feeds through the page cache', () => {
  it('are cached, and dropped when a fact-check is published or withdrawn', async () => {
    const urls = ['/feeds/claimreview.json', '/en/feeds/factchecks.json', '/en/feeds/factchecks.xml'];
    for (const url of urls) {
      const first = await read(url);
      expect(first.status, url).toBe(200);
      const second = await read(url);
      expect(second.cache, url).toBe('HIT');
      expect(second.body).toBe(first.body);
    }
    const title = `Fresh verdict ${Date.now()}`;
    const made = await call(
      t.app,
      'POST',
      '/api/factcheck',
      buildFactcheck({ status: 'published', language: 'en', title }),
    );
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    // Every feed names the item by its address (the ClaimReview has no title, only the claim).
    const slug = String((made.body.document as { slug: string }).slug);
    const address = `https://tabayyun.example/en/factcheck/${encodeURIComponent(slug)}`;
    for (const url of urls) {
      const after = await read(url);
      expect(after.status, url).toBe(200);
      // A publish makes the entry stale (served once while it is refreshed: ADR 016), never a HIT.
      expect(after.cache, url).not.toBe('HIT');
      await vi.waitFor(async () => expect((await read(url)).body, url).toContain(address), {
        timeout: 5000,
        interval: 50,
      });
    }
    const withdrawn = await call(t.app, 'PATCH', `/api/factcheck/${made.body._id as string}`, [
      { op: 'replace', path: '/status', value: 'draft' },
      { op: 'add', path: '/statusReason', value: 'Withdrawn for review' },
    ]);
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
    // An unpublish drops the entries at once: no reader gets the withdrawn item again.
    for (const url of urls) expect((await read(url)).body, url).not.toContain(address);
  });
});
