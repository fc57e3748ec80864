// Public pages while the newsroom works (issue 13, item 5): starts the product in this process
// (demo content, the production build, page cache on), then for `--duration` seconds autocannon (in a
// worker thread, `--connections` connections, `Accept-Encoding: gzip, br`) cycles through 20+ public
// addresses (home in three languages, fact-check and article pages, category, topic, writer and
// publisher pages, search, sitemaps, RSS) while an editor, signed in over HTTP, saves a draft every
// second and, every 5 s, alternately publishes a new fact-check or edits a published one.
// Reports requests per second, latency p50/p95/p99, the share of answers served from the cache (fresh
// or stale, counted by the server's cache), renders, invalidations and errors; once with the
// targeted invalidation (ADR 016) and once with ADR 008's whole-cache flush (`flushAll`), side by
// side. PGlite by default; PostgreSQL with DATABASE_URL (a fresh database is created and dropped).
// Writes bench/results/newsroom-<engine>.json.
//   npm run bench -- newsroom [--duration 60] [--connections 50] [--only targeted|flush|flush,targeted]
import './production-env.ts';
// The server's V8 heap flags and malloc thresholds (ADR 025), as `npm start` runs it.
import '../apps/server/src/memory/with-memory-settings.ts';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type Database, openDb } from '@tabayyun/db';
import { createTestDb } from '@tabayyun/db/testing';
import { ANONYMOUS_ACTOR } from '@tabayyun/permissions';
import { parseQuery } from '@tabayyun/query';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { hashPassword } from '../apps/server/src/modules/auth/password.ts';
import { seedDemoContent } from '../apps/server/src/modules/seed/seed.service.ts';
import { siteStateOf } from '../apps/server/src/modules/site/site.plugin.ts';
import { ensureWebBuild } from '../apps/server/src/modules/site/web-build.ts';
import { insertUser } from '../apps/server/src/modules/users/users.repo.ts';
import { freePort } from '../apps/server/test/server-process.ts';
import { autocannon } from './autocannon.ts';

const { values } = parseArgs({
  args: process.argv.slice(3),
  options: {
    duration: { type: 'string', default: '60' },
    connections: { type: 'string', default: '50' },
    only: { type: 'string' },
  },
});
const DURATION_S = Number(values.duration);
const WARMUP_S = 5;
const CONNECTIONS = Number(values.connections);
const ENGINE = process.env.DATABASE_URL ? 'postgres' : 'pglite';
/** Issue 13's targets, on both engines. */
const TARGETS = { errors: 0, latencyP99Ms: 50, cacheShare: 0.98 };
const EDITOR = { email: 'newsroom-editor@example.org', password: 'Newsroom-bench-1!' };

async function startApp(database: Database, dataDir: string, flushAll: boolean) {
  const port = await freePort();
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    PORT: String(port),
    SEED_DEMO: 'false',
    // The benchmark signs in with a password: its newsroom has no second-factor requirement (ADR 042).
    SECOND_FACTOR_ROLES: '',
    SITE_CACHE: 'true',
    APP_SECRET: 'bench-secret-bench-secret-bench-secret-0',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  });
  const app = await buildApp({ config, database, site: true, logger: false });
  // ADR 008's invalidation, for the side-by-side figure: every reader-visible write empties the cache.
  if (flushAll) siteStateOf(app)!.invalidation = 'flush';
  await app.listen({ port, host: '127.0.0.1' });
  await siteStateOf(app)?.assetsReady;
  return { app, origin: `http://127.0.0.1:${port}` };
}

type Doc = Record<string, unknown> & { _id: string };

async function publicList(app: FastifyInstance, resource: string, query: string): Promise<Doc[]> {
  const { data } = await app.services.resources.list({
    actor: ANONYMOUS_ACTOR,
    resource,
    query: parseQuery(query),
  });
  return data as Doc[];
}

