// The real server as readers meet it (issue 13, item 4): `node apps/server/src/server.ts` started as
// `npm start` does (production, demo content), measured from outside as a separate process:
//   restart  from spawn to the first 200 of /healthz, then the first home page after it (the server
//            was started before, so the database is migrated and seeded: a deploy or a crash);
//   memory   its resident memory (VmRSS, and the peak VmHWM, from /proc/<pid>/status) right after
//            start and after the site benchmark's load (home, a fact-check page and a search page,
//            autocannon at --connections for --duration seconds each), with the page cache on (the
//            default) and, in a second process, off (every request renders).
// Writes bench/results/server.json (PGlite) or, with DATABASE_URL (a fresh database, dropped after),
// bench/results/server-postgres.json. Targets: RSS after load ≤ 250 MB (PostgreSQL) / 400 MB
// (PGlite); restart → /healthz ≤ 1.5 s, first home page ≤ 250 ms after it (PostgreSQL).
//   npm run bench -- server [--duration 10] [--connections 50] [--restarts 5]
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ensureWebBuild } from '../apps/server/src/modules/site/web-build.ts';
import {
  createPostgresDatabase,
  freePort,
  REPO_ROOT,
  sharedSecrets,
} from '../apps/server/test/server-process.ts';
import { autocannon } from './autocannon.ts';
import { measuredPages, NEWEST_FACTCHECK_QUERY } from './measured-pages.ts';

const { values } = parseArgs({
  args: process.argv.slice(3),
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    restarts: { type: 'string', default: '5' },
  },
});
const DURATION_S = Number(values.duration);
const CONNECTIONS = Number(values.connections);
const RESTARTS = Math.max(1, Number(values.restarts));
const SERVER_ENTRY = join(REPO_ROOT, 'apps', 'server', 'src', 'server.ts');
const ENGINE = process.env.DATABASE_URL ? 'postgres' : 'pglite';
const TARGETS: { rssAfterLoadMb: number; restartHealthzMs?: number; firstHomeAfterHealthzMs?: number } =
  ENGINE === 'postgres'
    ? { rssAfterLoadMb: 250, restartHealthzMs: 1500, firstHomeAfterHealthzMs: 250 }
    : { rssAfterLoadMb: 400 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** VmRSS and VmHWM of a process, in MB. */
function memoryOf(pid: number): { rssMb: number; peakRssMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rssMb: Math.round(kb('VmRSS') / 1024), peakRssMb: Math.round(kb('VmHWM') / 1024) };
}

interface Started {
  child: ChildProcess;
  url: string;
  spawnedAt: number;
  output: () => string;
  stop(): Promise<void>;
}

/** Spawns the server as `npm start` runs it (the same entry, production, this Node). */
async function spawnServer(env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const spawnedAt = performance.now();
  // SERVER_NODE_ARGS: extra Node options for the server (e.g. --cpu-prof) when studying a start.
  const nodeArgs = (process.env.SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      // Allocator settings to compare (the server adds the malloc settings it does not find here).
      ...(process.env.MALLOC_ARENA_MAX ? { MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX } : {}),
      ...(process.env.GLIBC_TUNABLES ? { GLIBC_TUNABLES: process.env.GLIBC_TUNABLES } : {}),
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      ...baseEnv,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    if (output.length < 1_000_000) output += chunk.toString();
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    url: `http://127.0.0.1:${port}`,
    spawnedAt,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}

/** Polls `path` every 5 ms until it answers 200; the time since spawn, in ms. */
async function waitFor(server: Started, path: string, timeoutMs = 180_000): Promise<number> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    if (server.child.exitCode !== null) {
      throw new Error(`server exited before ${path} answered:\n${server.output().slice(-4000)}`);
    }
    const ok = await fetch(`${server.url}${path}`).then(
      async (res) => {
        await res.arrayBuffer();
        return res.status === 200;
      },
      () => false,
    );
    if (ok) return performance.now() - server.spawnedAt;
    if (performance.now() > deadline) throw new Error(`${path} did not answer:\n${server.output()}`);
    await sleep(5);
  }
}

