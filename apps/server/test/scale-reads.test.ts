// The reads issue 37 made independent of the archive's size must answer exactly what they answered
// before (the same items, order and totals): each query below is checked against the rows read
// straight from the table and filtered, sorted and counted here, in plain code, so any index,
// count or paging strategy behind them has to agree with the obvious meaning of the query.
import { sql } from '@tabayyun/db';
import { ANONYMOUS_ACTOR } from '@tabayyun/permissions';
import { parseQuery } from '@tabayyun/query';
import { normalizeForSearch } from '@tabayyun/text';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReferenceCache } from '../src/modules/site/reference-cache.ts';
import { createSeoService } from '../src/modules/site/seo.service.ts';
import { buildTestApp, call, type TestApp } from './build-test-app.ts';
import { buildFactcheck, create, createCriteria } from './factories.ts';

interface Row {
  _id: string;
  status: string;
  language: string;
  category: string | null;
  evaluationCategories: string[];
  tags: string[];
  topic: string[];
  author: string | null;
  title: string;
  titleN: string;
  claimsN: string;
  againstN: string;
  conclusionN: string;
  publishedAt: number | null;
  updatedAt: number;
  reads: number;
}

let t: TestApp;
let rows: Row[] = [];
const authors: string[] = [];

/** Items of three languages and four statuses, dates with ties, Aleppo in some titles and claims. */
beforeAll(async () => {
  t = await buildTestApp();
  await createCriteria(t.app);
  for (const name of ['كاتب أول', 'كاتبة ثانية']) authors.push((await create(t.app, 'author', { name }))._id);
  const statuses = ['published', 'published', 'published', 'draft', 'published', 'review'];
  for (let i = 0; i < 46; i++) {
    const status = statuses[i % statuses.length]!;
    const aleppo = i % 5 === 0;
    await create(
      t.app,
      'factcheck',
      buildFactcheck({
        status,
        language: i % 9 === 4 ? 'en' : 'ar',
        title: aleppo ? `شائعة رقم ${i} عن مدينة حَلَب` : `ادعاء رقم ${i} عن دمشق`,
        claims: i % 7 === 3 ? '<p>قيل إن الخبر من حلب</p>' : '<p>قيل إن الخبر من حمص</p>',
        category: i % 3 === 0 ? 'confirmed' : 'fabricated',
        evaluation: i % 4 === 1 ? [{ category: 'manipulated', score: -1, description: 'معدل' }] : [],
        tags: i % 6 === 0 ? ['featured'] : i % 6 === 2 ? ['most-read'] : [],
        topic: i % 2 === 0 ? ['health'] : [],
        reads: (i * 37) % 11,
        author: authors[i % 2],
      }),
    );
  }
  // Spread the publication dates over two years, with ties (every third item shares its
  // neighbour's time), so the tie-break by id is part of what is pinned.
  await t.database.db.execute(sql`
    update factcheck set published_at = timestamptz '2025-01-01' + (((('x' || right(_id, 6))::bit(24)::int) / 3) % 700) * interval '1 day'
    where status = 'published'`);
  await t.database.db.execute(sql`
    update factcheck set updated_at = timestamptz '2025-06-01' + (((('x' || right(_id, 6))::bit(24)::int) / 2) % 300) * interval '1 hour'`);
  const result = await t.database.db.execute(sql`
    select _id, status, language, category, evaluation_categories, tags, topic, author, title,
      title_normalized, claims_normalized, against_claim_normalized, conclusion_normalized,
      published_at, updated_at, reads from factcheck`);
  rows = (result.rows as Record<string, unknown>[]).map((r) => ({
    _id: String(r._id),
    status: String(r.status),
    language: String(r.language),
    category: (r.category as string | null) ?? null,
    evaluationCategories: (r.evaluation_categories as string[]) ?? [],
    tags: (r.tags as string[]) ?? [],
    topic: (r.topic as string[]) ?? [],
    author: (r.author as string | null) ?? null,
    title: String(r.title),
    titleN: String(r.title_normalized),
    claimsN: String(r.claims_normalized),
    againstN: String(r.against_claim_normalized),
    conclusionN: String(r.conclusion_normalized),
    publishedAt: r.published_at ? new Date(r.published_at as string).getTime() : null,
    updatedAt: new Date(r.updated_at as string).getTime(),
    reads: Number(r.reads),
  }));
}, 120_000);
afterAll(() => t.close());

