// Issue 36 §1, ADR 059: "is this true?" matching when a few typed words match many fact-checks.
// A side (title or claim) with more matches than the trigram GIN index hands over whole, or the
// title side of a short text, takes its best from the GiST indexes (nearest neighbours); the
// answer must be the one the plain statement gives (every match scored, the 5 best): the same
// fact-checks, in the same order, with the same scores. On PGlite and on PostgreSQL (DATABASE_URL).
import { sql } from '@tabayyun/db';
import { normalizeForSearch } from '@tabayyun/text';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from './build-test-app.ts';

let t: TestApp;

/** Published fact-checks written straight to the table (hundreds; the API would take minutes). */
async function insert(
  rows: { id: string; title: string; claim: string; minutesAgo: number; status?: string }[],
) {
  await t.database.db.execute(sql`
    insert into factcheck (_id, status, language, title, title_normalized, description, claims_normalized,
      published_at, created_at, updated_at)
    select r->>'id', r->>'status', 'ar', r->>'title', r->>'titleNormalized', '', r->>'claim',
      now() - ((r->>'minutesAgo') || ' minutes')::interval, now(), now()
    from jsonb_array_elements(${JSON.stringify(
      rows.map((r) => ({
        id: r.id,
        status: r.status ?? 'published',
        title: r.title,
        titleNormalized: normalizeForSearch(r.title),
        claim: normalizeForSearch(r.claim),
        minutesAgo: r.minutesAgo,
      })),
    )}::jsonb) as r
  `);
}

const id = (prefix: string, n: number) => `${prefix}${String(n).padStart(24 - prefix.length, '0')}`;
const CITIES = [
  'حمص',
  'حماه',
  'ادلب',
  'درعا',
  'اللاذقيه',
  'طرطوس',
  'دير الزور',
  'الرقه',
  'القامشلي',
  'السويداء',
];