/** 20+ public addresses of the demo content, the mix readers request. */
async function addresses(app: FastifyInstance): Promise<string[]> {
  const ar = await publicList(
    app,
    'factcheck',
    'language=ar&sort_by=-publishedAt&per_page=4&select=slug,author',
  );
  const en = await publicList(
    app,
    'factcheck',
    'language=en&sort_by=-publishedAt&per_page=3&select=slug,author',
  );
  const articles = await publicList(app, 'article', 'sort_by=-publishedAt&per_page=2&select=slug,language');
  const authors = [...new Set([...ar, ...en].map((d) => String(d.author)))].slice(0, 2);
  const sources = await publicList(app, 'media-source', 'per_page=1&select=_id');
  const prefix = (language: unknown) => (language === 'ar' || !language ? '' : `/${String(language)}`);
  const urls = [
    '/',
    '/en',
    '/tr',
    ...ar.map((d) => `/factcheck/${encodeURIComponent(String(d.slug))}`),
    ...en.map((d) => `/en/factcheck/${encodeURIComponent(String(d.slug))}`),
    ...articles.map((d) => `${prefix(d.language)}/article/${encodeURIComponent(String(d.slug))}`),
    '/category/fraud',
    '/en/category/confirmed',
    '/topic/society',
    '/en/topic/politics',
    ...authors.map((id) => `/writer-news/${id}`),
    ...sources.map((s) => `/publisher/${s._id}`),
    '/search?keyword=%D8%B3%D9%88%D8%B1%D9%8A%D8%A7',
    '/en/search?keyword=syria',
    '/sitemap.xml',
    '/sitemap-ar.xml',
    '/rss.xml',
    '/en/rss.xml',
    '/category/fraud/rss.xml',
  ];
  return urls;
}

