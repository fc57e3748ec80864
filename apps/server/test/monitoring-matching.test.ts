// "Already checked?": a monitored feed item that restates a published fact-check's claim with
// other Arabic spelling gets that fact-check as its best match; an unrelated one gets none; the
// feed API exposes the matches and an editor can link the item to the fact-check.

import { sql } from '@tabayyun/db';
import { htmlToText, normalizeForSearch } from '@tabayyun/text';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLAIM_LEAD,
  createMatcher,
  MATCH_LIMIT,
  MATCH_THRESHOLD,
} from '../src/modules/monitoring/matching.ts';
import { factchecksAr } from '../src/modules/seed/data/factchecks-ar.ts';
import { buildTestApp, call, type TestApp } from './build-test-app.ts';
import { buildFactcheck, create } from './factories.ts';
import { type FeedServer, rssFeed, startFeedServer } from './monitoring-server.ts';

let t: TestApp;
let server: FeedServer;
let checked: { _id: string };
let draft: { _id: string };
let other: { _id: string };

// The fact-check's spelling: hamza on alef, ta marbuta, diacritics.
const CLAIM_TITLE = 'صورة تُظهر انهيار سدّ الفرات في مدينة الرقة';
// The feed's spelling of the same claim: bare alef, ha for ta marbuta, no diacritics.
const RESTATED = 'صوره تظهر انهيار سد الفرات في مدينه الرقه';
const UNRELATED = 'افتتاح معرض للكتاب في جامعة دمشق بمشاركة واسعة';
// A second published claim, for a feed whose items restate different fact-checks.
const OTHER_CLAIM = 'فيديو يُظهِر سقوط طائرة مروحية قرب مطار دمشق الدولي';
const OTHER_RESTATED = 'فيديو يظهر سقوط طائره مروحيه قرب مطار دمشق الدولي';

beforeAll(async () => {
  server = await startFeedServer();
  t = await buildTestApp({ env: { FETCH_ALLOW_HOSTS: '127.0.0.1' } });
  checked = await create(
    t.app,
    'factcheck',
    buildFactcheck({
      status: 'published',
      title: CLAIM_TITLE,
      claims: '<p>تداولت صفحات صورة قالت إنها تُظهر انهيار سدّ الفرات في مدينة الرقة.</p>',
    }),
  );
  other = await create(
    t.app,
    'factcheck',
    buildFactcheck({ status: 'published', title: OTHER_CLAIM, claims: '<p>مقطع متداول لطائرة تسقط.</p>' }),
  );
  // A draft restating the same claim must never be offered: only published fact-checks count.
  draft = await create(t.app, 'factcheck', buildFactcheck({ status: 'draft', title: CLAIM_TITLE }));
  server.routes.set('/claims.xml', (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/rss+xml' });
    res.end(
      rssFeed(server.base, [
        { guid: 'restated', title: RESTATED },
        { guid: 'unrelated', title: UNRELATED },
      ]),
    );
  });
  server.routes.set('/many.xml', (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/rss+xml' });
    res.end(
      rssFeed(server.base, [
        { guid: 'm-other', title: OTHER_RESTATED },
        { guid: 'm-unrelated', title: 'ارتفاع أسعار الخضار في أسواق اللاذقية' },
        { guid: 'm-claim', title: 'صورة تظهر انهيار سد الفرات في مدينة الرقة' },
        { guid: 'm-unrelated-2', title: 'مباراة ودية بين فريقين من حمص وطرطوس' },
      ]),
    );
  });
});
afterAll(async () => {
  await t?.close();
  await server?.close();
});

type Match = { _id: string; title: string; score: number };
type Item = { _id: string; title: string; matches: Match[]; factcheck: unknown; status: string };

