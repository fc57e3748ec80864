// Issue 33 §3–4 on the public site, with the page cache on: a correction is a dated notice at the
// top of its item's page at once (rating changes name both verdicts; ar, en, tr) and moves the
// ClaimReview and NewsArticle dateModified; /corrections lists every correction of the language's
// published items, newest first, 20 a page, with RSS. An unpublished item leaves a 410 tombstone
// (withdrawn, when, the public reason) and leaves the sitemap, the RSS and the lists; republishing
// restores the page. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
import { sql } from '@tabayyun/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoContent } from '../src/modules/seed/seed.service.ts';
import { siteStateOf } from '../src/modules/site/site.plugin.ts';
import { ensureWebBuild, WEB_BUILD_TIMEOUT_MS } from '../src/modules/site/web-build.ts';
import { buildTestApp, call, type TestApp } from './build-test-app.ts';

type Doc = Record<string, unknown> & { _id: string };

let t: TestApp;
const published: Record<'ar' | 'en' | 'tr', Doc[]> = { ar: [], en: [], tr: [] };
let categories: Doc[] = [];

const page = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, cache: res.headers['x-cache'], body: res.body, headers: res.headers };
};
const prefix = (language: string) => (language === 'ar' ? '' : `/${language}`);
const itemUrl = (doc: Doc, kind = 'factcheck') =>
  `${prefix(String(doc.language))}/${kind}/${encodeURIComponent(String(doc.slug))}`;
const getOne = async (id: string): Promise<Doc> =>
  ((await call(t.app, 'GET', `/api/factcheck/${id}`)).body.data as Doc[])[0]!;
const jsonLd = (html: string): Doc[] =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Doc,
  );
