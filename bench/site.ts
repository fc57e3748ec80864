// Public site speed (issue 6, item 8): starts the product in this process (PGlite, demo content,
// the production build of the web app) and measures, side by side in one run, with autocannon in a
// worker thread and `Accept-Encoding: gzip, br`:
//   the home page, a fact-check page and a search page with the page cache warm, with it disabled (a
//   second app on the same database with SITE_CACHE=false, after `--warmup` seconds of it not
//   measured; also with one connection, for a render's own time), and the same HTML as a
//   precompressed static file served by the same process (@fastify/static, preCompressed), with the
//   disabled/static ratio of issue 13;
// then each page's gzipped HTML, inline CSS and JavaScript bytes (issue 36 §4: a fact-check page's
// JavaScript at most 25 KB compressed), and Lighthouse (mobile, its default simulated throttling,
// system Chromium) over several runs (the median run and the worst score of each category), with
// the page's weight as a first visit moves it (HTML, CSS, JS, images, fonts, as transferred) and
// its layout shift; then as many times per page as the first visit after a restart: a server
// process started for that visit alone (`npm start`'s entry, its own PGlite seeded with the demo
// once), nothing rendered before Lighthouse asks; the median run counts. Passes when warm-cache throughput is at least half
// the static file's and each page's median Lighthouse run and its first visit after a restart meet
// the targets (performance, accessibility, best practices ≥ 95; CLS ≤ 0.05; SEO 100, or for a page
// that asks not to be indexed, search results, every SEO audit but `is-crawlable`). Writes
// bench/results/site.json (PGlite) or, with DATABASE_URL (a fresh database, dropped after),
// bench/results/site-postgres.json.
//   npm run bench -- site [--duration 10] [--connections 10] [--warmup 3] [--lighthouse-runs 3]
//     [--no-lighthouse] [--no-restart]
import './production-env.ts';
// The server's V8 heap flags and malloc thresholds (ADR 025): the renders measured here run as the
// product's do (npm start sets them the same way).
import '../apps/server/src/memory/with-memory-settings.ts';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { openDb } from '@tabayyun/db';
import { createTestDb } from '@tabayyun/db/testing';
import { ANONYMOUS_ACTOR } from '@tabayyun/permissions';
import { parseQuery } from '@tabayyun/query';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { seedDemoContent } from '../apps/server/src/modules/seed/seed.service.ts';
import { DEFAULT_WEB_ROOT, siteStateOf } from '../apps/server/src/modules/site/site.plugin.ts';
import { ensureWebBuild } from '../apps/server/src/modules/site/web-build.ts';
import { freePort, startServer } from '../apps/server/test/server-process.ts';
import { autocannon } from './autocannon.ts';
import { type LighthouseReport, runLighthouse } from './lighthouse.ts';
import { measuredPages, NEWEST_FACTCHECK_QUERY } from './measured-pages.ts';

const { values } = parseArgs({
  args: process.argv.slice(3),
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    // Seconds of cold renders before the cache-disabled figures are taken (not measured).
    warmup: { type: 'string', default: '3' },
    'no-lighthouse': { type: 'boolean', default: false },
    'no-restart': { type: 'boolean', default: false },
    'lighthouse-runs': { type: 'string', default: '3' },
  },
});
const DURATION_S = Number(values.duration);
const CONNECTIONS = Number(values.connections);
const WARMUP_S = Number(values.warmup);
const ACCEPT = { 'accept-encoding': 'gzip, br' };
const CLIENT_DIR = join(DEFAULT_WEB_ROOT, process.env.WEB_BUILD_DIR || 'build', 'client');
const LIGHTHOUSE_RUNS = Math.max(1, Number(values['lighthouse-runs']));
/** Issue 6: mobile Lighthouse scores each page must reach (in its median run). */
const LIGHTHOUSE_TARGETS = { performance: 95, accessibility: 95, 'best-practices': 95, seo: 100 };
/** Issue 36 §4: no layout shift from fonts or images. */
const MAX_LAYOUT_SHIFT = 0.05;
/** Issue 36 §4: a fact-check page's JavaScript, compressed, as a first visit on a phone. */
const READING_PAGE_JS_LIMIT = 25 * 1024;

/** Runs that Lighthouse could not score (its runtime error, e.g. NO_NAVSTART, says to run again). */
let lighthouseRetries = 0;