describe('matching feed items with published fact-checks', () => {
  let items: Item[];

  it('stores the best matches of each new item, exposed by the feed API', async () => {
    const { _id: source } = await create(t.app, 'media-source', {
      name: 'صفحة أخبار',
      feeds: [`${server.base}/claims.xml`],
    });
    const run = await call(t.app, 'POST', `/api/media-source/${source}/run`);
    expect(run.status).toBe(200);
    const res = await call(t.app, 'GET', `/api/feed?mediaSource=${source}&status=new`);
    items = res.body.data as Item[];
    expect(items).toHaveLength(2);
  });

  it('an item restating the claim with other alef, ta marbuta and diacritics matches that fact-check first', () => {
    const restated = items.find((i) => i.title === RESTATED)!;
    expect(restated.matches.length).toBeGreaterThanOrEqual(1);
    expect(restated.matches[0]).toMatchObject({ _id: checked._id, title: CLAIM_TITLE });
    expect(restated.matches[0]!.score).toBeGreaterThan(0.8);
    expect(restated.matches.map((m) => m._id)).not.toContain(draft._id);
  });

  it('an unrelated item has no match above the threshold', () => {
    const unrelated = items.find((i) => i.title === UNRELATED)!;
    expect(unrelated.matches).toEqual([]);
    expect(MATCH_THRESHOLD).toBeGreaterThan(0.3);
  });

  it('matches are read-only on the API', async () => {
    const restated = items.find((i) => i.title === RESTATED)!;
    const res = await call(t.app, 'PATCH', `/api/feed/${restated._id}`, [
      { op: 'replace', path: '/matches', value: [] },
    ]);
    const after = await call(t.app, 'GET', `/api/feed/${restated._id}`);
    expect(res.status).toBe(200);
    expect((after.body.data as Item[])[0]!.matches[0]!._id).toBe(checked._id);
  });

  it('an editor links the item to the existing fact-check instead of investigating; only once', async () => {
    const restated = items.find((i) => i.title === RESTATED)!;
    const linked = await call(t.app, 'POST', `/api/feed/${restated._id}/link`, { factcheck: checked._id });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect(linked.body.result).toEqual({ _id: checked._id, title: CLAIM_TITLE });
    const doc = linked.body.document as Item & { updateLog: { action?: string }[] };
    expect(doc.factcheck).toEqual({ _id: checked._id, title: CLAIM_TITLE });
    expect(doc.updateLog.at(-1)?.action).toBe('link');

    // Investigate is no longer offered: the review status then refuses it by name.
    const review = await call(t.app, 'PATCH', `/api/feed/${restated._id}`, [
      { op: 'replace', path: '/status', value: 'review' },
    ]);
    expect(review.status).toBe(200);
    const investigate = await call(t.app, 'POST', `/api/feed/${restated._id}/investigate`);
    expect(investigate.status).toBe(409);
    expect(investigate.body.code).toBe('INVALID_TRANSITION');
    const again = await call(t.app, 'POST', `/api/feed/${restated._id}/link`, { factcheck: draft._id });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('INVALID_TRANSITION');
  });

  it('refuses a missing fact-check, a bad body and a reader', async () => {
    const unrelated = items.find((i) => i.title === UNRELATED)!;
    const missing = await call(t.app, 'POST', `/api/feed/${unrelated._id}/link`, {
      factcheck: '0123456789abcdef01234567',
    });
    expect(missing.status).toBe(404);
    const bad = await call(t.app, 'POST', `/api/feed/${unrelated._id}/link`, { other: 1 });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
    const reader = await call(
      t.app,
      'POST',
      `/api/feed/${unrelated._id}/link`,
      { factcheck: checked._id },
      'reader',
    );
    expect(reader.status).toBe(403);
    const still = await call(t.app, 'GET', `/api/feed/${unrelated._id}`);
    expect((still.body.data as Item[])[0]!.factcheck).toBeNull();
  });
});

describe('a feed of several items', () => {
  it('each item gets the fact-check it restates, or none', async () => {
    const { _id: source } = await create(t.app, 'media-source', {
      name: 'صفحة أخبار ثانية',
      feeds: [`${server.base}/many.xml`],
    });
    const run = await call(t.app, 'POST', `/api/media-source/${source}/run`);
    expect(run.status).toBe(200);
    const res = await call(t.app, 'GET', `/api/feed?mediaSource=${source}&per_page=10`);
    const byEntry = Object.fromEntries(
      (res.body.data as (Item & { entryId: string })[]).map((i) => [i.entryId, i.matches]),
    );
    expect(Object.keys(byEntry).sort()).toEqual(['m-claim', 'm-other', 'm-unrelated', 'm-unrelated-2']);
    expect(byEntry['m-other']![0]).toMatchObject({ _id: other._id, title: OTHER_CLAIM });
    expect(byEntry['m-other']!.map((m) => m._id)).not.toContain(checked._id);
    expect(byEntry['m-claim']![0]).toMatchObject({ _id: checked._id, title: CLAIM_TITLE });
    expect(byEntry['m-claim']!.map((m) => m._id)).not.toContain(other._id);
    expect(byEntry['m-unrelated']).toEqual([]);
    expect(byEntry['m-unrelated-2']).toEqual([]);
    for (const matches of Object.values(byEntry)) {
      for (const m of matches) expect(m.score).toBeGreaterThanOrEqual(MATCH_THRESHOLD);
    }
  });
});