type Key = 'publishedAt' | 'updatedAt' | 'reads';
/** `ORDER BY key DESC, _id DESC` (nulls first, as PostgreSQL orders DESC). */
const newestFirst = (key: Key) => (a: Row, b: Row) => {
  const x = a[key];
  const y = b[key];
  if (x !== y) {
    if (x === null) return -1;
    if (y === null) return 1;
    return y - x;
  }
  return a._id < b._id ? 1 : a._id > b._id ? -1 : 0;
};

function expected(filter: (r: Row) => boolean, key: Key, perPage: number, page: number) {
  const all = rows.filter(filter).sort(newestFirst(key));
  return { ids: all.slice((page - 1) * perPage, page * perPage).map((r) => r._id), total: all.length };
}

async function answered(url: string, actor: 'anonymous' | 'superAdmin' = 'anonymous') {
  const res = await call(t.app, 'GET', url, undefined, actor);
  expect(res.status, url).toBe(200);
  return { ids: (res.body.data as { _id: string }[]).map((d) => d._id), total: res.body.total as number };
}

const published =
  (language = 'ar') =>
  (r: Row) =>
    r.status === 'published' && r.language === language;
const contains = (text: string, word: string) => text.includes(normalizeForSearch(word));
const q = (params: Record<string, string>) =>
  new URLSearchParams(params).toString().replaceAll('%7C', '|').replaceAll('%3D', '=');

