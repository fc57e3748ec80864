// Issue 33 §4: a reader never sees a withdrawn page after the unpublish answer. The instance that
// writes drops its own cached pages before it answers (content-events.ts dispatches to its own
// listeners at once); other instances follow through NOTIFY. Before the fix, on PostgreSQL, a GET
// sent right after the 200 got the cached page (the NOTIFY came back ~100 ms later).
// Runs on PGlite, and on PostgreSQL with DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoContent } from '../src/modules/seed/seed.service.ts';
import { siteStateOf } from '../src/modules/site/site.plugin.ts';
import { ensureWebBuild, WEB_BUILD_TIMEOUT_MS } from '../src/modules/site/web-build.ts';
import { buildTestApp, call, type TestApp } from './build-test-app.ts';

type Doc = Record<string, unknown> & { _id: string };

let t: TestApp;
let published: Doc[] = [];

const page = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, cache: res.headers['x-cache'], body: res.body };
};
const itemUrl = (doc: Doc) => `/en/factcheck/${encodeURIComponent(String(doc.slug))}`;
/** Unpublishes with the reason the workflow requires (issue 33 §1). */
const unpublish = (id: string) =>
  call(t.app, 'PATCH', `/api/factcheck/${id}`, [
    { op: 'replace', path: '/status', value: 'draft' },
    { op: 'add', path: '/statusReason', value: 'Withdrawn for the read-after-write test.' },
  ]);

beforeAll(async () => {
  ensureWebBuild();
  t = await buildTestApp({ site: true, env: { SITE_CACHE: 'true', PUBLIC_URL: 'https://tabayyun.example' } });
  await seedDemoContent({ db: t.database.db, resources: t.app.services.resources });
  // The seed's own notifications arrive late on PostgreSQL: let them drop what they drop first.
  await new Promise((resolve) => setTimeout(resolve, 500));
  await siteStateOf(t.app)!.cache!.settled();
  const list = await call(
    t.app,
    'GET',
    '/api/factcheck?status=published&language=en&per_page=10&sort_by=-publishedAt',
    undefined,
    'anonymous',
  );
  published = list.body.data as Doc[];
  expect(published.length).toBeGreaterThan(3);
}, WEB_BUILD_TIMEOUT_MS + 120_000);
afterAll(async () => {
  await t?.close();
});

describe('read after write on the writing instance', () => {
  it('a GET right after the unpublish answer never gets the cached page', async () => {
    for (const item of published.slice(0, 3)) {
      const url = itemUrl(item);
      await page(url);
      const cached = await page(url);
      expect(cached.cache, url).toBe('HIT');
      expect(cached.status).toBe(200);
      const answer = await unpublish(item._id);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const after = await page(url);
      expect(after.status, `${url} right after the unpublish answer`).not.toBe(200);
      expect(after.cache).not.toBe('HIT');
      // Not the article: its tombstone (410) names it, but shows none of it.
      expect(after.body).not.toContain('class="post-title"');
    }
  });
});
