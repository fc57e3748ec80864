// Issue 13 / ADR 016: only what readers can see invalidates cached public pages, and only the pages
// that read it; invalidated pages are served stale while one background render refreshes them; an
// unpublish or delete is hard (never served, even stale). Two app instances share one database
// (PostgreSQL: each with its own connections; PGlite: the one embedded database) and agree through
// NOTIFY. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
import { openDb } from '@tabayyun/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { ContentChange } from '../src/modules/content/content-events.ts';
import { seedDemoContent } from '../src/modules/seed/seed.service.ts';
import { siteStateOf } from '../src/modules/site/site.plugin.ts';
import { ensureWebBuild, WEB_BUILD_TIMEOUT_MS } from '../src/modules/site/web-build.ts';
import { buildTestApp, call, signIn, type TestApp } from './build-test-app.ts';
import { PUBLISHABLE_FACTCHECK_FIELDS } from './factories.ts';

type Doc = Record<string, unknown> & { _id: string };

let t: TestApp;
let other: FastifyInstance;
let closeOther: () => Promise<void>;
/** Every change each instance heard, in order: a test waits for its writes to arrive. */
const heard = new Map<FastifyInstance, ContentChange[]>();

const cacheOf = (app: FastifyInstance) => siteStateOf(app)!.cache!;
const get = (app: FastifyInstance, url: string) =>
  app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
const page = async (app: FastifyInstance, url: string) => {
  const res = await app.inject({ method: 'GET', url });
  return { status: res.statusCode, cache: res.headers['x-cache'], body: res.body };
};

/**
 * Waits until both instances heard, since `before`, `count` changes of record `id` (their NOTIFYs
 * arrived), or only those that `match`.
 */
async function untilHeard(
  before: Map<FastifyInstance, number>,
  id: string,
  count = 1,
  match: (change: ContentChange) => boolean = () => true,
): Promise<void> {
  await vi.waitFor(
    () => {
      for (const [app, n] of before) {
        const changes = heard
          .get(app)!
          .slice(n)
          .filter((c) => c.id === id && match(c));
        expect(changes.length).toBeGreaterThanOrEqual(count);
      }
    },
    { timeout: 5000, interval: 10 },
  );
}
const touches = (change: ContentChange) => change.tags.length > 0;
const mark = () => new Map([...heard].map(([app, list]) => [app, list.length]));

let published: Doc[] = [];

/** A new fact-check copied from a published one (its author, category, language), as a draft. */
async function draftLike(source: Doc, title: string, overrides: Record<string, unknown> = {}): Promise<Doc> {
  const got = (await call(t.app, 'GET', `/api/factcheck/${source._id}`)).body;
  const full = (Array.isArray(got.data) ? got.data[0] : (got.data ?? got)) as Doc;
  const input: Record<string, unknown> = { ...full };
  for (const k of ['_id', '_version', 'createdAt', 'updatedAt', 'publishedAt', 'translation_id', 'reads']) {
    delete input[k];
  }
  // What the publish gate asks (ADR 039), the source's rating kept; its images described.
  const { category: _rating, ...gateFields } = PUBLISHABLE_FACTCHECK_FIELDS;
  const images = Array.isArray(full.images) ? (full.images as Doc[]) : [];
  Object.assign(input, {
    ...gateFields,
    images: images.map((image) => ({ ...image, meta: { ...(image.meta as object), alt: title } })),
    title,
    slug: `issue-13-${Math.random().toString(36).slice(2, 10)}`,
    status: 'draft',
    ...overrides,
  });
  const res = await call(t.app, 'POST', '/api/factcheck', input);
  expect([200, 201], JSON.stringify(res.body)).toContain(res.status);
  const body = res.body.data ?? res.body.document ?? res.body;
  return (Array.isArray(body) ? body[0] : body) as Doc;
}