beforeAll(async () => {
  t = await buildTestApp({ env: { TIP_MATCH_RATE_MAX: '10000' } });
  const rows: Parameters<typeof insert>[0] = [];
  // Claim side: three claims state the phrase, three nearly, 150 share one of its words.
  for (let i = 0; i < 3; i++) {
    rows.push({
      id: id('a', i),
      title: `بيان ${i}`,
      claim: `اعلنت الشركه انقطاع الكهرباء في ${CITIES[i]} لمده يومين`,
      minutesAgo: 10 + i,
    });
  }
  for (const [i, phrase] of ['انقطع الكهرباء', 'انقطاع كهرباء', 'قطع الكهرباء'].entries()) {
    rows.push({ id: id('b', i), title: `خبر ${i}`, claim: `يقال ${phrase} عن الحي`, minutesAgo: 5 + i });
  }
  for (let i = 0; i < 150; i++) {
    rows.push({
      id: id('c', i),
      title: `منشور ${i}`,
      claim: `ارتفاع سعر الكهرباء في ${CITIES[i % CITIES.length]} رقم ${i}`,
      minutesAgo: i,
    });
  }
  // More claims stating a phrase than are read whole when tied (TIES_MAX): the newest are shown.
  for (let i = 0; i < 520; i++) {
    rows.push({
      id: id('k', i),
      title: `توزيع ${i}`,
      claim: `توزيع الخبز المجاني في ${CITIES[i % CITIES.length]} رقم ${i}`,
      minutesAgo: 1000 - i,
    });
  }
  // Title side: two titles are the text, three nearly, 150 share half of it.
  const title = 'صوره قديمه لقصف مستشفى في مدينه حلب الشرقيه';
  for (let i = 0; i < 2; i++) rows.push({ id: id('d', i), title, claim: '', minutesAgo: 20 + i });
  for (const [i, near] of [
    'صوره قديمه لقصف مستشفى في حلب',
    'صوره لقصف مستشفى في مدينه حلب',
    'قصف مستشفى في مدينه حلب الشرقيه',
  ].entries()) {
    rows.push({ id: id('e', i), title: near, claim: '', minutesAgo: 30 + i });
  }
  for (let i = 0; i < 150; i++) {
    rows.push({
      id: id('g', i),
      title: `صوره قديمه لقصف مدرسه في ${CITIES[i % CITIES.length]} ${i}`,
      claim: '',
      minutesAgo: 40 + i,
    });
  }
  // Never offered: a draft and a deleted fact-check stating the phrase.
  rows.push({ id: id('h', 0), title: title, claim: 'انقطاع الكهرباء', minutesAgo: 0, status: 'draft' });
  rows.push({ id: id('h', 1), title: title, claim: 'انقطاع الكهرباء', minutesAgo: 0 });
  await insert(rows);
  await t.database.db.execute(sql`update factcheck set deleted_at = now() where _id = ${id('h', 1)}`);
  await t.database.db.execute(sql`analyze factcheck`);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/**
 * The plain statement: every published fact-check matching the text, scored, the 5 best (by the
 * unrounded score, then the newest).
 */
async function reference(text: string) {
  const q = normalizeForSearch(text);
  return t.database.db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('pg_trgm.similarity_threshold', '0.3', true),
      set_config('pg_trgm.word_similarity_threshold', '0.5', true)`);
    const { rows: count } = await tx.execute<{ title: number; claims: number }>(sql`
      select count(*) filter (where title_normalized % ${q})::int as title,
        count(*) filter (where ${q} <% claims_normalized)::int as claims
      from factcheck where status = 'published' and deleted_at is null`);
    const { rows } = await tx.execute<{ _id: string; score: string }>(sql`
      select _id, round(score::numeric, 3) as score from (
        select f._id, f.published_at,
          greatest(similarity(f.title_normalized, ${q}), word_similarity(${q}, f.claims_normalized)) as score
        from factcheck f
        where f.status = 'published' and f.deleted_at is null
          and (f.title_normalized % ${q} or ${q} <% f.claims_normalized)
      ) m
      where round(score::numeric, 3) >= 0.35
      order by score desc, published_at desc nulls last, _id
      limit 5`);
    return { count: count[0]!, top: rows.map((r) => ({ _id: r._id, score: Number(r.score) })) };
  });
}

async function matches(text: string) {
  const res = await call(
    t.app,
    'GET',
    `/api/tip/matches?q=${encodeURIComponent(text)}`,
    undefined,
    'anonymous',
  );
  expect(res.status, text).toBe(200);
  return (res.body.data as { _id: string; score: number }[]).map((m) => ({ _id: m._id, score: m.score }));
}

describe('GET /api/tip/matches with many matching fact-checks', () => {
  it('a short text whose claim side matches over a hundred: the 5 best, as the plain statement ranks them', async () => {
    const text = 'انقطاع الكهرباء';
    const ref = await reference(text);
    expect(ref.count.claims).toBeGreaterThan(150);
    const found = await matches(text);
    expect(found).toEqual(ref.top);
    // The claims stating the phrase, newest first, then the nearest wording.
    expect(found.slice(0, 3).map((m) => m._id)).toEqual([id('a', 0), id('a', 1), id('a', 2)]);
    expect(found[0]!.score).toBe(1);
    expect(found.map((m) => m._id)).not.toContain(id('h', 0));
    expect(found.map((m) => m._id)).not.toContain(id('h', 1));
  });

  it('a long text whose title side matches over a hundred: the same as the plain statement', async () => {
    const text = 'صورة قديمة لقصف مستشفى في مدينة حلب الشرقية';
    const ref = await reference(text);
    expect(ref.count.title).toBeGreaterThan(100);
    const found = await matches(text);
    expect(found).toEqual(ref.top);
    expect(found.slice(0, 2).map((m) => m._id)).toEqual([id('d', 0), id('d', 1)]);
  });

  it('a text that over five hundred claims state: the newest of them, as the plain statement', async () => {
    const text = 'توزيع الخبز المجاني';
    const ref = await reference(text);
    expect(ref.count.claims).toBeGreaterThan(500);
    const found = await matches(text);
    expect(found).toEqual(ref.top);
    expect(found.map((m) => m._id)).toEqual([519, 518, 517, 516, 515].map((n) => id('k', n)));
  });

  it('texts as a reader types them, word by word: the same as the plain statement', async () => {
    for (const whole of [
      'اعلنت الشركة انقطاع الكهرباء في حمص لمدة يومين',
      'صورة قديمة لقصف مستشفى في مدينة حلب الشرقية',
      'يقال انقطع الكهرباء عن الحي',
      'ارتفاع سعر الكهرباء في درعا رقم 12',
      'توزيع الخبز المجاني في حمص رقم 10',
    ]) {
      const words = whole.split(' ');
      for (let n = 1; n <= words.length; n++) {
        const text = words.slice(0, n).join(' ');
        expect(await matches(text), text).toEqual((await reference(text)).top);
      }
    }
  });
});
