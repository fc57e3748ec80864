// Sitemaps of an archive larger than one page (issue 37, ADR 057): the index lists each language's
// first sitemap and then pages of SITEMAP_PAGE_ITEMS fact-checks or articles, each starting at the
// id its address names. Across a language's sitemaps every published item appears exactly once (no
// draft, no other language), no page holds more than a page's worth, the pages follow id order, an
// item on a later page still links its translations on other pages, and a page address that names
// nothing answers 404. Checked against the rows read straight from the tables.
import { sql } from '@tabayyun/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeoService, SITEMAP_PAGE_ITEMS } from '../src/modules/site/seo.service.ts';
import { ensureWebBuild, WEB_BUILD_TIMEOUT_MS } from '../src/modules/site/web-build.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';

const ORIGIN = 'https://tabayyun.example';
const N = SITEMAP_PAGE_ITEMS;
let t: TestApp;

/** Published Arabic fact-checks: two full pages and some; English ones, drafts and translations. */
const AR = 2 * N + 37;
const EN = N + 5;

interface Row {
  _id: string;
  slug: string;
  language: string;
  translation_id: string | null;
}

async function rows(table: 'factcheck' | 'article'): Promise<Row[]> {
  const result = await t.database.db.execute(
    sql.raw(
      `select _id, slug, language, translation_id from ${table} where status = 'published' order by _id`,
    ),
  );
  return result.rows as unknown as Row[];
}