const setStatus = (id: string, status: string) =>
  call(t.app, 'PATCH', `/api/factcheck/${id}`, [
    { op: 'replace', path: '/status', value: status },
    // Unpublishing needs a reason (ADR 039).
    ...(status === 'draft' ? [{ op: 'add', path: '/statusReason', value: 'Withdrawn for review' }] : []),
  ]);

const itemUrl = (doc: Doc) => `/en/factcheck/${encodeURIComponent(String(doc.slug))}`;

/** The English home page's count of published fact-checks in a rating category (its sidebar). */
function countOn(html: string, doc: Doc): number {
  const category = typeof doc.category === 'object' ? (doc.category as Doc)._id : String(doc.category);
  const found = new RegExp(
    `href="/en/category/${category}"[^>]*><span>[^<]*</span><strong>(\\d+)</strong>`,
  ).exec(html);
  if (!found) throw new Error(`no count of ${category} on the home page`);
  return Number(found[1]);
}

/** A writer with published English fact-checks, other than `author`: their page must not move. */
function otherWriter(author: string): string {
  const item = published.find((d) => String(d.author) !== author);
  if (!item) throw new Error('the demo content has one English writer only');
  return `/en/writer-news/${String(item.author)}`;
}

beforeAll(async () => {
  ensureWebBuild();
  t = await buildTestApp({ site: true, env: { SITE_CACHE: 'true', PUBLIC_URL: 'https://tabayyun.example' } });
  // The second instance: its own connections on PostgreSQL, the same embedded database on PGlite.
  const secondDb = t.database.url ? await openDb({ databaseUrl: t.database.url }) : t.database;
  other = await buildApp({ config: t.config, database: secondDb, logger: false, site: true });
  await other.ready();
  closeOther = async () => {
    await other.close();
    if (secondDb !== t.database) await secondDb.close();
  };
  for (const app of [t.app, other]) {
    heard.set(app, []);
    await app.services.events.subscribe((change) => heard.get(app)!.push(change));
  }
  await seedDemoContent({ db: t.database.db, resources: t.app.services.resources });
  await vi.waitFor(() => expect(cacheOf(t.app).stats().invalidations).toBeGreaterThan(0), {
    timeout: 10_000,
  });
  const list = await call(
    t.app,
    'GET',
    '/api/factcheck?status=published&language=en&per_page=50&sort_by=-publishedAt',
    undefined,
    'anonymous',
  );
  published = list.body.data as Doc[];
  expect(published.length).toBeGreaterThan(2);
}, WEB_BUILD_TIMEOUT_MS + 120_000);
afterAll(async () => {
  await closeOther?.();
  await t?.close();
});