/** A Lighthouse run that has a performance score: one that failed to record is run again (twice at most). */
async function scoredRun(run: () => Promise<LighthouseReport>): Promise<LighthouseReport> {
  let report = await run();
  for (let retry = 0; retry < 2 && report.scores.performance === null; retry++) {
    lighthouseRetries += 1;
    console.log(`  no score (${report.runtimeError ?? 'unknown'}): once more`);
    report = await run();
  }
  return report;
}

/** The run with the median performance score, as Lighthouse's own docs advise for noisy scores. */
function medianRun(runs: LighthouseReport[]): LighthouseReport {
  const sorted = [...runs].sort((a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0));
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/** True when the page asks search engines not to index it (`<meta name="robots" content="noindex…">`). */
function isNoindex(html: string): boolean {
  return /<meta\b(?=[^>]*\bname="robots")(?=[^>]*\bcontent="[^"]*\bnoindex\b)[^>]*>/i.test(html);
}

/**
 * A page meets the targets when its median run scores them. A page that asks not to be indexed (search
 * results, as search engines advise) fails Lighthouse's `is-crawlable` audit by design, which caps its
 * SEO score at 69: its SEO target is met when that is the only SEO audit it fails.
 */
function meetsLighthouseTargets(run: LighthouseReport, noindex: boolean): boolean {
  if ((run.metrics.cumulativeLayoutShift ?? 1) > MAX_LAYOUT_SHIFT) return false;
  return Object.entries(LIGHTHOUSE_TARGETS).every(([category, target]) => {
    if (category === 'seo' && noindex) {
      return (run.failing.seo ?? []).every((audit) => audit.id === 'is-crawlable');
    }
    return (run.scores[category as keyof LighthouseReport['scores']] ?? 0) >= target;
  });
}

/** A port free right now, so PUBLIC_URL (canonical and sitemap links) names the real address. */

async function startApp(database: Awaited<ReturnType<typeof openDb>>, dataDir: string, cache: boolean) {
  const port = await freePort();
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    PORT: String(port),
    SEED_DEMO: 'false',
    SITE_CACHE: String(cache),
    APP_SECRET: 'bench-secret-bench-secret-bench-secret-0',
  });
  const app = await buildApp({ config, database, site: true, logger: false });
  return { app, port, origin: `http://127.0.0.1:${port}` };
}

interface Measured {
  requestsPerSecond: number;
  latencyP99Ms: number;
  latencyP50Ms: number;
  non2xx: number;
  errors: number;
  status?: number;
}

