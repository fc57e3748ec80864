// Soak (issue 14): the real server process (`node apps/server/src/server.ts`, production mode, page
// cache on) on PostgreSQL with the demo content, under 100 connections for 10 minutes over the
// public pages and the read-count endpoint, while a background writer edits published fact-checks
// (each edit clears cached pages). Reports the server's RSS every 30 s, errors, req/s and
// latencies. Targets: 0 errors, and memory flat (the last five RSS samples within 10%).
// Writes bench/results/soak.json.
//   npm run bench -- soak [--minutes 10] [--connections 100] [--interval 30]
//                         [--postgres-url postgres://postgres@127.0.0.1:5432/postgres]
// The read counter's per-client limit (READ_RATE_MAX, 120 a minute) is raised for the run: the soak
// measures the endpoint's cost (the limiter's database bucket included), not the limiter's refusals.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ensureWebBuild } from '../apps/server/src/modules/site/web-build.ts';
import {
  createPostgresDatabase,
  http,
  sharedSecrets,
  signInHttp,
  startServer,
} from '../apps/server/test/server-process.ts';
import { type AutocannonRequest, autocannon } from './autocannon.ts';

const { values } = parseArgs({
  args: process.argv.slice(3),
  options: {
    minutes: { type: 'string', default: '10' },
    connections: { type: 'string', default: '100' },
    interval: { type: 'string', default: '30' },
    'postgres-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    out: { type: 'string', default: 'bench/results/soak.json' },
  },
});
const MINUTES = Number(values.minutes);
const CONNECTIONS = Number(values.connections);
const INTERVAL_S = Number(values.interval);

const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();
const rssMb = (pid: number): number => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? Number.NaN);
  return Math.round((kb / 1024) * 10) / 10;
};

ensureWebBuild();
const uptimeBefore = uptime();
const dataDir = mkdtempSync(join(tmpdir(), 'tabayyun-soak-'));
const database = await createPostgresDatabase(values['postgres-url']);
const server = await startServer({
  dataDir,
  databaseUrl: database.url,
  env: {
    ...sharedSecrets(),
    SEED_DEMO: 'true',
    SITE_CACHE: 'true',
    LOG_LEVEL: 'warn',
    READ_RATE_MAX: '100000000',
    // The load generator stands in for the load balancer: its X-Forwarded-For names the client.
    TRUST_PROXY: 'loopback',
  },
  timeoutMs: 300_000,
});
const base = server.url;
console.log(`server ${server.pid} at ${base}; ${MINUTES} min × ${CONNECTIONS} connections`);