describe('reads pinned before the scale work (issue 37): items, order and totals', () => {
  it('has a fixture with enough of each kind to mean something', () => {
    expect(rows.filter(published()).length).toBeGreaterThan(20);
    expect(rows.filter((r) => published()(r) && contains(r.titleN, 'حلب')).length).toBeGreaterThan(3);
  });

  it('the public newest-first list, page by page (the home and the API list)', async () => {
    for (const page of [1, 2, 3, 4]) {
      const url = `/api/factcheck?${q({ language: 'ar', sort_by: '-publishedAt', per_page: '9', page: String(page) })}`;
      expect(await answered(url)).toEqual(expected(published(), 'publishedAt', 9, page));
    }
    const url = `/api/factcheck?${q({ status: 'published', sort_by: '-publishedAt', per_page: '9', lookup: 'author;category' })}`;
    expect(await answered(url)).toEqual(expected((r) => r.status === 'published', 'publishedAt', 9, 1));
  });

  it('a category page: the category or its evaluations, every page', async () => {
    const inCategory = (r: Row) =>
      published()(r) &&
      (r.category === 'fraud' ||
        r.evaluationCategories.some((c) => ['fraud', 'fabricated', 'manipulated'].includes(c)));
    for (const page of [1, 2, 3, 40]) {
      const url = `/api/factcheck?${q({
        category: 'fraud|evaluation.category={in}fraud,fabricated,manipulated',
        language: 'ar',
        sort_by: '-publishedAt',
        per_page: '9',
        page: String(page),
      })}`;
      expect(await answered(url)).toEqual(expected(inCategory, 'publishedAt', 9, page));
    }
    for (const category of ['fabricated', 'confirmed']) {
      const url = `/api/factcheck?${q({ category, language: 'ar', sort_by: '-publishedAt', per_page: '9', page: '2' })}`;
      expect(await answered(url)).toEqual(
        expected((r) => published()(r) && r.category === category, 'publishedAt', 9, 2),
      );
    }
  });

  it('the site search: title or the three claim fields, normalised, newest first', async () => {
    const word = 'حلب';
    const matches = (r: Row) =>
      published()(r) && [r.titleN, r.claimsN, r.againstN, r.conclusionN].some((text) => contains(text, word));
    for (const page of [1, 2]) {
      const url = `/api/factcheck?${q({
        title: `*${word}*|claimsNormalized=*${word}*|againstClaimNormalized=*${word}*|conclusionNormalized=*${word}*`,
        language: 'ar',
        sort_by: '-publishedAt',
        per_page: '9',
        page: String(page),
      })}`;
      expect(await answered(url)).toEqual(expected(matches, 'publishedAt', 9, page));
    }
  });

  it('the API wildcards on the title and a normalised field', async () => {
    const title = `/api/factcheck?${q({ status: 'published', title: '*حلب*', per_page: '9' })}`;
    expect(await answered(title)).toEqual(
      expected((r) => r.status === 'published' && contains(r.titleN, 'حلب'), 'publishedAt', 9, 1),
    );
    const claims = `/api/factcheck?${q({ status: 'published', claimsNormalized: '*حلب*', per_page: '9', sort_by: '-publishedAt' })}`;
    expect(await answered(claims)).toEqual(
      expected((r) => r.status === 'published' && contains(r.claimsN, 'حلب'), 'publishedAt', 9, 1),
    );
  });

  it("the panel's list and its table search, with totals, every status", async () => {
    for (const page of [1, 2]) {
      const url = `/api/factcheck?${q({ sort_by: '-updatedAt', per_page: '25', page: String(page) })}`;
      expect(await answered(url, 'superAdmin')).toEqual(expected(() => true, 'updatedAt', 25, page));
    }
    const search = `/api/factcheck?${q({ sort_by: '-updatedAt', per_page: '25', title: '*حلب*|claimsNormalized=*حلب*' })}`;
    expect(await answered(search, 'superAdmin')).toEqual(
      expected((r) => contains(r.titleN, 'حلب') || contains(r.claimsN, 'حلب'), 'updatedAt', 25, 1),
    );
  });

  it("the home page's tagged lists, topic and writer lists", async () => {
    const tagged = `/api/factcheck?${q({ tags: 'featured', language: 'ar', sort_by: '-publishedAt', per_page: '5' })}`;
    expect(await answered(tagged)).toEqual(
      expected((r) => published()(r) && r.tags.includes('featured'), 'publishedAt', 5, 1),
    );
    const mostRead = `/api/factcheck?${q({ tags: 'most-read', language: 'ar', sort_by: '-reads', per_page: '3' })}`;
    expect(await answered(mostRead)).toEqual(
      expected((r) => published()(r) && r.tags.includes('most-read'), 'reads', 3, 1),
    );
    const topic = `/api/factcheck?${q({ topic: 'health', language: 'ar', sort_by: '-publishedAt', per_page: '9', page: '2' })}`;
    expect(await answered(topic)).toEqual(
      expected((r) => published()(r) && r.topic.includes('health'), 'publishedAt', 9, 2),
    );
    const writer = `/api/factcheck?${q({ author: authors[1]!, language: 'ar', sort_by: '-publishedAt', per_page: '9' })}`;
    expect(await answered(writer)).toEqual(
      expected((r) => published()(r) && r.author === authors[1], 'publishedAt', 9, 1),
    );
  });

  it('the per-rating counts of the home page, and after an item leaves a rating', async () => {
    const countsOf = async () => {
      const res = await call(t.app, 'GET', '/api/count/category?language=ar', undefined, 'anonymous');
      expect(res.status).toBe(200);
      return Object.fromEntries(
        (res.body.data as { _id: string; count: number }[]).map((c) => [c._id, c.count]),
      );
    };
    const byHand = () => ({
      confirmed: rows.filter((r) => published()(r) && r.category === 'confirmed').length,
      fraud: rows.filter((r) => published()(r) && r.category === 'fraud').length,
    });
    expect(await countsOf()).toEqual(byHand());
    // An edit that moves an item to another rating changes both counts at once.
    const moved = rows.find((r) => published()(r) && r.category === 'confirmed')!;
    const res = await call(t.app, 'PATCH', `/api/factcheck/${moved._id}`, [
      { op: 'replace', path: '/category', value: 'fraud' },
    ]);
    expect(res.status).toBe(200);
    moved.category = 'fraud';
    expect(await countsOf()).toEqual(byHand());
  });
});