async function timed(url: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const res = await fetch(url, { headers: { 'accept-encoding': 'gzip, br' } });
  await res.arrayBuffer();
  return { status: res.status, ms: Number((performance.now() - started).toFixed(1)) };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;

console.log('building the web app if needed…');
ensureWebBuild();
const dataDir = mkdtempSync(join(tmpdir(), 'tabayyun-bench-server-'));
const database = process.env.DATABASE_URL ? await createPostgresDatabase() : undefined;
const baseEnv: Record<string, string> = {
  ...sharedSecrets(),
  DATA_DIR: dataDir,
  ADMIN_EMAIL: 'admin@example.org',
  ADMIN_PASSWORD: 'Adm1n!-bench-server-pass',
  ...(database ? { DATABASE_URL: database.url } : {}),
};
const report: Record<string, unknown> = {
  benchmark: 'server',
  engine: ENGINE,
  date: new Date().toISOString(),
  loadAverageAtStart: loadavg().map((n) => Number(n.toFixed(2))),
  node: process.version,
  durationSeconds: DURATION_S,
  connections: CONNECTIONS,
  // The server logs at warn (npm start's default is info: two access-log lines per request).
  serverLogLevel: 'warn',
  targets: TARGETS,
};
try {
  // First start: migrates the empty database and seeds the demo content (as `npm start` does).
  console.log('first start (migrate, seed)…');
  const first = await spawnServer({ SEED_DEMO: 'true' });
  const firstReadyMs = await waitFor(first, '/readyz');
  await first.stop();
  report.firstStartReadyMs = Math.round(firstReadyMs);

  // Restarts of a migrated, seeded database: spawn → /healthz → the first home page.
  const restarts: { healthzMs: number; firstHomeMs: number; firstHomeStatus: number }[] = [];
  for (let i = 0; i < RESTARTS; i++) {
    const server = await spawnServer({ SEED_DEMO: 'true' });
    const healthzMs = await waitFor(server, '/healthz');
    const home = await timed(`${server.url}/`);
    restarts.push({ healthzMs: Math.round(healthzMs), firstHomeMs: home.ms, firstHomeStatus: home.status });
    console.log(
      `restart ${i + 1}: /healthz ${Math.round(healthzMs)} ms, first home ${home.ms} ms (${home.status})`,
    );
    await server.stop();
  }
  report.restart = {
    runs: restarts,
    medianHealthzMs: median(restarts.map((r) => r.healthzMs)),
    medianFirstHomeMs: median(restarts.map((r) => r.firstHomeMs)),
  };

  // Memory under the site benchmark's load, the cache on (default) and off.
  const memory: Record<string, unknown> = {};
  for (const cache of ['on', 'off'] as const) {
    const server = await spawnServer({
      SEED_DEMO: 'true',
      ...(cache === 'off' ? { SITE_CACHE: 'false' } : {}),
    });
    await waitFor(server, '/readyz');
    const pid = server.child.pid!;
    const idle = memoryOf(pid);
    const search = await fetch(`${server.url}/api/factcheck?${NEWEST_FACTCHECK_QUERY}`);
    const slug = ((await search.json()) as { data: { slug: string }[] }).data[0]?.slug;
    const pages = measuredPages(slug);
    const load: Record<string, unknown> = {};
    for (const [name, path] of Object.entries(pages)) {
      const check = await timed(`${server.url}${path}`);
      if (check.status !== 200) throw new Error(`${name} ${path} answered ${check.status}`);
      console.log(`cache ${cache}: ${name} ${DURATION_S}s at ${CONNECTIONS} connections…`);
      const result = await autocannon({
        url: `${server.url}${path}`,
        connections: CONNECTIONS,
        duration: DURATION_S,
        headers: { 'accept-encoding': 'gzip, br' },
      });
      load[name] = {
        requestsPerSecond: Math.round(result.requests.average),
        latencyP50Ms: result.latency.p50,
        latencyP99Ms: result.latency.p99,
        non2xx: result.non2xx,
        errors: result.errors,
      };
    }
    const after = memoryOf(pid);
    // A few seconds later, once the background work of the load (compression upgrades) is done.
    await sleep(3000);
    const settled = memoryOf(pid);
    memory[`cache-${cache}`] = {
      rssMbAfterStart: idle.rssMb,
      rssMbAfterLoad: after.rssMb,
      rssMbSettled: settled.rssMb,
      peakRssMb: settled.peakRssMb,
      load,
    };
    console.log(
      `cache ${cache}: RSS ${idle.rssMb} MB after start, ${after.rssMb} MB after load, peak ${settled.peakRssMb} MB`,
    );
    if (process.env.SERVER_NODE_ARGS?.includes('--trace-gc')) {
      const gcLines = server
        .output()
        .split('\n')
        .filter((line) => /Mark-Compact|Scavenge/.test(line));
      console.log(gcLines.slice(-3).join('\n'));
    }
    await server.stop();
  }
  report.memory = memory;
  report.loadAverageAtEnd = loadavg().map((n) => Number(n.toFixed(2)));
  const rssAfterLoad = Math.max(
    ...Object.values(memory).map((m) => (m as { rssMbAfterLoad: number }).rssMbAfterLoad),
  );
  const restart = report.restart as { medianHealthzMs: number; medianFirstHomeMs: number };
  const checks: Record<string, boolean> = { rssAfterLoad: rssAfterLoad <= TARGETS.rssAfterLoadMb };
  if (TARGETS.restartHealthzMs !== undefined && TARGETS.firstHomeAfterHealthzMs !== undefined) {
    checks.restartHealthz = restart.medianHealthzMs <= TARGETS.restartHealthzMs;
    checks.firstHome = restart.medianFirstHomeMs <= TARGETS.firstHomeAfterHealthzMs;
  }
  report.checks = checks;
  report.pass = Object.values(checks).every(Boolean);
  mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
  const out = ENGINE === 'pglite' ? 'server.json' : `server-${ENGINE}.json`;
  writeFileSync(new URL(`./results/${out}`, import.meta.url), `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\n${JSON.stringify({ restart, checks }, null, 2)}\nwritten to bench/results/${out}`);
  process.exitCode = report.pass ? 0 : 1;
} finally {
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