describe('targeted invalidation', () => {
  it('a draft save, a feed change, a user change and a read count leave cached pages HITs', async () => {
    const item = published[0]!;
    const urls = ['/en', itemUrl(item), otherWriter('none'), '/sitemap-en.xml', '/en/rss.xml'];
    for (const app of [t.app, other]) for (const url of urls) await get(app, url);
    for (const app of [t.app, other]) {
      for (const url of urls) expect((await get(app, url)).headers['x-cache'], url).toBe('HIT');
    }
    const invalidated = [t.app, other].map((app) => cacheOf(app).stats().invalidated);
    const before = mark();

    const draft = await draftLike(item, 'Issue 13 draft that readers never see');
    const saved = await call(t.app, 'PATCH', `/api/factcheck/${draft._id}`, [
      { op: 'replace', path: '/title', value: 'Issue 13 draft, saved again' },
    ]);
    expect(saved.status).toBe(200);
    const feed = await call(t.app, 'POST', '/api/feed', {
      title: 'Issue 13 feed item',
      status: 'new',
      body: '<p>news</p>',
      description: 'feed',
    });
    expect([200, 201]).toContain(feed.status);
    const user = await signIn(t, ['editor']);
    const renamed = await call(t.app, 'PATCH', `/api/user/${user.sub}`, [
      { op: 'replace', path: '/name', value: 'Issue 13 editor' },
    ]);
    expect(renamed.status).toBe(200);
    const read = await call(t.app, 'POST', '/api/count/read', { _id: item._id }, 'anonymous');
    expect(read.status).toBe(200);
    // Draft created and saved, feed item created: three changes reach both instances (accounts are
    // written by their own service, which notifies nobody; read counts neither).
    await untilHeard(before, draft._id, 2);
    await untilHeard(before, String(feed.body._id));
    for (const app of [t.app, other]) {
      for (const change of heard.get(app)!.slice(before.get(app))) expect(change.tags).toEqual([]);
      for (const url of urls) expect((await get(app, url)).headers['x-cache'], url).toBe('HIT');
    }
    expect([t.app, other].map((app) => cacheOf(app).stats().invalidated)).toEqual(invalidated);
  });

  it('publishing shows the item on its page and the home page on both instances; another writer stays a HIT', async () => {
    const source = published[0]!;
    const title = `Issue 13 published ${Date.now()}`;
    const draft = await draftLike(source, title);
    const writer = otherWriter(String(draft.author));
    const urls = ['/en', itemUrl(draft), writer];
    const counted = new Map<FastifyInstance, number>();
    for (const app of [t.app, other]) {
      expect((await page(app, itemUrl(draft))).status).toBe(404);
      for (const url of urls) await get(app, url);
      for (const url of urls) expect((await get(app, url)).headers['x-cache'], url).toBe('HIT');
      counted.set(app, countOn((await page(app, '/en')).body, draft));
    }
    const before = mark();
    expect((await setStatus(draft._id, 'published')).status).toBe(200);
    await untilHeard(before, draft._id, 1, touches);

    for (const app of [t.app, other]) {
      // The first reader may get the page as it was (STALE) while it is refreshed in the background…
      const first = await page(app, '/en');
      expect(['STALE', 'MISS']).toContain(first.cache);
      await cacheOf(app).settled();
      // …the next one gets the fresh page, from the cache.
      const home = await page(app, '/en');
      expect(home.cache).toBe('HIT');
      expect(home.body).toContain(title);
      // Its rating's count too (kept in memory until a fact-check's write, ADR 031).
      expect(countOn(home.body, draft)).toBe(counted.get(app)! + 1);
      await page(app, itemUrl(draft));
      await cacheOf(app).settled();
      const item = await page(app, itemUrl(draft));
      expect(item.status).toBe(200);
      expect(item.cache).toBe('HIT');
      expect(item.body).toContain(title);
      expect((await get(app, writer)).headers['x-cache']).toBe('HIT');
    }
  });

  it('an edit of a published item refreshes its page, rendering it once for concurrent readers', async () => {
    const item = published[1]!;
    const url = itemUrl(item);
    await get(t.app, url);
    expect((await get(t.app, url)).headers['x-cache']).toBe('HIT');
    const renders = cacheOf(t.app).stats().renders;
    const before = mark();
    const title = `Issue 13 edited title ${Date.now()}`;
    const edited = await call(t.app, 'PATCH', `/api/factcheck/${item._id}`, [
      { op: 'replace', path: '/title', value: title },
    ]);
    expect(edited.status).toBe(200);
    await untilHeard(before, item._id, 1, touches);
    const answers = await Promise.all(Array.from({ length: 6 }, () => page(t.app, url)));
    expect(answers.every((a) => a.status === 200 && a.cache === 'STALE')).toBe(true);
    await cacheOf(t.app).settled();
    expect(cacheOf(t.app).stats().renders).toBe(renders + 1);
    const fresh = await page(t.app, url);
    expect(fresh.cache).toBe('HIT');
    expect(fresh.body).toContain(title);
  });

  it('a category change refreshes the pages that show it, and the categories kept in memory', async () => {
    for (const app of [t.app, other]) {
      await get(app, '/en');
      await cacheOf(app).settled();
      expect((await get(app, '/en')).headers['x-cache']).toBe('HIT');
    }
    const before = mark();
    const changed = await call(t.app, 'PATCH', '/api/category/fraud', [
      { op: 'replace', path: '/color', value: '#123457' },
    ]);
    expect(changed.status).toBe(200);
    await untilHeard(before, 'fraud', 1, touches);
    for (const app of [t.app, other]) {
      expect((await page(app, '/en')).cache).toBe('STALE');
      await cacheOf(app).settled();
      const fresh = await page(app, '/en');
      expect(fresh.cache).toBe('HIT');
      expect(fresh.body.toLowerCase()).toContain('#123457');
    }
  });
});