/** The editor's client: real HTTP with a bearer token, as the back office does. */
async function editorClient(origin: string) {
  const auth = await fetch(`${origin}/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', email: EDITOR.email, password: EDITOR.password }),
  });
  if (!auth.ok) throw new Error(`editor sign-in: ${auth.status} ${await auth.text()}`);
  const { access_token: token } = (await auth.json()) as { access_token: string };
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${origin}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    const data = json.data ?? json.document ?? json;
    return (Array.isArray(data) ? data[0] : data) as Doc;
  };
  return api;
}

async function runOnce(database: Database, dataDir: string, mode: 'targeted' | 'flush') {
  const { app, origin } = await startApp(database, dataDir, mode === 'flush');
  try {
    const api = await editorClient(origin);
    const urls = await addresses(app);
    // Every address rendered a few times (the render code warmed up, as in a process that has run
    // for a while), then cached, so the run measures a newsroom day, not a cold start.
    for (let round = 0; round < 4; round++) {
      siteStateOf(app)!.cache!.clear();
      for (const url of urls) {
        const res = await fetch(`${origin}${url}`);
        if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
      }
    }
    const [source] = await publicList(app, 'factcheck', 'language=ar&sort_by=-publishedAt&per_page=1');
    const full = await api('GET', `/factcheck/${source!._id}`);
    const copy = (title: string, status: string) => {
      const input: Record<string, unknown> = { ...full };
      for (const k of [
        '_id',
        '_version',
        'createdAt',
        'updatedAt',
        'publishedAt',
        'translation_id',
        'reads',
      ]) {
        delete input[k];
      }
      return {
        ...input,
        title,
        status,
        slug: `newsroom-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`,
      };
    };
    const draft = await api('POST', '/factcheck', copy('مسودة غرفة الأخبار', 'draft'));
    const editable = (
      await publicList(app, 'factcheck', 'language=ar&sort_by=-publishedAt&per_page=10&select=_id')
    )[5]!;
    const cache = siteStateOf(app)!.cache!;
    // A short unmeasured run first: the first seconds of a fresh process (JIT, autocannon's worker)
    // are slow whatever the cache does, and would be charged to whichever mode runs first.
    await autocannon({
      url: origin,
      connections: CONNECTIONS,
      duration: WARMUP_S,
      headers: { 'accept-encoding': 'gzip, br' },
      requests: urls.map((path) => ({ method: 'GET' as const, path })),
      workers: 1,
    });
    await cache.settled();
    const startStats = cache.stats();
    const writes = { draftSaves: 0, publishes: 0, publishedEdits: 0, failed: 0 };
    let tick = 0;
    const inFlight = new Set<Promise<void>>();
    const timer = setInterval(() => {
      tick++;
      const work = async () => {
        await api('PATCH', `/factcheck/${draft._id}`, [
          { op: 'replace', path: '/title', value: `مسودة غرفة الأخبار ${tick}` },
        ]);
        writes.draftSaves++;
        if (tick % 5 === 0) {
          if ((tick / 5) % 2 === 1) {
            await api('POST', '/factcheck', copy(`تحقق جديد ${tick}`, 'published'));
            writes.publishes++;
          } else {
            await api('PATCH', `/factcheck/${editable._id}`, [
              { op: 'replace', path: '/description', value: `وصف محدّث ${tick}` },
            ]);
            writes.publishedEdits++;
          }
        }
      };
      const running = work()
        .catch((error: unknown) => {
          writes.failed++;
          console.error(String(error));
        })
        .finally(() => inFlight.delete(running));
      inFlight.add(running);
    }, 1000);
    console.log(`${mode}: ${urls.length} addresses, ${DURATION_S}s at ${CONNECTIONS} connections…`);
    const load = loadavg();
    const result = await autocannon({
      url: origin,
      connections: CONNECTIONS,
      duration: DURATION_S,
      headers: { 'accept-encoding': 'gzip, br' },
      requests: urls.map((path) => ({ method: 'GET' as const, path })),
      workers: 1,
    });
    clearInterval(timer);
    await Promise.all([...inFlight]);
    await cache.settled();
    const end = cache.stats();
    const hits = end.hits - startStats.hits;
    const stale = end.stale - startStats.stale;
    const misses = end.misses - startStats.misses;
    const served = hits + stale + misses;
    const rssMb = Math.round(process.memoryUsage().rss / 1024 / 1024);
    return {
      mode,
      addresses: urls,
      requestsPerSecond: Math.round(result.requests.average),
      requests: result.requests.total,
      latencyMs: {
        p50: result.latency.p50,
        p90: result.latency.p90,
        p97_5: result.latency.p97_5,
        p99: result.latency.p99,
        max: result.latency.max,
      },
      errors: result.errors + result.timeouts,
      non2xx: result.non2xx,
      cache: {
        hits,
        stale,
        misses,
        shareFromCache: served === 0 ? 0 : Number(((hits + stale) / served).toFixed(4)),
        renders: end.renders - startStats.renders,
        invalidations: end.invalidations - startStats.invalidations,
        entriesInvalidated: end.invalidated - startStats.invalidated,
        clears: end.clears - startStats.clears,
      },
      writes,
      loadAverageAtStart: load.map((n) => Number(n.toFixed(2))),
      loadAverageAtEnd: loadavg().map((n) => Number(n.toFixed(2))),
      rssMbAfter: rssMb,
    };
  } finally {
    await app.close();
  }
}

console.log('building the web app if needed…');
ensureWebBuild();
const dataDir = mkdtempSync(join(tmpdir(), 'tabayyun-bench-newsroom-'));
mkdirSync(join(dataDir, 'files'), { recursive: true });
const database: Database & { drop?: () => Promise<void> } = process.env.DATABASE_URL
  ? await createTestDb()
  : await openDb({ dataDir });
try {
  {
    // Seed once, through a temporary app (the service writes and notifies like the API).
    const { app } = await startApp(database, dataDir, false);
    console.log(`seeding the demo content (${ENGINE})…`);
    await seedDemoContent({ db: database.db, resources: app.services.resources });
    await insertUser(database.db, {
      email: EDITOR.email,
      username: EDITOR.email,
      name: 'Newsroom editor',
      roles: ['editor'],
      passwordHash: await hashPassword(EDITOR.password),
      forceChangePwd: false,
    });
    await app.close();
  }
  const modes = (values.only ?? 'targeted,flush').split(',').filter((m) => m === 'targeted' || m === 'flush');
  const runs = [];
  for (const mode of modes as ('targeted' | 'flush')[]) runs.push(await runOnce(database, dataDir, mode));
  const targeted = runs.find((r) => r.mode === 'targeted');
  const pass =
    targeted !== undefined &&
    targeted.errors + targeted.non2xx === TARGETS.errors &&
    targeted.latencyMs.p99 <= TARGETS.latencyP99Ms &&
    targeted.cache.shareFromCache >= TARGETS.cacheShare;
  const report = {
    benchmark: 'newsroom',
    engine: ENGINE,
    date: new Date().toISOString(),
    node: process.version,
    nodeFlags: process.execArgv,
    durationSeconds: DURATION_S,
    connections: CONNECTIONS,
    targets: TARGETS,
    pass,
    runs,
  };
  mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
  const out = new URL(`./results/newsroom-${ENGINE}.json`, import.meta.url);
  writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
  for (const r of runs) {
    console.log(
      `${r.mode.padEnd(8)} ${String(r.requestsPerSecond).padStart(6)} req/s  p50 ${r.latencyMs.p50} ms  p99 ${r.latencyMs.p99} ms  ` +
        `from cache ${(r.cache.shareFromCache * 100).toFixed(2)}%  renders ${r.cache.renders}  errors ${r.errors}  non-2xx ${r.non2xx}  ` +
        `writes ${JSON.stringify(r.writes)}  load ${r.loadAverageAtStart.join(' ')}`,
    );
  }
  console.log(`\nwritten to bench/results/newsroom-${ENGINE}.json — ${pass ? 'PASS' : 'FAIL'}`);
  process.exitCode = pass ? 0 : 1;
} finally {
  if (database.drop) await database.drop();
  else await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