const addCorrection = async (item: Doc, body: Record<string, unknown>) => {
  const res = await call(t.app, 'POST', '/api/correction', {
    item: item._id,
    itemType: 'factcheck',
    type: 'correction',
    note: 'A note',
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { document: Doc }).document;
};
const categoryOf = (doc: Doc) =>
  typeof doc.category === 'object' ? (doc.category as Doc)?._id : doc.category;
/** A top rating other than the item's. */
const otherRating = (doc: Doc) =>
  categories.find((c) => c.parent === 'criteria' && c._id !== categoryOf(doc))!;

beforeAll(async () => {
  ensureWebBuild();
  t = await buildTestApp({ site: true, env: { SITE_CACHE: 'true', PUBLIC_URL: 'https://tabayyun.example' } });
  await seedDemoContent({ db: t.database.db, resources: t.app.services.resources });
  for (const language of ['ar', 'en', 'tr'] as const) {
    const list = await call(
      t.app,
      'GET',
      `/api/factcheck?status=published&language=${language}&per_page=40&sort_by=-publishedAt`,
      undefined,
      'anonymous',
    );
    published[language] = (list.body.data as Doc[]).filter((d) => d.category);
  }
  categories = (await call(t.app, 'GET', '/api/category?path=/criteria/*&per_page=200')).body.data as Doc[];
  expect(published.en.length).toBeGreaterThan(7);
  expect(published.ar.length).toBeGreaterThan(3);
}, WEB_BUILD_TIMEOUT_MS + 120_000);
afterAll(async () => {
  await t?.close();
});

describe('the notice on the item’s page', () => {
  it('a rating change shows at once, naming both verdicts, and moves dateModified (en)', async () => {
    const item = published.en[0]!;
    const url = itemUrl(item);
    await page(url);
    expect((await page(url)).cache).toBe('HIT');
    const to = otherRating(item);
    const from = categories.find((c) => c._id === categoryOf(item))!;
    const made = await addCorrection(item, {
      type: 'rating-change',
      toCategory: to._id,
      note: 'A second source showed the video is from 2019.',
    });
    const after = await page(url);
    expect(after.status).toBe(200);
    expect(after.cache).not.toBe('HIT');
    expect(after.body).toContain('data-testid="correction-notice"');
    expect(after.body).toContain('Rating changed');
    expect(after.body).toContain(
      `The rating changed from “${String(from.nameEn ?? from.name)}” to “${String(to.nameEn ?? to.name)}”.`,
    );
    expect(after.body).toContain('A second source showed the video is from 2019.');
    expect(after.body).toContain(`id="correction-${made._id}"`);
    // The notice sits above the title.
    expect(after.body.indexOf('data-testid="correction-notices"')).toBeLessThan(
      after.body.indexOf('class="post-title"'),
    );
    const stored = await getOne(item._id);
    const modified = new Date(String(stored.updatedAt)).toISOString();
    const ld = jsonLd(after.body);
    const claimReview = ld.find((l) => l['@type'] === 'ClaimReview')!;
    const article = ld.find((l) => l['@type'] === 'NewsArticle')!;
    expect(claimReview.dateModified).toBe(modified);
    expect(article.dateModified).toBe(modified);
    expect((claimReview.reviewRating as Doc).alternateName).toBe(String(to.nameEn ?? to.name));
  });

  it('in Arabic and Turkish, in the page’s words', async () => {
    const ar = published.ar[0]!;
    await page(itemUrl(ar));
    await addCorrection(ar, { type: 'clarification', note: 'أوضحنا مصدر الصورة.' });
    const arPage = await page(itemUrl(ar));
    expect(arPage.body).toContain('توضيح');
    expect(arPage.body).toContain('أوضحنا مصدر الصورة.');
    const tr = published.tr[0];
    if (tr) {
      await addCorrection(tr, { type: 'update', note: 'Bakanlığın yanıtı eklendi.' });
      const trPage = await page(itemUrl(tr));
      expect(trPage.body).toContain('Güncelleme');
      expect(trPage.body).toContain('Bakanlığın yanıtı eklendi.');
    }
    const trList = await page('/tr/corrections');
    expect(trList.status).toBe(200);
    expect(trList.body).toContain('Düzeltmeler');
    const arList = await page('/corrections');
    expect(arList.body).toContain('أوضحنا مصدر الصورة.');
  });
});

describe('/corrections and its RSS', () => {
  it('lists every correction of the language, newest first, 20 a page, and the feed follows', async () => {
    await page('/en/corrections');
    await page('/en/corrections/rss.xml');
    expect((await page('/en/corrections')).cache).toBe('HIT');
    const made: Doc[] = [];
    // 22 corrections over five items (an item may have several).
    const items = published.en.slice(1, 6);
    for (let i = 0; i < 22; i++) {
      made.push(
        await addCorrection(items[i % 5]!, { type: 'correction', note: `Correction number ${i + 1}.` }),
      );
    }
    const first = await page('/en/corrections');
    expect(first.status).toBe(200);
    expect(first.cache).not.toBe('HIT');
    const entries = [...first.body.matchAll(/data-testid="correction-entry"/g)];
    expect(entries.length).toBe(20);
    // Newest first: number 22 before 21, … on page 1; page 2 holds the oldest.
    expect(first.body.indexOf('Correction number 22.')).toBeLessThan(
      first.body.indexOf('Correction number 21.'),
    );
    expect(first.body).not.toContain('Correction number 2.<');
    const second = await page('/en/corrections?page=2');
    expect(second.body).toContain('Correction number 2.');
    expect(second.body).toContain('Correction number 1.');
    // No Arabic correction on the English list.
    expect(first.body).not.toContain('أوضحنا مصدر الصورة.');
    expect(first.body).toContain('href="/en/corrections/rss.xml"');

    const rss = await page('/en/corrections/rss.xml');
    expect(rss.status).toBe(200);
    expect(rss.headers['content-type']).toContain('application/rss+xml');
    const links = [...rss.body.matchAll(/<link>([^<]+)<\/link>/g)].map((m) => m[1]);
    const newest = made.at(-1)!;
    expect(links).toContain(`https://tabayyun.example${itemUrl(items[21 % 5]!)}#correction-${newest._id}`);
    expect(rss.body.indexOf('Correction number 22.')).toBeLessThan(rss.body.indexOf('Correction number 21.'));
    expect(rss.body).toContain('<title>Correction: ');
  });
});

describe('withdrawn items', () => {
  it('answer 410 with a tombstone, leave the sitemap, the RSS, the lists and the corrections; republishing restores them', async () => {
    const item = published.en[6]!;
    const url = itemUrl(item);
    await addCorrection(item, { note: 'The correction of a later withdrawn item.' });
    for (const address of [url, '/en', '/en/rss.xml', '/sitemap-en.xml', '/en/corrections'])
      await page(address);
    const absolute = `https://tabayyun.example${url}`;
    expect((await page('/sitemap-en.xml')).body).toContain(absolute);
    expect((await page('/en/rss.xml')).body).toContain(absolute);

    const reason = 'The only witness withdrew his statement.';
    const unpublished = await call(t.app, 'PATCH', `/api/factcheck/${item._id}`, [
      { op: 'replace', path: '/status', value: 'draft' },
      { op: 'add', path: '/statusReason', value: reason },
    ]);
    expect(unpublished.status, JSON.stringify(unpublished.body)).toBe(200);
    // The workflow (issue 33 §1) stamps withdrawnAt and keeps the reason; until it does on every
    // path, the record is stamped here as it would be: this test is about the site.
    await t.database.db.execute(
      sql`update factcheck set withdrawn_at = coalesce(withdrawn_at, now()),
        status_reason = coalesce(status_reason, ${reason}) where _id = ${item._id}`,
    );
    const stored = await getOne(item._id);
    expect(stored.withdrawnAt).toBeTruthy();

    const tombstone = await page(url);
    expect(tombstone.status).toBe(410);
    expect(tombstone.body).toContain('data-testid="withdrawn"');
    expect(tombstone.body).toContain('This page was withdrawn');
    expect(tombstone.body).toContain('We withdrew this fact-check on ');
    expect(tombstone.body).toContain(reason);
    expect(tombstone.body).toContain('noindex');
    expect(jsonLd(tombstone.body)).toEqual([]);
    // Arabic words on an Arabic address: the English item is not there (404).
    expect((await page(`/factcheck/${encodeURIComponent(String(item.slug))}`)).status).toBe(404);

    for (const address of ['/sitemap-en.xml', '/en/rss.xml', '/en']) {
      const res = await page(address);
      expect(res.body, address).not.toContain(absolute);
      expect(res.body, address).not.toContain(url);
    }
    expect((await page('/en/corrections')).body).not.toContain('The correction of a later withdrawn item.');
    expect((await page('/en/corrections/rss.xml')).body).not.toContain(
      'The correction of a later withdrawn item.',
    );

    // Published again through the publish gate (issue 33 §2): a claim summary and an acknowledged source.
    const republished = await call(t.app, 'PATCH', `/api/factcheck/${item._id}`, [
      { op: 'add', path: '/claimSummary', value: 'A video said to show a flood in Aleppo' },
      { op: 'add', path: '/sources', value: '<p>https://example.org/the-claim</p>' },
      { op: 'add', path: '/evidenceAcknowledged', value: ['https://example.org/the-claim'] },
      { op: 'replace', path: '/status', value: 'published' },
    ]);
    expect(republished.status, JSON.stringify(republished.body)).toBe(200);
    await siteStateOf(t.app)!.cache!.settled();
    const restored = await page(url);
    expect(restored.status).toBe(200);
    expect(restored.body).toContain('class="post-title"');
    expect(restored.body).toContain('The correction of a later withdrawn item.');
    for (const address of ['/sitemap-en.xml', '/en/rss.xml']) {
      await page(address);
      await siteStateOf(t.app)!.cache!.settled();
      expect((await page(address)).body, address).toContain(absolute);
    }
  });

  it('a draft that was never published stays a 404', async () => {
    const res = await page('/en/factcheck/never-published-anything');
    expect(res.status).toBe(404);
  });
});
