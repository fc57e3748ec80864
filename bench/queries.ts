// Query latency at scale: generates 100k fact-checks, then reports p50/p95 (ms) of the public
// site's hottest queries and the back office's list queries, through the same service the API
// uses (access selectors, compiler, lookups), on PGlite and on PostgreSQL. Writes JSON to
// bench/results/queries.json and prints it.
//   npm run bench -- queries [--rows 100000] [--runs 60] [--engines pglite,postgres]
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type Database, openDb, sql } from '@tabayyun/db';
import { type Actor, ANONYMOUS_ACTOR } from '@tabayyun/permissions';
import { parseQuery } from '@tabayyun/query';
import { normalizeForSearch } from '@tabayyun/text';
import { loadConfig } from '../apps/server/src/config.ts';
import { createMetricsService } from '../apps/server/src/modules/metrics/metrics.service.ts';
import { seedDemoContent } from '../apps/server/src/modules/seed/seed.service.ts';
import { buildServices } from '../apps/server/src/services.ts';

const { values } = parseArgs({
  args: process.argv.slice(3),
  options: {
    rows: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '60' },
    engines: { type: 'string', default: 'pglite,postgres' },
    'postgres-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    /** Keep the PostgreSQL benchmark database afterwards (to EXPLAIN its queries). */
    keep: { type: 'boolean', default: false },
  },
});
const ROWS = Number(values.rows);
const RUNS = Number(values.runs);
const EDITOR: Actor = { sub: 'bench', roles: ['super-admin'], anonymous: false };

interface Scenario {
  name: string;
  audience: 'public' | 'backoffice';
  resource: string;
  query: string;
  count?: boolean;
}

const SCENARIOS: Scenario[] = [
  ...['fraud', 'confounding', 'futility', 'confirmed'].map((c) => ({
    name: `home section ${c}`,
    audience: 'public' as const,
    resource: 'factcheck',
    query: `language=ar&category=${c}&sort_by=-publishedAt&per_page=5&lookup=category`,
  })),
  {
    name: 'home editorial picks',
    audience: 'public',
    resource: 'factcheck',
    query: 'language=ar&tags=featured&sort_by=-publishedAt&per_page=5&lookup=author;category',
  },
  {
    name: 'home most-read',
    audience: 'public',
    resource: 'factcheck',
    query: 'language=ar&tags=most-read&sort_by=-publishedAt&per_page=3',
  },
  {
    name: 'category page (self or evaluation)',
    audience: 'public',
    resource: 'factcheck',
    query:
      'category=fraud|evaluation.category={in}fraud,fabricated-content,manipulated-image,impostor-content&language=ar&sort_by=-publishedAt&per_page=9&page=3&lookup=author;category',
  },
  {
    name: 'category page (evaluation)',
    audience: 'public',
    resource: 'factcheck',
    query:
      'evaluation.category=out-of-context&language=ar&sort_by=-publishedAt&per_page=9&lookup=author;category',
  },
  {
    name: 'search (common word)',
    audience: 'public',
    resource: 'factcheck',
    query: `title=*مستشفى*|claimsNormalized=*مستشفى*|againstClaimNormalized=*مستشفى*|conclusionNormalized=*مستشفى*&language=ar&sort_by=-publishedAt&per_page=9`,
  },
  {
    name: 'search (rare phrase)',
    audience: 'public',
    resource: 'factcheck',
    query: `title=*قلعة حلب*|claimsNormalized=*قلعة حلب*|againstClaimNormalized=*قلعة حلب*|conclusionNormalized=*قلعة حلب*&language=ar&sort_by=-publishedAt&per_page=9`,
  },
  {
    name: 'writer page',
    audience: 'public',
    resource: 'factcheck',
    query: 'author=0a0000000000000000000003&language=ar&sort_by=-publishedAt&per_page=9&page=2',
  },
  {
    name: 'fact-check page by slug',
    audience: 'public',
    resource: 'factcheck',
    query: 'slug=b4242&lookup=author;category;mediaSource',
  },
  {
    name: 'publisher page',
    audience: 'public',
    resource: 'factcheck',
    query: 'mediaSource=0b0000000000000000000004&language=ar&sort_by=-publishedAt&per_page=9',
  },
  {
    name: 'back office drafts',
    audience: 'backoffice',
    resource: 'factcheck',
    query: 'status=draft&lookup=author;category&sort_by=-createdAt&per_page=25',
  },
  {
    name: 'back office review',
    audience: 'backoffice',
    resource: 'factcheck',
    query: 'status=review&lookup=author;category&sort_by=-createdAt&per_page=25',
  },
  {
    name: 'back office published, searched',
    audience: 'backoffice',
    resource: 'factcheck',
    query:
      'status=published&title=*حلب*|claimsNormalized=*حلب*&lookup=author;category&sort_by=-publishedAt&per_page=25',
  },
  {
    name: 'back office published, filtered by tag and country',
    audience: 'backoffice',
    resource: 'factcheck',
    query: 'status=published&tags=slide&country=syria&sort_by=-publishedAt&per_page=25',
  },
  {
    name: 'dashboard count',
    audience: 'backoffice',
    resource: 'factcheck',
    query: 'status=published',
    count: true,
  },
];