try {
  const { access_token: token } = await signInHttp(base);
  // The public pages: home in three languages, lists, and the published items of the demo content.
  const published = await http(
    base,
    'GET',
    '/api/factcheck?status=published&per_page=40&select=slug,language,title',
  );
  const articles = await http(base, 'GET', '/api/article?status=published&per_page=20&select=slug,language');
  type Item = { _id: string; slug: string; language?: string; title?: string };
  const itemPath = (kind: string, item: Item) =>
    `${item.language && item.language !== 'ar' ? `/${item.language}` : ''}/${kind}/${encodeURIComponent(item.slug)}`;
  const factchecks = published.body.data as Item[];
  if (factchecks.length === 0) throw new Error(`no published fact-checks: ${published.text.slice(0, 300)}`);
  const pages = [
    '/',
    '/en',
    '/tr',
    ...factchecks.map((item) => itemPath('factcheck', item)),
    ...(articles.body.data as Item[]).map((item) => itemPath('article', item)),
  ];
  for (const page of pages) {
    const res = await http(base, 'GET', page);
    if (res.status !== 200) throw new Error(`${page} answers ${res.status}`);
  }

  // Read counts from 20 client addresses (X-Forwarded-For, trusted from loopback), two per
  // item, as behind a load balancer: the limiter's buckets are rows, not one hot row.
  const reads = factchecks.slice(0, 10).flatMap((item, i) =>
    [0, 1].map(
      (j): AutocannonRequest => ({
        method: 'POST',
        path: '/api/count/read',
        body: JSON.stringify({ _id: item._id }),
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.0.${i}.${j + 1}` },
      }),
    ),
  );
  const requests: AutocannonRequest[] = [
    ...pages.map(
      (path): AutocannonRequest => ({ method: 'GET', path, headers: { 'accept-encoding': 'gzip, br' } }),
    ),
    ...reads,
  ];

  // The background writer: one edit of a published fact-check a second.
  let running = true;
  const writer = { writes: 0, errors: 0, firstError: undefined as string | undefined };
  const writing = (async () => {
    for (let i = 0; running; i++) {
      const item = factchecks[i % factchecks.length]!;
      const res = await http(base, 'PATCH', `/api/factcheck/${item._id}`, {
        token,
        body: [{ op: 'replace', path: '/title', value: `${item.title ?? 'ادعاء'} (${i})` }],
      }).catch((error: unknown) => ({ status: 0, text: String(error) }));
      if (res.status === 200) writer.writes++;
      else {
        writer.errors++;
        writer.firstError ??= `${res.status} ${res.text.slice(0, 200)}`;
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  })();

  const started = Date.now();
  const rss: { atS: number; rssMb: number }[] = [{ atS: 0, rssMb: rssMb(server.pid) }];
  console.log(`rss at 0 s: ${rss[0]!.rssMb} MB`);
  const sampler = setInterval(() => {
    const sample = { atS: Math.round((Date.now() - started) / 1000), rssMb: rssMb(server.pid) };
    rss.push(sample);
    console.log(`rss at ${sample.atS} s: ${sample.rssMb} MB  (load ${loadavg()[0]!.toFixed(2)})`);
  }, INTERVAL_S * 1000);

  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: Math.round(MINUTES * 60),
    requests,
    // The load generator gets its own thread.
    workers: 1,
  });
  clearInterval(sampler);
  rss.push({ atS: Math.round((Date.now() - started) / 1000), rssMb: rssMb(server.pid) });
  running = false;
  await writing;

  const lastFive = rss.slice(-5).map((s) => s.rssMb);
  const spread = (Math.max(...lastFive) - Math.min(...lastFive)) / Math.min(...lastFive);
  const errors = result.errors + result.timeouts + result.non2xx + writer.errors;
  const report = {
    date: new Date().toISOString(),
    node: process.version,
    engine: 'postgres',
    minutes: MINUTES,
    connections: CONNECTIONS,
    pages: pages.length,
    readCountTargets: Math.min(10, factchecks.length),
    uptimeBefore,
    uptimeAfter: uptime(),
    requests: {
      total: result.requests.total,
      perSecond: Math.round(result.requests.average),
      throughputKBps: Math.round(result.throughput.average / 1024),
    },
    latencyMs: {
      average: result.latency.average,
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
    },
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => [code, s.count]),
    ),
    errors: {
      connection: result.errors,
      timeouts: result.timeouts,
      non2xx: result.non2xx,
      writer: writer.errors,
    },
    writer: { writes: writer.writes, firstError: writer.firstError },
    rss,
    memory: { lastFiveMb: lastFive, spreadPercent: Math.round(spread * 1000) / 10, flat: spread <= 0.1 },
    targets: { zeroErrors: errors === 0, memoryFlat: spread <= 0.1 },
  };
  writeFileSync(values.out, `${JSON.stringify(report, null, 2)}\n`);
  console.log(
    JSON.stringify(
      {
        requests: report.requests,
        latencyMs: report.latencyMs,
        errors: report.errors,
        memory: report.memory,
      },
      null,
      2,
    ),
  );
  if (!report.targets.zeroErrors || !report.targets.memoryFlat) process.exitCode = 1;
} finally {
  await server.stop();
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
