// Media-source runs against a real local HTTP server (no mocks of fetch), on PGlite or, with
// DATABASE_URL, on PostgreSQL: the right items appear once, re-runs add nothing, every failure
// has its scraping report and the run records hold the counts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from './build-test-app.ts';
import { create } from './factories.ts';
import {
  ATOM_ENTRIES,
  type FeedServer,
  JSON_ENTRIES,
  RSS_ENTRIES,
  SITE_ENTRIES,
  startFeedServer,
} from './monitoring-server.ts';

let t: TestApp;
let server: FeedServer;

beforeAll(async () => {
  server = await startFeedServer({ slowMs: 6000, hugeBytes: 512 * 1024 });
  t = await buildTestApp({
    env: {
      FETCH_ALLOW_HOSTS: '127.0.0.1',
      FETCH_TIMEOUT_MS: '2000',
      FETCH_MAX_BYTES: String(128 * 1024),
    },
  });
});
afterAll(async () => {
  await t?.close();
  await server?.close();
});

type Doc = Record<string, unknown> & { _id: string };

async function feedItems(sourceId: string): Promise<Doc[]> {
  const res = await call(t.app, 'GET', `/api/feed?mediaSource=${sourceId}&per_page=100`);
  expect(res.status).toBe(200);
  return res.body.data as Doc[];
}

async function reports(sourceId: string): Promise<Doc[]> {
  const res = await call(t.app, 'GET', `/api/scraping-report?mediaSource=${sourceId}&per_page=100`);
  expect(res.status).toBe(200);
  return res.body.data as Doc[];
}