const WORDS = [
  'مستشفى',
  'حلب',
  'دمشق',
  'صورة',
  'فيديو',
  'قديمة',
  'مفبركة',
  'بيان',
  'وزارة',
  'الكهرباء',
  'الخبز',
  'اللاذقية',
  'حمص',
  'إدلب',
  'درعا',
  'لاجئين',
  'الليرة',
  'سعر',
  'الدولار',
  'منشور',
  'تلغرام',
  'فيسبوك',
  'مدرسة',
  'قصف',
  'مساعدات',
  'الثلج',
  'جسر',
  'سوق',
  'الحدود',
  'معبر',
];

async function generate(database: Database): Promise<void> {
  // The search columns hold normalised text, as the server writes it.
  const words = `array[${WORDS.map((w) => `'${normalizeForSearch(w)}'`).join(',')}]`;
  const pick = () => `(${words})[1 + floor(random() * ${WORDS.length})::int]`;
  const sentence = (n: number) => Array.from({ length: n }, () => pick()).join(` || ' ' || `);
  const batch = 20_000;
  for (let start = 0; start < ROWS; start += batch) {
    const size = Math.min(batch, ROWS - start);
    await database.db.execute(
      sql.raw(`
      insert into factcheck (_id, status, language, author, title, title_normalized, description, category,
        evaluation, evaluation_categories, score, tags, topic, country, media_source, slug,
        claims_normalized, against_claim_normalized, conclusion_normalized, content_normalized,
        published_at, created_at, updated_at)
      select lpad(to_hex(1000000 + g), 24, 'f'),
        case when r1 < 0.85 then 'published' when r1 < 0.93 then 'draft' else 'review' end,
        case when r2 < 0.8 then 'ar' when r2 < 0.9 then 'en' else 'tr' end,
        '0a00000000000000000000' || lpad(to_hex(1 + (g % 11)), 2, '0'),
        t, t, 'وصف قصير',
        (array['fraud','confounding','futility','confirmed'])[1 + (g % 4)],
        jsonb_build_array(jsonb_build_object('category', ev, 'score', 0)), array[ev], 0,
        case when g % 50 = 0 then array['featured'] when g % 37 = 0 then array['most-read'] when g % 23 = 0 then array['slide'] else '{}' end,
        array[(array['politics','economy','health','humanitarian','military','refugees','society','technology'])[1 + (g % 8)]],
        array[(array['syria','syria','syria','turkey','lebanon','jordan','iraq','germany'])[1 + (g % 8)]],
        array['0b00000000000000000000' || lpad(to_hex(1 + (g % 15)), 2, '0')],
        'b' || g,
        c, ${sentence(6)}, ${sentence(4)}, c || ' ' || ${sentence(10)},
        case when r1 < 0.85 then now() - (g || ' minutes')::interval else null end,
        now() - (g || ' minutes')::interval, now()
      from (
        select g, random() as r1, random() as r2, ${sentence(5)} as t, ${sentence(8)} as c,
          (array['fabricated-content','manipulated-image','impostor-content','out-of-context','partly-false','misleading-title','satire','unproven','true','accurate-quote'])[1 + (g % 10)] as ev
        from generate_series(${start + 1}, ${start + size}) as g
      ) s`),
    );
  }
  // The steady state autovacuum keeps in production: statistics and the visibility map
  // (index-only scans need it for fast counts).
  await database.db.execute(sql`vacuum analyze`);
}