describe('a fact-check titled as a headline (issue 36 §1)', () => {
  it('is found by an item that restates its claim, not its title', async () => {
    const headline = await create(
      t.app,
      'factcheck',
      buildFactcheck({
        status: 'published',
        title: 'لا، لم يُغلق المعبر: ما قصة الطوابير؟',
        claims: '<p>إغلاق معبر باب الهوى الحدودي أمام المسافرين حتى إشعار آخر بقرار تركي.</p>',
      }),
    );
    const [found] = await createMatcher(t.database.db).match([
      'اغلاق معبر باب الهوى الحدودي امام المسافرين حتى اشعار اخر',
    ]);
    expect(found!.map((m) => m._id)).toContain(headline._id);
  });
});

describe('the matcher agrees with pg_trgm item by item', () => {
  // The matcher decides candidates on PostgreSQL's trigram sets for many items at once; the
  // reference is the plain per-item SQL: candidates by `title_normalized % item` or the claim's
  // opening `left(claims_normalized, CLAIM_LEAD) % item`, then the score.
  async function reference(text: string) {
    const q = normalizeForSearch(text).slice(0, 1000);
    if (q.length < 4) return [];
    const { rows } = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local pg_trgm.similarity_threshold = ${MATCH_THRESHOLD}`));
      return tx.execute<{ _id: string; title: string; slug: string | null; score: string }>(sql`
        with scored as (
          select _id, title, slug,
            greatest(similarity(title_normalized, ${q}), similarity(claims_normalized, ${q}),
              word_similarity(${q}, claims_normalized)) as trigram,
            title_normalized || ' ' || claims_normalized as body
          from factcheck
          where (title_normalized % ${q} or left(claims_normalized, ${CLAIM_LEAD}) % ${q})
            and status = 'published' and deleted_at is null
          order by trigram desc, _id
          limit ${MATCH_LIMIT * 4}
        )
        select _id, title, slug,
          round(least(1, trigram + least(0.1, ts_rank(to_tsvector('simple', body), plainto_tsquery('simple', ${q}))))::numeric, 3) as score
        from scored order by score desc, _id limit ${MATCH_LIMIT}
      `);
    });
    return rows
      .map((r) => ({ _id: r._id, title: r.title, slug: r.slug, score: Number(r.score) }))
      .filter((m) => m.score >= MATCH_THRESHOLD);
  }

  it('gives every item the matches of the per-item SQL, near the threshold too', async () => {
    const seeds = factchecksAr.slice(0, 24);
    for (const f of seeds) {
      await create(
        t.app,
        'factcheck',
        buildFactcheck({ status: 'published', title: f.title, claims: f.claims }),
      );
    }
    // Titles whole, cut, padded, summarised and mixed: title similarities on both sides of the
    // threshold; and news that restates nothing.
    const texts = seeds.flatMap((f, i) => {
      const words = f.title.split(' ');
      const next = seeds[(i + 1) % seeds.length]!.title.split(' ');
      return [
        f.title,
        words.slice(0, -2).join(' '),
        words.slice(0, Math.ceil(words.length / 2)).join(' '),
        `${f.title} ${htmlToText(f.description)}`,
        f.claimSummary ?? '',
        [...words.slice(0, Math.ceil(words.length / 2)), ...next.slice(Math.ceil(next.length / 2))].join(' '),
      ];
    });
    texts.push(UNRELATED, 'ارتفاع أسعار الخضار في أسواق اللاذقية', 'خبر', '');
    const got = await createMatcher(t.database.db).match(texts);
    expect(got).toHaveLength(texts.length);
    let matched = 0;
    for (const [i, text] of texts.entries()) {
      expect(got[i], text).toEqual(await reference(text));
      if (got[i]!.length > 0) matched++;
    }
    // Both outcomes are exercised: most texts match, some do not.
    expect(matched).toBeGreaterThan(texts.length / 2);
    expect(matched).toBeLessThan(texts.length - 4);
  });
});