async function measure(url: string, connections = CONNECTIONS, duration = DURATION_S): Promise<Measured> {
  const result = await autocannon({
    url,
    connections,
    duration,
    headers: ACCEPT,
    // The load generator gets its own thread: the server keeps the main one.
    workers: 1,
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/**
 * Module specifiers a script imports statically (`import … from "x"`, `import "x"`), and with
 * `dynamic`, also through `import("x")`: inline scripts import the client entry that way, while in
 * built modules it marks a chunk loaded later, on demand.
 */
function importsOf(code: string, dynamic: boolean): string[] {
  return [...code.matchAll(/\bimport\s*(?:[\w*{}\s,$]*?from\s*)?(\()?\s*["']([^"']+\.js)["']/g)]
    .filter((m) => dynamic || m[1] === undefined)
    .map((m) => m[2]!);
}

/**
 * The JavaScript a page runs: its external scripts and the modules its inline scripts import (also
 * the deferred hydration modules, kept as inert text until the page has loaded), with every module
 * those import in turn. Counted whether fetched at once or after the load, since a reader pays for both.
 */
function scriptsOf(html: string): string[] {
  const found = new Set<string>();
  const queue: string[] = [];
  const add = (path: string) => {
    if (!path.startsWith('/') || found.has(path)) return;
    found.add(path);
    queue.push(path);
  };
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) add(m[1]!);
  for (const m of html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    for (const path of importsOf(m[1]!, true)) add(path);
  }
  while (queue.length > 0) {
    const path = queue.shift()!;
    const code = readFileSync(join(CLIENT_DIR, path.split('?')[0]!), 'utf8');
    for (const specifier of importsOf(code, false)) add(new URL(specifier, `http://x${path}`).pathname);
  }
  return [...found];
}

function pageBytes(html: string) {
  const scripts = scriptsOf(html);
  let jsRaw = 0;
  let jsGzip = 0;
  for (const src of scripts) {
    const file = readFileSync(join(CLIENT_DIR, src.split('?')[0]!));
    jsRaw += file.length;
    jsGzip += gzipSync(file, { level: 9 }).length;
  }
  // The site's stylesheet is inlined in the document (no request): its share of the HTML.
  const css = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]!).join('');
  return {
    htmlBytes: Buffer.byteLength(html),
    htmlGzipBytes: gzipSync(html, { level: 9 }).length,
    inlineCssBytes: Buffer.byteLength(css),
    inlineCssGzipBytes: gzipSync(css, { level: 9 }).length,
    scripts: scripts.length,
    jsBytes: jsRaw,
    jsGzipBytes: jsGzip,
  };
}

console.log('building the web app if needed…');
ensureWebBuild();
const dataDir = mkdtempSync(join(tmpdir(), 'tabayyun-bench-site-'));
const staticDir = join(dataDir, 'static');
mkdirSync(staticDir);
// PGlite in a temporary folder, or with DATABASE_URL a fresh PostgreSQL database (dropped at the end).
const ENGINE = process.env.DATABASE_URL ? 'postgres' : 'pglite';
const database: Awaited<ReturnType<typeof openDb>> & { drop?: () => Promise<void> } = process.env.DATABASE_URL
  ? await createTestDb()
  : await openDb({ dataDir });
const apps: FastifyInstance[] = [];
try {
  const cached = await startApp(database, dataDir, true);
  const uncached = await startApp(database, dataDir, false);
  apps.push(cached.app, uncached.app);
  console.log('seeding the demo content…');
  await seedDemoContent({ db: database.db, resources: cached.app.services.resources });
  // The same page as a file: precompressed like a well-configured static server would serve it.
  await cached.app.register(fastifyStatic, {
    root: staticDir,
    prefix: '/__bench-static/',
    preCompressed: true,
    decorateReply: false,
    cacheControl: false,
  });
  await cached.app.listen({ port: cached.port, host: '127.0.0.1' });
  await uncached.app.listen({ port: uncached.port, host: '127.0.0.1' });
  // Both apps compress the built files in the background at start: let that finish first.
  await Promise.all(apps.map((app) => siteStateOf(app)?.assetsReady));

  const [newest] = (
    await cached.app.services.resources.list({
      actor: ANONYMOUS_ACTOR,
      resource: 'factcheck',
      query: parseQuery(NEWEST_FACTCHECK_QUERY),
    })
  ).data;
  const pages = measuredPages(newest?.slug);

  const report: Record<string, unknown> = {
    benchmark: 'site',
    engine: ENGINE,
    date: new Date().toISOString(),
    loadAverageAtStart: loadavg().map((n) => Number(n.toFixed(2))),
    node: process.version,
    // The V8 flags this run had (the server's, from with-memory-settings.ts, unless given).
    nodeFlags: process.execArgv,
    durationSeconds: DURATION_S,
    coldWarmupSeconds: WARMUP_S,
    connections: CONNECTIONS,
    acceptEncoding: ACCEPT['accept-encoding'],
    pages: {},
  };
  let isPassing = true;
  let isLighthouseOk = true;
  const noindexPages = new Set<string>();
  for (const [name, path] of Object.entries(pages)) {
    // The HTML the cache holds is the HTML the static file serves.
    const first = await fetch(`${cached.origin}${path}`);
    const html = await first.text();
    const noindex = isNoindex(html);
    if (noindex) noindexPages.add(name);
    const file = `${name}.html`;
    writeFileSync(join(staticDir, file), html);
    writeFileSync(join(staticDir, `${file}.gz`), gzipSync(html, { level: 9 }));
    writeFileSync(
      join(staticDir, `${file}.br`),
      brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
    );
    console.log(`${name} ${path} → ${first.status}; measuring ${DURATION_S}s each…`);
    const warm = await measure(`${cached.origin}${path}`);
    // The warm variant renders each page once; the cold figures are of a server past its first
    // seconds, its render code compiled by V8 (a server runs for days), as the standalone runs
    // of ADR 037 and 038 were taken.
    if (WARMUP_S > 0) await measure(`${uncached.origin}${path}`, CONNECTIONS, WARMUP_S);
    const disabled = await measure(`${uncached.origin}${path}`);
    // Issue 13: a cold render with one connection (no queueing): its p50 is the render's own time.
    const disabledUnloaded = await measure(`${uncached.origin}${path}`, 1);
    const staticFile = await measure(`${cached.origin}/__bench-static/${file}`);
    const ratio = warm.requestsPerSecond / Math.max(1, staticFile.requestsPerSecond);
    const coldRatio = disabled.requestsPerSecond / Math.max(1, staticFile.requestsPerSecond);
    const isPageOk = ratio >= 0.5;
    isPassing &&= isPageOk;
    (report.pages as Record<string, unknown>)[name] = {
      path,
      status: first.status,
      cacheWarm: warm,
      cacheDisabled: disabled,
      cacheDisabledOneConnection: disabledUnloaded,
      staticFile,
      warmOverStatic: Number(ratio.toFixed(3)),
      disabledOverStatic: Number(coldRatio.toFixed(4)),
      warmAtLeastHalfOfStatic: isPageOk,
      bytes: pageBytes(html),
      noindex,
    };
  }
  const factcheckBytes = (report.pages as Record<string, { bytes: { jsGzipBytes: number } }>).factcheck!
    .bytes;
  report.readingPageJavaScript = {
    page: 'factcheck',
    jsGzipBytes: factcheckBytes.jsGzipBytes,
    limitBytes: READING_PAGE_JS_LIMIT,
    pass: factcheckBytes.jsGzipBytes <= READING_PAGE_JS_LIMIT,
  };
  isPassing &&= factcheckBytes.jsGzipBytes <= READING_PAGE_JS_LIMIT;
  report.pass = isPassing;
  report.loadAverageAtEnd = loadavg().map((n) => Number(n.toFixed(2)));
  report.rssMbAfter = Math.round(process.memoryUsage().rss / 1024 / 1024);

  if (!values['no-lighthouse']) {
    const lighthouse: Record<string, unknown> = {};
    /** A page's median run of `runs`, whether it meets the targets (counted into the verdict), each run's score. */
    const judge = (name: string, runs: LighthouseReport[]) => {
      const median = medianRun(runs);
      const meetsTargets = meetsLighthouseTargets(median, noindexPages.has(name));
      isLighthouseOk &&= meetsTargets;
      return { median, meetsTargets, performanceOfEachRun: runs.map((r) => r.scores.performance) };
    };
    for (const [name, path] of Object.entries(pages)) {
      const runs: LighthouseReport[] = [];
      for (let run = 1; run <= LIGHTHOUSE_RUNS; run++) {
        console.log(`lighthouse ${name} ${run}/${LIGHTHOUSE_RUNS}…`);
        runs.push(await scoredRun(() => runLighthouse(`${cached.origin}${path}`)));
      }
      const { median, ...judged } = judge(name, runs);
      lighthouse[name] = {
        median,
        ...judged,
        worst: Object.fromEntries(
          Object.keys(median.scores).map((c) => [
            c,
            Math.min(...runs.map((r) => r.scores[c as keyof LighthouseReport['scores']] ?? 0)),
          ]),
        ),
      };
    }
    let firstVisitAfterRestart: Record<string, unknown> | undefined;
    if (!values['no-restart']) {
      firstVisitAfterRestart = {};
      const restartDir = mkdtempSync(join(tmpdir(), 'tabayyun-bench-restart-'));
      try {
        const restartRuns: Record<string, LighthouseReport[]> = {};
        for (let round = 1; round <= LIGHTHOUSE_RUNS; round++) {
          for (const name of Object.keys(pages) as (keyof typeof pages)[]) {
            // A server process of its own for each visit: its first request is this visit.
            const visit = async () => {
              const server = await startServer({
                dataDir: restartDir,
                env: {
                  SEED_DEMO: 'true',
                  LOG_LEVEL: 'warn',
                  ...(process.env.WEB_BUILD_DIR ? { WEB_BUILD_DIR: process.env.WEB_BUILD_DIR } : {}),
                },
                timeoutMs: 300_000,
              });
              try {
                // The API's first answer, not the page's: the page is still never rendered.
                const newestThere = (await (
                  await fetch(`${server.url}/api/factcheck?${NEWEST_FACTCHECK_QUERY}`)
                ).json()) as { data: { slug: string }[] };
                const path = measuredPages(newestThere.data[0]?.slug)[name];
                console.log(`lighthouse ${name}, first visit after a restart ${round}/${LIGHTHOUSE_RUNS}…`);
                return await runLighthouse(`${server.url}${path}`);
              } finally {
                await server.stop();
              }
            };
            const run = await scoredRun(visit);
            restartRuns[name] = [...(restartRuns[name] ?? []), run];
          }
        }
        for (const [name, runs] of Object.entries(restartRuns)) {
          firstVisitAfterRestart[name] = {
            ...judge(name, runs),
            totalBlockingTimeMsOfEachRun: runs.map((r) => Math.round(r.metrics.totalBlockingTimeMs ?? 0)),
          };
        }
      } finally {
        rmSync(restartDir, { recursive: true, force: true });
      }
    }
    report.lighthouse = {
      runsWithoutScoreRepeated: lighthouseRetries,
      targets: { ...LIGHTHOUSE_TARGETS, maxCumulativeLayoutShift: MAX_LAYOUT_SHIFT },
      runsPerPage: LIGHTHOUSE_RUNS,
      pages: lighthouse,
      ...(firstVisitAfterRestart ? { firstVisitAfterRestart } : {}),
    };
    report.lighthousePass = isLighthouseOk;
  }

  mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
  const out = ENGINE === 'pglite' ? 'site.json' : `site-${ENGINE}.json`;
  writeFileSync(new URL(`./results/${out}`, import.meta.url), `${JSON.stringify(report, null, 2)}\n`);
  printSummary(report);
  const lighthouseVerdict =
    report.lighthousePass === undefined ? 'not run' : report.lighthousePass ? 'PASS' : 'FAIL';
  console.log(
    `\nwritten to bench/results/${out} — ${isPassing ? 'PASS' : 'FAIL'}: warm cache ≥ ½ static file; ` +
      `Lighthouse targets: ${lighthouseVerdict}`,
  );
  process.exitCode = isPassing && report.lighthousePass !== false ? 0 : 1;
} finally {
  for (const app of apps) await app.close();
  if (database.drop) await database.drop();
  else await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}

function printSummary(report: Record<string, unknown>): void {
  const rows: string[][] = [['page', 'variant', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx']];
  for (const [name, page] of Object.entries(report.pages as Record<string, Record<string, Measured>>)) {
    for (const variant of [
      'cacheWarm',
      'cacheDisabled',
      'cacheDisabledOneConnection',
      'staticFile',
    ] as const) {
      const m = page[variant]!;
      rows.push([
        name,
        variant,
        String(m.requestsPerSecond),
        String(m.latencyP50Ms),
        String(m.latencyP99Ms),
        String(m.non2xx),
      ]);
    }
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  console.log(`\n${rows.map((r) => r.map((c, i) => c.padEnd(widths[i]!)).join('  ')).join('\n')}`);
  for (const [name, page] of Object.entries(report.pages as Record<string, Record<string, unknown>>)) {
    console.log(
      `${name}: disabled/static = ${page.disabledOverStatic}; warm/static = ${page.warmOverStatic} (${page.warmAtLeastHalfOfStatic ? 'pass' : 'FAIL'}); bytes ${JSON.stringify(page.bytes)}`,
    );
  }
  const lighthouse = report.lighthouse as
    | { pages: Record<string, { median: LighthouseReport; worst: unknown; performanceOfEachRun: unknown }> }
    | undefined;
  for (const [name, page] of Object.entries(lighthouse?.pages ?? {})) {
    console.log(
      `lighthouse ${name}: median ${JSON.stringify(page.median.scores)}, worst ${JSON.stringify(page.worst)}, ` +
        `performance per run ${JSON.stringify(page.performanceOfEachRun)}, metrics ${JSON.stringify(page.median.metrics)}, ` +
        `weight ${JSON.stringify(page.median.weight)}`,
    );
  }
  const restarts = (
    report.lighthouse as {
      firstVisitAfterRestart?: Record<string, { median: LighthouseReport; performanceOfEachRun: unknown }>;
    }
  )?.firstVisitAfterRestart;
  for (const [name, { median, performanceOfEachRun }] of Object.entries(restarts ?? {})) {
    console.log(
      `lighthouse ${name}, first visit after a restart: median ${JSON.stringify(median.scores)}, ` +
        `performance per run ${JSON.stringify(performanceOfEachRun)}, metrics ${JSON.stringify(median.metrics)}`,
    );
  }
  console.log(`reading page JavaScript: ${JSON.stringify(report.readingPageJavaScript)}`);
}