/**
 * Desk metrics (issue 35 §5, GET /api/metrics) at this scale: a fifth of the fact-checks made from
 * a feed item, creation a few hours to days before publication, a correction per hundred, and
 * 20,000 feed items waiting; then the screen's call for the last 30 days and for a year (with the
 * previous period of each), as the API answers it. Goal: ≤ 500 ms.
 */
async function measureMetrics(database: Database, engine: string) {
  await database.db.execute(
    sql.raw(`
    insert into feed (_id, status, title, created_at, updated_at)
    select lpad(to_hex(3000000 + g), 24, 'e'), case when g % 5 = 0 then 'new' else 'review' end,
      'خبر ' || g, now() - (g || ' minutes')::interval - interval '3 hours', now()
    from generate_series(1, ${Math.max(1, Math.round(ROWS / 5))}) as g`),
  );
  await database.db.execute(
    sql.raw(`
    update factcheck set
      news_feed = case when ('x' || right(_id, 6))::bit(24)::int % 5 = 0
        then lpad(to_hex(3000000 + (('x' || right(_id, 6))::bit(24)::int % ${Math.max(1, Math.round(ROWS / 5))}) + 1), 24, 'e') end,
      created_at = coalesce(published_at, created_at) - ((('x' || right(_id, 6))::bit(24)::int % 97) || ' hours')::interval
    where _id like 'f%'`),
  );
  await database.db.execute(
    sql.raw(`
    insert into correction (_id, item, item_type, type, note, created_at)
    select lpad(to_hex(4000000 + g), 24, 'c'), lpad(to_hex(1000000 + g * 100), 24, 'f'), 'factcheck', 'correction',
      'تصحيح', now() - (g * 100 || ' minutes')::interval
    from generate_series(1, ${Math.max(1, Math.round(ROWS / 100))}) as g`),
  );
  await database.db.execute(sql`vacuum analyze`);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: join(tmpdir(), 'tabayyun-bench'),
    APP_SECRET: 'x'.repeat(32),
  });
  const { guard } = buildServices({ config, database });
  const metrics = createMetricsService({ db: database.db, guard });
  const day = 86_400_000;
  const results = [];
  for (const [name, days] of [
    ['metrics, last 30 days', 30],
    ['metrics, last 365 days', 365],
  ] as const) {
    const to = new Date();
    const from = new Date(to.getTime() - days * day);
    const run = () =>
      metrics.compute({ actor: EDITOR, from: from.toISOString(), to: to.toISOString(), tz: 'Asia/Damascus' });
    const { p50, p95, count: published } = await timeCalls(async () => (await run()).current.published);
    results.push({
      name,
      audience: 'backoffice',
      query: `/api/metrics (${days} days)`,
      matches: published,
      p50,
      p95,
    });
    console.error(`${engine} ${name}: p50 ${p50} / p95 ${p95} ms (${published} published in range)`);
  }
  return results;
}

/**
 * The desk (issue 35 §1) at this scale: one in 500 fact-checks and articles assigned to the bench's
 * user (a fifth of them overdue), and as many drafts sent back to them; then "My queue" (GET
 * /api/queue, its first page) and the dashboard's needs-attention figures (GET /api/queue/attention),
 * through the service the routes call. Goal: ≤ 500 ms.
 */