async function runNow(sourceId: string) {
  const res = await call(t.app, 'POST', `/api/media-source/${sourceId}/run`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.document as Doc & { status: string; results: Record<string, number> };
}

describe('a media source with RSS, Atom, JSON Feed and an HTML page', () => {
  let sourceId: string;
  const good = () => [
    `${server.base}/rss.xml`,
    `${server.base}/atom.xml`,
    `${server.base}/feed.json`,
    `${server.base}/site/`,
  ];

  it('takes feeds, an interval and a switch through the media-source API', async () => {
    const res = await call(t.app, 'POST', '/api/media-source', {
      name: 'وكالة محلية',
      feeds: good(),
      pollInterval: 30,
      monitoringEnabled: true,
    });
    expect(res.status).toBe(200);
    const doc = res.body.document as Doc;
    expect(doc.feeds).toEqual(good());
    expect(doc.pollInterval).toBe(30);
    expect(doc.monitoringEnabled).toBe(true);
    sourceId = doc._id;

    const defaults = await create(t.app, 'media-source', { name: 'بلا خلاصات' });
    expect(defaults.document).toMatchObject({ feeds: [], pollInterval: 15, monitoringEnabled: true });
  });

  it('refuses feeds that are not http(s) addresses and intervals out of range, by field', async () => {
    const bad = await call(t.app, 'POST', '/api/media-source', {
      name: 'خطأ',
      feeds: ['ftp://example.org/feed', 'not a url'],
      pollInterval: 0,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(bad.body.details as object).sort()).toEqual(['feeds.0', 'feeds.1', 'pollInterval']);
  });

  it('a run turns every entry into one feed item in status new, with source, link, id and image', async () => {
    const run = await runNow(sourceId);
    const total = RSS_ENTRIES.length + ATOM_ENTRIES.length + JSON_ENTRIES.length + SITE_ENTRIES.length;
    expect(run.status).toBe('done');
    expect(run.results).toMatchObject({ feeds: 4, found: total, new: total, duplicates: 0, errors: 0 });
    expect(run.results.duration).toBeGreaterThanOrEqual(0);

    const items = await feedItems(sourceId);
    const titles = items.map((i) => i.title).sort();
    expect(titles).toEqual(
      [...RSS_ENTRIES, ...ATOM_ENTRIES, ...JSON_ENTRIES, ...SITE_ENTRIES].map((e) => e.title).sort(),
    );
    for (const item of items) {
      expect(item.status).toBe('new');
      expect(item.updateLog).toEqual([]);
      expect(item.mediaSource).toEqual([sourceId]);
      expect(item.entryId).toBeTruthy();
      expect(String(item.link)).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
      expect(item.publishedDate).toBeTruthy();
    }
    const rss = items.find((i) => i.title === RSS_ENTRIES[0]!.title)!;
    expect(rss.entryId).toBe('rss-1');
    // Body sanitised: the feed's <script> is gone, the paragraph stays.
    expect(rss.body).toContain('<p>');
    expect(rss.body).not.toContain('<script');
    expect(rss.description).toContain('تفاصيل');
    const [image] = rss.featuredImage as { path: string; mimetype: string }[];
    expect(image?.path).toMatch(/^storage\/news-feed\/.+\.png$/);
    expect(image?.mimetype).toBe('image/png');
    const served = await t.app.inject({ method: 'GET', url: `/${image!.path}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toContain('image/png');
    // An ingested item goes through the workflow like any other (its image record validates).
    const review = await call(t.app, 'PATCH', `/api/feed/${rss._id}`, [
      { op: 'replace', path: '/status', value: 'review' },
    ]);
    expect(review.status, JSON.stringify(review.body)).toBe(200);
    expect((review.body.document as Doc).featuredImage).toEqual(rss.featuredImage);

    const atom = items.find((i) => i.title === ATOM_ENTRIES[0]!.title)!;
    expect(atom.entryId).toBe('urn:atom:1');
    const json = items.find((i) => i.title === JSON_ENTRIES[1]!.title)!;
    expect(json.entryId).toBe('json-2');
    expect(await reports(sourceId)).toEqual([]);
  });

  it('a re-run adds nothing and counts every entry as a duplicate', async () => {
    const before = await feedItems(sourceId);
    const run = await runNow(sourceId);
    expect(run.results).toMatchObject({ new: 0, duplicates: before.length, found: before.length, errors: 0 });
    const after = await feedItems(sourceId);
    expect(after.map((i) => i._id).sort()).toEqual(before.map((i) => i._id).sort());
    expect(after.map((i) => i.updatedAt).sort()).toEqual(before.map((i) => i.updatedAt).sort());
  });

  it('the same title from the same source within a day is a duplicate, even with a new id and link', async () => {
    server.routes.set('/renamed.xml', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      // Same title spelled with other alef / ta marbuta forms and diacritics: it normalises the same.
      res.end(
        `<?xml version="1.0"?><rss version="2.0"><channel><title>x</title><item><title>انقطاع الكهرباء عن احياء واسعة في مدينه حَلَب</title><guid>other-guid</guid><link>${server.base}/elsewhere</link><pubDate>Tue, 24 Nov 2026 12:00:00 GMT</pubDate></item></channel></rss>`,
      );
    });
    const put = await call(t.app, 'PATCH', `/api/media-source/${sourceId}`, [
      { op: 'add', path: '/feeds/-', value: `${server.base}/renamed.xml` },
    ]);
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const run = await runNow(sourceId);
    expect(run.results.new).toBe(0);
    expect(run.results.duplicates).toBe(run.results.found);
  });

  it('within one feed: the same id, the same link or the same title within a day is stored once', async () => {
    const item = (guid: string, title: string, link: string, date: string) =>
      `<item><title>${title}</title><guid>${guid}</guid><link>${server.base}/${link}</link><pubDate>${date}</pubDate></item>`;
    server.routes.set('/repeats.xml', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      res.end(
        `<?xml version="1.0"?><rss version="2.0"><channel><title>x</title>${[
          item('rep-a', 'قصف على أطراف مدينة درعا', 'a', 'Mon, 23 Nov 2026 08:00:00 GMT'),
          // Same id as the first.
          item('rep-a', 'عنوان آخر تماماً', 'a2', 'Mon, 23 Nov 2026 08:05:00 GMT'),
          // Same link as the first.
          item('rep-b', 'عنوان ثالث مختلف', 'a', 'Mon, 23 Nov 2026 08:10:00 GMT'),
          // Same title in other spelling, two hours later.
          item('rep-c', 'قصف علي اطراف مدينه درعا', 'c', 'Mon, 23 Nov 2026 10:00:00 GMT'),
          // Same title three days later: a new story.
          item('rep-d', 'قصف على أطراف مدينة درعا', 'd', 'Thu, 26 Nov 2026 08:00:00 GMT'),
          // An entry repeated word for word.
          item('rep-e', 'وصول قافلة مساعدات إلى ريف حماة', 'e', 'Mon, 23 Nov 2026 09:00:00 GMT'),
          item('rep-e', 'وصول قافلة مساعدات إلى ريف حماة', 'e', 'Mon, 23 Nov 2026 09:00:00 GMT'),
        ].join('')}</channel></rss>`,
      );
    });
    const { _id } = await create(t.app, 'media-source', {
      name: 'خلاصة مكررة',
      feeds: [`${server.base}/repeats.xml`],
    });
    const run = await runNow(_id);
    expect(run.results).toMatchObject({ found: 7, new: 3, duplicates: 4, errors: 0 });
    const items = await feedItems(_id);
    expect(items.map((i) => i.entryId).sort()).toEqual(['rep-a', 'rep-d', 'rep-e']);
    expect(items.find((i) => i.entryId === 'rep-a')!.title).toBe('قصف على أطراف مدينة درعا');
    const again = await runNow(_id);
    expect(again.results).toMatchObject({ found: 7, new: 0, duplicates: 7, errors: 0 });
  });

  it('lists the runs of the source, newest first, with their counts', async () => {
    const res = await call(t.app, 'GET', `/api/media-source-run?mediaSource=${sourceId}&sort_by=-date`);
    expect(res.status).toBe(200);
    const runs = res.body.data as { status: string; results: { new: number } }[];
    expect(runs).toHaveLength(3);
    expect(runs.map((r) => r.status)).toEqual(['done', 'done', 'done']);
    expect(runs.map((r) => r.results.new)).toEqual([0, 0, 8]);
    const source = await call(t.app, 'GET', `/api/media-source/${sourceId}`);
    expect((source.body.data as Doc[])[0]!.lastRunAt).toBeTruthy();
  });
});

describe('failures: each writes a scraping report and the run goes on', () => {
  it('404, slow, malformed, oversized, redirect loop, redirect to a private address, not a feed', async () => {
    const failing = {
      [`${server.base}/missing.xml`]: 'http-error',
      [`${server.base}/slow.xml`]: 'timeout',
      [`${server.base}/malformed.xml`]: 'malformed',
      [`${server.base}/huge.xml`]: 'too-large',
      [`${server.base}/loop-a`]: 'redirect-loop',
      [`${server.base}/to-private`]: 'blocked-address',
      [`${server.base}/to-metadata`]: 'blocked-address',
      [`${server.base}/plain-page`]: 'not-a-feed',
      'http://10.0.0.1/feed.xml': 'blocked-address',
      'http://127.0.0.1:1/closed.xml': 'unreachable',
    };
    const { _id } = await create(t.app, 'media-source', {
      name: 'مصدر متعثر',
      // The good feed is last: the failures before it must not stop the run.
      feeds: [...Object.keys(failing), `${server.base}/feed.json`],
    });
    const started = Date.now();
    const run = await runNow(_id);
    expect(Date.now() - started).toBeLessThan(5500);
    expect(run.status).toBe('done');
    expect(run.results).toMatchObject({
      feeds: 11,
      errors: 10,
      found: JSON_ENTRIES.length,
      new: JSON_ENTRIES.length,
    });

    const found = await reports(_id);
    expect(found).toHaveLength(10);
    const byUrl = Object.fromEntries(found.map((r) => [r.url, r]));
    for (const [url, kind] of Object.entries(failing)) {
      const r = byUrl[url];
      expect(r, `report for ${url}`).toBeDefined();
      expect(r!.error, url).toBe(kind);
      expect(r!.status).toBe('failed');
      expect(r!.mediaSource).toBe(_id);
      expect(r!.mediaSourceRun).toBe(run._id);
      expect(String(r!.message).length).toBeGreaterThan(5);
      expect(new Date(String(r!.date)).getTime()).toBeGreaterThan(started - 1000);
    }
    expect(byUrl[`${server.base}/missing.xml`]!.details).toEqual({ httpStatus: 404 });
    expect(byUrl[`${server.base}/to-private`]!.details).toEqual({ failedUrl: 'http://10.0.0.1/feed.xml' });
    expect(String(byUrl[`${server.base}/to-private`]!.message)).toContain('10.0.0.1');
    expect((await feedItems(_id)).map((i) => i.title).sort()).toEqual(
      JSON_ENTRIES.map((e) => e.title).sort(),
    );
  });

  it('an entry whose image is missing or not an image is kept without it; each image failure is reported', async () => {
    server.routes.set('/bad-images.xml', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      res.end(`<?xml version="1.0"?><rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><title>x</title>
<item><title>صورة مفقودة</title><guid>img-404</guid><media:content url="${server.base}/img-missing.png" medium="image"/></item>
<item><title>صورة ليست صورة</title><guid>img-html</guid><media:content url="${server.base}/site/" medium="image"/></item>
</channel></rss>`);
    });
    const { _id } = await create(t.app, 'media-source', {
      name: 'صور معطوبة',
      feeds: [`${server.base}/bad-images.xml`],
    });
    const run = await runNow(_id);
    expect(run.status).toBe('done');
    // Each scraping report counts as an error of its run.
    expect(run.results).toMatchObject({ found: 2, new: 2, errors: 2 });
    const items = await feedItems(_id);
    expect(items.map((i) => i.featuredImage)).toEqual([[], []]);
    const byKind = Object.fromEntries((await reports(_id)).map((r) => [r.error, r.url]));
    expect(byKind).toEqual({
      'http-error': `${server.base}/img-missing.png`,
      'invalid-image': `${server.base}/site/`,
    });
  });

  it('an entry that cannot be stored is reported; the other entries of its feed are kept', async () => {
    // PostgreSQL text cannot hold U+0000: one entry carries it in its body, one in its title.
    server.routes.set('/nul.json', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/feed+json' });
      res.end(
        JSON.stringify({
          version: 'https://jsonfeed.org/version/1.1',
          title: 'x',
          items: [
            { id: 'nul-1', url: `${server.base}/n/1`, title: 'خبر سليم أول', content_html: '<p>نص</p>' },
            {
              id: 'nul-2',
              url: `${server.base}/n/2`,
              title: 'خبر بنص معطوب',
              content_html: '<p>a\u0000b</p>',
            },
            {
              id: 'nul-3',
              url: `${server.base}/n/3`,
              title: 'عنوان \u0000 معطوب',
              content_html: '<p>نص</p>',
            },
            { id: 'nul-4', url: `${server.base}/n/4`, title: 'خبر سليم ثان', content_html: '<p>نص</p>' },
          ],
        }),
      );
    });
    const { _id } = await create(t.app, 'media-source', {
      name: 'خلاصة معطوبة',
      feeds: [`${server.base}/nul.json`],
    });
    const run = await runNow(_id);
    expect(run.status).toBe('done');
    expect(run.results).toMatchObject({ found: 4, new: 2, duplicates: 0, errors: 2 });
    expect((await feedItems(_id)).map((i) => i.entryId).sort()).toEqual(['nul-1', 'nul-4']);
    const found = await reports(_id);
    expect(found.map((r) => [r.error, r.url])).toEqual([
      ['malformed', `${server.base}/nul.json`],
      ['malformed', `${server.base}/nul.json`],
    ]);
    expect(found.every((r) => String(r.message).startsWith('An entry could not be stored'))).toBe(true);
  });

  it('a source whose every feed fails closes its run as failed', async () => {
    const { _id } = await create(t.app, 'media-source', {
      name: 'مصدر معطل',
      feeds: [`${server.base}/missing.xml`],
    });
    const run = await runNow(_id);
    expect(run.status).toBe('failed');
    expect(run.results).toMatchObject({ feeds: 1, errors: 1, found: 0, new: 0 });
    expect(await reports(_id)).toHaveLength(1);
  });

  it('running an unknown source answers 404; a reader may not run sources', async () => {
    const missing = await call(t.app, 'POST', '/api/media-source/0123456789abcdef01234567/run');
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('NOT_FOUND');
    const { _id } = await create(t.app, 'media-source', { name: 'مصدر' });
    const denied = await call(t.app, 'POST', `/api/media-source/${_id}/run`, undefined, 'reader');
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe('FORBIDDEN');
  });
});