describe('readers never see what is not published', () => {
  it('a draft appears on no cached page, before or after it is saved again', async () => {
    const title = `Issue 13 secret draft ${Date.now()}`;
    const draft = await draftLike(published[0]!, title);
    const urls = [
      '/en',
      itemUrl(draft),
      `/en/writer-news/${String(draft.author)}`,
      '/sitemap-en.xml',
      '/en/rss.xml',
    ];
    const before = mark();
    await call(t.app, 'PATCH', `/api/factcheck/${draft._id}`, [
      { op: 'replace', path: '/description', value: title },
    ]);
    await untilHeard(before, draft._id);
    for (const app of [t.app, other]) {
      for (let round = 0; round < 2; round++) {
        for (const url of urls) {
          const res = await page(app, url);
          expect(res.body, url).not.toContain(title);
          // The item's own 404 names its address; every other page must not link it.
          if (url !== itemUrl(draft)) expect(res.body, url).not.toContain(String(draft.slug));
        }
        await cacheOf(app).settled();
      }
    }
  });

  // Deleting a published item is no longer a way out: it is refused (ADR 039,
  // workflow-transitions.test.ts); unpublishing is the one way a published item leaves.
  it.each([['unpublishing', (id: string) => setStatus(id, 'draft')]])(
    '%s is hard: within a second no instance serves the item, fresh or stale',
    async (_name, remove) => {
      const title = `Issue 13 to be removed ${Date.now()}`;
      const draft = await draftLike(published[0]!, title);
      let before = mark();
      expect((await setStatus(draft._id, 'published')).status).toBe(200);
      await untilHeard(before, draft._id, 1, touches);
      const url = itemUrl(draft);
      for (const app of [t.app, other]) {
        await page(app, url);
        await cacheOf(app).settled();
        const warm = await page(app, url);
        expect(warm.status).toBe(200);
        expect(warm.cache).toBe('HIT');
      }
      before = mark();
      expect((await remove(draft._id)).status).toBe(200);
      // The write has committed when its answer arrives.
      const started = Date.now();
      await untilHeard(before, draft._id, 1, (c) => c.hard);
      for (const app of [t.app, other]) {
        const res = await page(app, url);
        // A withdrawn item leaves a tombstone (410, issue 33 §4), never the cached page.
        expect(res.status).toBe(410);
        expect(res.body).toContain('data-testid="withdrawn"');
        expect(res.cache).not.toBe('HIT');
        expect(res.cache).not.toBe('STALE');
      }
      expect(Date.now() - started).toBeLessThan(1000);
    },
  );
});

describe('change events', () => {
  it('carry no tags for private resources and tags of both states for public ones', async () => {
    const before = mark();
    const draft = await draftLike(published[0]!, 'Issue 13 tags');
    await setStatus(draft._id, 'published');
    await untilHeard(before, draft._id, 2);
    const [created, publishedChange] = heard
      .get(other)!
      .slice(before.get(other))
      .filter((c) => c.id === draft._id);
    expect(created).toMatchObject({ resource: 'factcheck', id: draft._id, tags: [], hard: false });
    expect(publishedChange!.hard).toBe(false);
    expect(publishedChange!.tags).toEqual(
      expect.arrayContaining([
        'factcheck:*',
        'factcheck:*@en',
        `factcheck:_id=${draft._id}`,
        `factcheck:slug=${String(draft.slug)}@en`,
        `factcheck:author=${String(draft.author)}@en`,
      ]),
    );
  });
});