async function measureQueue(database: Database, engine: string) {
  for (const table of ['factcheck', 'article']) {
    await database.db.execute(
      sql.raw(`
      update ${table} set assignee = 'bench',
        due_at = case when ('x' || right(_id, 6))::bit(24)::int % 5 = 0 then now() - interval '1 hour' end,
        status = case when status = 'published' then 'review' else status end
      where ('x' || right(_id, 6))::bit(24)::int % 500 = 7`),
    );
    await database.db.execute(
      sql.raw(`
      update ${table} set last_edited_by = 'bench', status = 'draft', status_reason = 'bench: add a source',
        withdrawn_at = null, assignee = null
      where ('x' || right(_id, 6))::bit(24)::int % 500 = 11`),
    );
  }
  await database.db.execute(sql`vacuum analyze`);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: join(tmpdir(), 'tabayyun-bench'),
    APP_SECRET: 'x'.repeat(32),
  });
  const { queue } = buildServices({ config, database });
  const results = [];
  const cases = [
    ['my queue, first page', async () => (await queue.queue({ actor: EDITOR })).total],
    ['needs attention, 8 figures', async () => (await queue.attention({ actor: EDITOR })).length],
  ] as const;
  for (const [name, run] of cases) {
    const { p50, p95, count: matches } = await timeCalls(run);
    results.push({
      name,
      audience: 'backoffice',
      query: name.startsWith('my') ? '/api/queue' : '/api/queue/attention',
      matches,
      p50,
      p95,
    });
    console.error(`${engine} ${name}: p50 ${p50} / p95 ${p95} ms (${matches})`);
  }
  return results;
}

/**
 * Readers' "Is this true?" matching (issue 36 §1, GET /api/tip/matches) at this scale: a claim as
 * a reader types it, through the service the route calls. Goal: p95 ≤ 300 ms. The first published
 * claim (a demo claim: its words are rare in the generated rows but for one) typed word by word,
 * then whole; and the hard case of the generated rows, whose 30-word vocabulary puts every word in
 * about a quarter of the claims and a sixth of the titles (a real archive's words are far rarer):
 * thousands of fact-checks match the first words of such a claim.
 */
async function measureTipMatches(database: Database, engine: string) {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: join(tmpdir(), 'tabayyun-bench'),
    APP_SECRET: 'x'.repeat(32),
  });
  const { tips } = buildServices({ config, database });
  const first = async (generated: boolean) => {
    const { rows } = await database.db.execute<{ c: string }>(
      sql`select claims_normalized as c from factcheck where status = 'published' and claims_normalized <> ''
        and (_id like 'f%') = ${generated} order by _id limit 1`,
    );
    return rows[0]?.c ?? WORDS.slice(0, 8).join(' ');
  };
  const { rows: heap } = await database.db.execute<{ c: string }>(
    sql`select claims_normalized as c from factcheck where status = 'published' and claims_normalized <> '' limit 1`,
  );
  const claim = heap[0]?.c ?? (await first(false));
  const generated = await first(true);
  const words = (text: string, n: number) => text.split(' ').slice(0, n).join(' ');
  const results = [];
  for (const [name, text] of [
    ['tip matches, as typed (2 words)', words(claim, 2)],
    ['tip matches, as typed (3 words)', words(claim, 3)],
    ['tip matches, as typed (5 words)', words(claim, 5)],
    ['tip matches, a whole claim', claim],
    ['tip matches, as typed (3 words of the 30-word vocabulary)', words(generated, 3)],
    ['tip matches, as typed (5 words of the 30-word vocabulary)', words(generated, 5)],
    ['tip matches, a whole claim of the 30-word vocabulary', generated],
  ] as const) {
    const { p50, p95, count: found } = await timeCalls(async () => (await tips.matches(text)).length);
    results.push({ name, audience: 'public', query: '/api/tip/matches', text, matches: found, p50, p95 });
    console.error(`${engine} ${name}: p50 ${p50} / p95 ${p95} ms (${found} matches)`);
  }
  return results;
}

/**
 * A call's latency: 3 warm-up runs, then up to 20 timed ones; its p50 and p95 in milliseconds and
 * what its last run counted (rows, matches, published items).
 */