describe('a bounded total (the public search, issue 37)', () => {
  const searchQuery = (page: number) =>
    parseQuery(
      q({
        title: '*حلب*|claimsNormalized=*حلب*|againstClaimNormalized=*حلب*|conclusionNormalized=*حلب*',
        language: 'ar',
        sort_by: '-publishedAt',
        per_page: '3',
        page: String(page),
      }),
    );
  const matching = (r: Row) =>
    published()(r) && [r.titleN, r.claimsN, r.againstN, r.conclusionN].some((text) => contains(text, 'حلب'));

  it('gives the same page, and says the total is at least the bound when more match', async () => {
    const all = expected(matching, 'publishedAt', 3, 2);
    expect(all.total).toBeGreaterThan(4);
    const bounded = await t.app.services.resources.list({
      actor: ANONYMOUS_ACTOR,
      resource: 'factcheck',
      query: searchQuery(2),
      countAtMost: 4,
    });
    expect(bounded.data.map((d) => d._id)).toEqual(all.ids);
    expect({ total: bounded.total, totalAtLeast: bounded.totalAtLeast }).toEqual({
      total: 4,
      totalAtLeast: true,
    });
  });

  it('says so through the reference cache of the site too (card lists fill their authors from memory)', async () => {
    const all = expected(matching, 'publishedAt', 3, 2);
    const query = searchQuery(2);
    query.lookup = ['author'];
    const site = createReferenceCache().wrap(t.app.services.resources);
    const bounded = await site.list({ actor: ANONYMOUS_ACTOR, resource: 'factcheck', query, countAtMost: 4 });
    expect(bounded.data.map((d) => d._id)).toEqual(all.ids);
    expect(bounded).toMatchObject({ total: 4, totalAtLeast: true });
  });

  it('gives the exact total when the bound is not reached', async () => {
    const all = expected(matching, 'publishedAt', 3, 1);
    const bounded = await t.app.services.resources.list({
      actor: ANONYMOUS_ACTOR,
      resource: 'factcheck',
      query: searchQuery(1),
      countAtMost: all.total,
    });
    expect(bounded.data.map((d) => d._id)).toEqual(all.ids);
    expect(bounded.total).toBe(all.total);
    expect(bounded.totalAtLeast).toBeUndefined();
  });
});

describe('sitemaps and feeds of a large archive (issue 37)', () => {
  it('lists every published item once across the sitemap pages, past many pages with shared timestamps; RSS newest first', async () => {
    // 1,300 more published items, copied in SQL: every fifth shares its timestamp with the next,
    // down to the millisecond, and the database keeps microseconds the API does not show.
    await t.database.db.execute(sql`
      insert into factcheck (_id, status, language, title, description, slug, category, published_at, created_at, updated_at)
      select 'ee' || lpad(to_hex(i), 22, '0'), 'published', 'ar', 'نسخة ' || i, 'وصف', 'copy-' || i, 'fabricated',
        timestamptz '2024-01-01' + (i / 5) * interval '1 hour' + (i % 5) * interval '3 microseconds',
        now(), now()
      from generate_series(1, 1300) i`);
    const result = await t.database.db.execute(sql`
      select coalesce(nullif(slug, ''), _id) as slug from factcheck
      where status = 'published' and language = 'ar' order by published_at desc, _id desc`);
    const slugs = (result.rows as { slug: string }[]).map((r) => r.slug);
    expect(slugs.length).toBeGreaterThan(1300);
    const byId = await t.database.db.execute(sql`
      select coalesce(nullif(slug, ''), _id) as slug from factcheck
      where status = 'published' and language = 'ar' order by _id`);
    const seo = createSeoService({
      resources: t.app.services.resources,
      publicUrl: 'https://example.org',
      productName: 'Tabayyun',
      disallow: [],
    });
    const index = await seo.sitemapIndex();
    // The Arabic sitemaps (ADR 057): the first, then pages by the id of their first item.
    const pages = [
      ...index.matchAll(/<loc>https:\/\/example\.org\/sitemap-ar-factcheck-([^<]+)\.xml<\/loc>/g),
    ].map((m) => decodeURIComponent(m[1]!));
    expect(pages.length).toBeGreaterThan(5);
    const xmls = [await seo.sitemap('ar')];
    for (const from of pages) xmls.push((await seo.sitemapPage('ar', 'factcheck', from))!);
    const listed = xmls.flatMap((xml) =>
      [...xml.matchAll(/<loc>https:\/\/example\.org\/factcheck\/([^<]+)<\/loc>/g)].map((m) =>
        decodeURIComponent(m[1]!),
      ),
    );
    expect(listed).toEqual((byId.rows as { slug: string }[]).map((r) => r.slug));
    expect([...listed].sort()).toEqual([...slugs].sort());
    const newest = await t.database.db.execute(sql`
      select max(updated_at) as at from (
        select updated_at from factcheck where status = 'published' and language = 'ar'
        union all select updated_at from article where status = 'published' and language = 'ar') u`);
    const at = new Date((newest.rows[0] as { at: string }).at).toISOString();
    expect(index).toContain(`<loc>https://example.org/sitemap-ar.xml</loc>\n    <lastmod>${at}</lastmod>`);
    const feed = await seo.languageFeed('ar');
    const feedLinks = [...feed.matchAll(/<link>https:\/\/example\.org\/factcheck\/([^<]+)<\/link>/g)].map(
      (m) => decodeURIComponent(m[1]!),
    );
    expect(feedLinks).toEqual(slugs.slice(0, 30));
  }, 60_000);
});