const get = (url: string) => t.app.inject({ method: 'GET', url });
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
const itemLocs = (xml: string) => locs(xml).filter((loc) => /\/(factcheck|article)\//.test(loc));
const url = (resource: string, r: Row) =>
  `${ORIGIN}${r.language === 'ar' ? '' : `/${r.language}`}/${resource}/${encodeURIComponent(r.slug)}`;

beforeAll(async () => {
  ensureWebBuild();
  t = await buildTestApp({ site: true, env: { PUBLIC_URL: `${ORIGIN}/` } });
  // Ids are not in publication order (a later id may be older), and every seventh Arabic item has
  // an English translation, so translations sit on other pages than their originals.
  await t.database.db.execute(sql`
    insert into factcheck (_id, status, language, title, description, slug, published_at, created_at, updated_at)
    select 'aa' || lpad(to_hex(i), 22, '0'), case when i % 11 = 0 then 'draft' else 'published' end, 'ar',
      'تحقق ' || i, 'وصف', 'ar-' || i, timestamptz '2025-01-01' + ((i * 37) % 500) * interval '1 hour',
      now(), timestamptz '2025-06-01' + i * interval '1 minute'
    from generate_series(1, ${Math.ceil((AR * 11) / 10)}) i`);
  await t.database.db.execute(sql`
    insert into factcheck (_id, status, language, title, description, slug, translation_id, published_at, created_at, updated_at)
    select 'bb' || lpad(to_hex(i), 22, '0'), 'published', 'en', 'Check ' || i, 'Description', 'en-' || i,
      case when i % 7 = 0 then 'aa' || lpad(to_hex(i * 3), 22, '0') end,
      now(), now(), now()
    from generate_series(1, ${EN}) i`);
  await t.database.db.execute(sql`
    insert into article (_id, status, language, title, description, slug, published_at, created_at, updated_at)
    select 'cc' || lpad(to_hex(i), 22, '0'), 'published', 'ar', 'مقال ' || i, 'وصف', 'article-' || i,
      now(), now(), now()
    from generate_series(1, ${N + 3}) i`);
}, WEB_BUILD_TIMEOUT_MS + 120_000);
afterAll(() => t?.close());

describe('sitemaps in pages', () => {
  it('has a fixture of more than two pages of Arabic fact-checks, and translations across pages', async () => {
    const factchecks = await rows('factcheck');
    expect(factchecks.filter((r) => r.language === 'ar').length).toBeGreaterThan(2 * N);
    expect(factchecks.filter((r) => r.language === 'en').length).toBeGreaterThan(N);
    expect(factchecks.filter((r) => r.translation_id).length).toBeGreaterThan(10);
  });

  it('indexes each language first sitemap, then a page per SITEMAP_PAGE_ITEMS items from the id it names', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    const listed = locs(res.body);
    const factchecks = await rows('factcheck');
    const articles = await rows('article');
    const starts = (list: Row[], language: string) =>
      list.filter((r) => r.language === language).flatMap((r, i) => (i > 0 && i % N === 0 ? [r._id] : []));
    const expected = ['ar', 'en', 'tr'].flatMap((language) => [
      `${ORIGIN}/sitemap-${language}.xml`,
      ...starts(factchecks, language).map((id) => `${ORIGIN}/sitemap-${language}-factcheck-${id}.xml`),
      ...starts(articles, language).map((id) => `${ORIGIN}/sitemap-${language}-article-${id}.xml`),
    ]);
    expect(listed).toEqual(expected);
    // Two later pages of Arabic fact-checks, one of English ones, one of Arabic articles.
    expect(listed.filter((l) => l.includes('-factcheck-'))).toHaveLength(3);
    expect(listed.filter((l) => l.includes('-article-'))).toHaveLength(1);
  });

  it('lists every published item of a language once across its sitemaps, none of another language or unpublished', async () => {
    const index = locs((await get('/sitemap.xml')).body);
    const factchecks = await rows('factcheck');
    const articles = await rows('article');
    for (const language of ['ar', 'en', 'tr']) {
      const sitemaps = index.filter(
        (l) => l === `${ORIGIN}/sitemap-${language}.xml` || l.startsWith(`${ORIGIN}/sitemap-${language}-`),
      );
      const all: string[] = [];
      for (const sitemap of sitemaps) {
        const res = await get(sitemap.slice(ORIGIN.length));
        expect(res.statusCode, sitemap).toBe(200);
        expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
        const items = itemLocs(res.body);
        // A page holds at most a page of fact-checks and a page of articles (the first holds both).
        expect(items.length, sitemap).toBeLessThanOrEqual(2 * N);
        all.push(...items);
      }
      const published = [
        ...factchecks.filter((r) => r.language === language).map((r) => url('factcheck', r)),
        ...articles.filter((r) => r.language === language).map((r) => url('article', r)),
      ];
      expect(new Set(all).size).toBe(all.length);
      expect([...all].sort()).toEqual([...published].sort());
    }
    const drafts = await t.database.db.execute(sql`select slug from factcheck where status = 'draft'`);
    expect(drafts.rows.length).toBeGreaterThan(0);
  });

  it('gives a later page the items from its first id on, in id order, at most SITEMAP_PAGE_ITEMS', async () => {
    const arabic = (await rows('factcheck')).filter((r) => r.language === 'ar');
    const from = arabic[N]!;
    const res = await get(`/sitemap-ar-factcheck-${from._id}.xml`);
    expect(res.statusCode).toBe(200);
    expect(itemLocs(res.body)).toEqual(arabic.slice(N, 2 * N).map((r) => url('factcheck', r)));
    const last = await get(`/sitemap-ar-factcheck-${arabic[2 * N]!._id}.xml`);
    expect(itemLocs(last.body)).toEqual(arabic.slice(2 * N).map((r) => url('factcheck', r)));
    // The first page: static and taxonomy pages, then the first page of fact-checks and of articles.
    const first = await get('/sitemap-ar.xml');
    const articles = (await rows('article')).filter((r) => r.language === 'ar');
    expect(itemLocs(first.body)).toEqual([
      ...arabic.slice(0, N).map((r) => url('factcheck', r)),
      ...articles.slice(0, N).map((r) => url('article', r)),
    ]);
    expect(locs(first.body)).toContain(`${ORIGIN}/`);
  });

  it('links an item on a later page to its translation, wherever that is listed', async () => {
    const factchecks = await rows('factcheck');
    const arabic = factchecks.filter((r) => r.language === 'ar');
    const translation = factchecks.find(
      (r) => r.translation_id && arabic.findIndex((a) => a._id === r.translation_id) >= N,
    )!;
    expect(translation).toBeDefined();
    const original = arabic.find((a) => a._id === translation.translation_id)!;
    const at = arabic.indexOf(original);
    const page = at < N ? '/sitemap-ar.xml' : `/sitemap-ar-factcheck-${arabic[at - (at % N)]!._id}.xml`;
    const xml = (await get(page)).body;
    const entry = xml.split('<url>').find((u) => u.includes(`<loc>${url('factcheck', original)}</loc>`))!;
    expect(entry).toBeDefined();
    expect(entry).toContain(`hreflang="en" href="${url('factcheck', translation)}"`);
    expect(entry).toContain(`hreflang="ar" href="${url('factcheck', original)}"`);
    // And the other way: the English item links its Arabic original.
    const english = factchecks.filter((r) => r.language === 'en');
    const enAt = english.indexOf(translation);
    const enPage =
      enAt < N ? '/sitemap-en.xml' : `/sitemap-en-factcheck-${english[enAt - (enAt % N)]!._id}.xml`;
    const enEntry = (await get(enPage)).body
      .split('<url>')
      .find((u) => u.includes(`<loc>${url('factcheck', translation)}</loc>`))!;
    expect(enEntry).toContain(`hreflang="ar" href="${url('factcheck', original)}"`);
    // An item without a translation has no alternates.
    const alone = arabic.find((a) => !factchecks.some((r) => r.translation_id === a._id))!;
    const aloneEntry = (await get('/sitemap-ar.xml')).body
      .split('<url>')
      .find((u) => u.includes(`<loc>${url('factcheck', alone)}</loc>`))!;
    expect(aloneEntry).not.toContain('hreflang');
  });

  it('answers 404 for a page that names nothing, and still serves a page whose first item left', async () => {
    expect((await get('/sitemap-ar-factcheck-ffffffffffffffffffffffff.xml')).statusCode).toBe(404);
    expect((await get('/sitemap-ar-feed-aa0000000000000000000001.xml')).statusCode).toBe(404);
    expect((await get('/sitemap-ar-.xml')).statusCode).toBe(404);
    expect((await get('/sitemap-tr-factcheck-aa0000000000000000000001.xml')).statusCode).toBe(404);
    const arabic = (await rows('factcheck')).filter((r) => r.language === 'ar');
    const from = arabic[N]!;
    await t.database.db.execute(sql`update factcheck set status = 'draft' where _id = ${from._id}`);
    t.app.services.countCache.clear();
    const res = await get(`/sitemap-ar-factcheck-${from._id}.xml`);
    expect(res.statusCode).toBe(200);
    expect(itemLocs(res.body)).toEqual(arabic.slice(N + 1, 2 * N + 1).map((r) => url('factcheck', r)));
    await t.database.db.execute(sql`update factcheck set status = 'published' where _id = ${from._id}`);
  });

  it('finds the page starts of a language past one statement of the index (more than 5,000 items)', async () => {
    await t.database.db.execute(sql`
      insert into factcheck (_id, status, language, title, description, slug, published_at, created_at, updated_at)
      select 'dd' || lpad(to_hex(i), 22, '0'), case when i % 13 = 0 then 'review' else 'published' end, 'tr',
        'Doğrulama ' || i, 'Açıklama', 'tr-' || i, now(), now(), now()
      from generate_series(1, 5700) i`);
    const turkish = (await rows('factcheck')).filter((r) => r.language === 'tr');
    expect(turkish.length).toBeGreaterThan(5000);
    const seo = createSeoService({
      resources: t.app.services.resources,
      publicUrl: ORIGIN,
      productName: 'Tabayyun',
      disallow: [],
    });
    const index = locs(await seo.sitemapIndex()).filter((l) => l.startsWith(`${ORIGIN}/sitemap-tr`));
    expect(index).toEqual([
      `${ORIGIN}/sitemap-tr.xml`,
      ...turkish.flatMap((r, i) =>
        i > 0 && i % N === 0 ? [`${ORIGIN}/sitemap-tr-factcheck-${r._id}.xml`] : [],
      ),
    ]);
    await t.database.db.execute(sql`delete from factcheck where language = 'tr'`);
  });

  it('keeps one sitemap per language while each language fits one page (the service on its own)', async () => {
    const seo = createSeoService({
      resources: t.app.services.resources,
      publicUrl: ORIGIN,
      productName: 'Tabayyun',
      disallow: [],
    });
    const index = locs(await seo.sitemapIndex());
    expect(index.filter((l) => l.startsWith(`${ORIGIN}/sitemap-tr`))).toEqual([`${ORIGIN}/sitemap-tr.xml`]);
    expect(await seo.sitemapPage('tr', 'factcheck', 'aa0000000000000000000001')).toBeUndefined();
  });
});