async function timeCalls(run: () => Promise<number>): Promise<{ p50: number; p95: number; count: number }> {
  for (let i = 0; i < 3; i++) await run();
  const times: number[] = [];
  let count = 0;
  for (let i = 0; i < Math.min(RUNS, 20); i++) {
    const start = performance.now();
    count = await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), count };
}

function percentile(sorted: number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round(sorted[Math.max(0, i)]! * 100) / 100;
}

async function measure(database: Database, engine: string) {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: join(tmpdir(), 'tabayyun-bench'),
    APP_SECRET: 'x'.repeat(32),
  });
  const services = buildServices({ config, database });
  await seedDemoContent({ db: database.db, resources: services.resources });
  const t0 = performance.now();
  await generate(database);
  const generateSeconds = Math.round((performance.now() - t0) / 100) / 10;
  const results = [];
  for (const s of SCENARIOS) {
    const actor = s.audience === 'public' ? ANONYMOUS_ACTOR : EDITOR;
    const query = parseQuery(s.query);
    const run = () =>
      s.count
        ? services.resources.count({ actor, resource: s.resource, query })
        : services.resources.list({ actor, resource: s.resource, query });
    for (let i = 0; i < 5; i++) await run();
    // cold: the total is counted by the database (first visit after any content change);
    // warm: the total comes from the count cache, as on every later page of the same listing.
    const timed = async (clear: boolean) => {
      const times: number[] = [];
      let total = 0;
      for (let i = 0; i < RUNS; i++) {
        if (clear) services.countCache.clear();
        const start = performance.now();
        const out = await run();
        times.push(performance.now() - start);
        total = typeof out === 'number' ? out : out.total;
      }
      times.sort((a, b) => a - b);
      return { total, p50: percentile(times, 50), p95: percentile(times, 95) };
    };
    const cold = await timed(true);
    const warm = await timed(false);
    results.push({
      name: s.name,
      audience: s.audience,
      query: s.query,
      matches: warm.total,
      p50: warm.p50,
      p95: warm.p95,
      coldP50: cold.p50,
      coldP95: cold.p95,
    });
    console.error(
      `${engine} ${s.name}: warm p50 ${warm.p50} / p95 ${warm.p95} ms; cold p50 ${cold.p50} / p95 ${cold.p95} ms (${warm.total} rows)`,
    );
  }
  results.push(...(await measureMetrics(database, engine)));
  results.push(...(await measureTipMatches(database, engine)));
  results.push(...(await measureQueue(database, engine)));
  await services.events.close();
  return { engine, rows: ROWS, runs: RUNS, generateSeconds, results };
}

const report: Record<string, unknown> = {
  benchmark: 'queries',
  date: new Date().toISOString(),
  node: process.version,
  engines: [],
};
for (const engine of String(values.engines).split(',')) {
  if (engine === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'tabayyun-bench-'));
    const database = await openDb({ dataDir: dir });
    try {
      (report.engines as unknown[]).push(await measure(database, 'pglite'));
    } finally {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  } else if (engine === 'postgres') {
    const admin = await openDb({ databaseUrl: String(values['postgres-url']), skipMigrations: true });
    const name = `tabayyun_bench_${process.pid}`;
    await admin.db.execute(sql.raw(`create database ${name}`));
    const url = new URL(String(values['postgres-url']));
    url.pathname = `/${name}`;
    const database = await openDb({ databaseUrl: url.toString() });
    try {
      const server = await database.db.execute(sql`show server_version`);
      const measured = await measure(database, 'postgres');
      (report.engines as unknown[]).push({
        ...measured,
        serverVersion: (server.rows[0] as { server_version: string }).server_version,
      });
    } finally {
      await database.close();
      if (values.keep) console.error(`kept database ${url.toString()}`);
      else await admin.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
      await admin.close();
    }
  }
}
mkdirSync(join(import.meta.dirname, 'results'), { recursive: true });
const json = JSON.stringify(report, null, 2);
writeFileSync(join(import.meta.dirname, 'results', 'queries.json'), `${json}\n`);
console.log(json);
