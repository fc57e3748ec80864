// Junk traffic against the real server (issue 34, "Done when"): `node apps/server/src/server.ts`
// started as `npm start` does (production, demo content, the page cache on), on PostgreSQL with
// DATABASE_URL (a fresh database, dropped after) or PGlite without, loopback only. While readers
// ask for the cached public pages (home, the newest fact-check, a search) without a pause, two
// attacks run one after the other, each for --duration seconds:
//   pages    public pages with a random query string (`/factcheck/x?<random>=<random>`), which made a
//            render and a cache entry each before pages were keyed on their routes' parameters;
//   sign-in  password sign-in attempts with a random X-Forwarded-For and a random e-mail address,
//            which a server trusting that header counted as a new client every time.
// The attackers run in a worker thread (their own event loop), the readers and the memory sampling
// here. Reported: the readers' latency (p50, p99) and the share of their answers the page cache
// gave (x-cache HIT or STALE), per phase; the server's peak resident memory (VmRSS from
// /proc/<pid>/status, sampled every 250 ms); the attackers' answers by status; and the sign-in
// attempts the server evaluated beyond its budget: every answer other than 429 counts as
// evaluated, and the budget of the one real client (the loopback address) is AUTH_RATE_MAX per
// window. Targets: readers' p99 ≤ 50 ms, ≥ 98 % from the cache, RSS ≤ SITE_CACHE_MB + 150 MB,
// 0 attempts beyond the budget. Writes bench/results/abuse-postgres.json or bench/results/abuse.json.
//   npm run bench -- abuse [--duration 30] [--readers 8] [--attackers 16] [--cache-mb 64]
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

interface AttackPlan {
  url: string;
  kind: 'pages' | 'sign-in';
  durationS: number;
  attackers: number;
  pages: string[];
  authPath: string;
}

/** Random text for a query string, an address or an e-mail. */
const random = (bytes = 6) => randomBytes(bytes).toString('hex');
const randomIp = () =>
  `${1 + (randomBytes(1)[0]! % 223)}.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

/** One attack, in the worker: `attackers` loops until the deadline; the answers by status. */
async function attack(
  plan: AttackPlan,
): Promise<{ statuses: Record<string, number>; samples: Record<string, string> }> {
  const statuses: Record<string, number> = {};
  /** The start of the first answer of each status (what the server said). */
  const samples: Record<string, string> = {};
  const deadline = performance.now() + plan.durationS * 1000;
  const loop = async () => {
    while (performance.now() < deadline) {
      let status: string;
      try {
        const res =
          plan.kind === 'pages'
            ? await fetch(
                `${plan.url}${plan.pages[randomBytes(1)[0]! % plan.pages.length]}?${random()}=${random()}`,
                {
                  headers: { accept: 'text/html', 'accept-encoding': 'gzip, br' },
                },
              )
            : await fetch(`${plan.url}${plan.authPath}`, {
                method: 'POST',
                headers: { 'content-type': 'application/json', 'x-forwarded-for': randomIp() },
                body: JSON.stringify({
                  grant_type: 'password',
                  email: `${random()}@example.org`,
                  password: `Wrong-${random()}`,
                }),
              });
        const body = await res.text();
        status = String(res.status);
        if (!(status in samples) && status !== '200') samples[status] = body.slice(0, 200);
      } catch {
        status = 'error';
      }
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: plan.attackers }, loop));
  return { statuses, samples };
}

if (!isMainThread) {
  parentPort!.postMessage(await attack(workerData as AttackPlan));
} else {
  await main();
}

async function main(): Promise<void> {
  const { ensureWebBuild } = await import('../apps/server/src/modules/site/web-build.ts');
  const { createPostgresDatabase, freePort, REPO_ROOT, sharedSecrets } = await import(
    '../apps/server/test/server-process.ts'
  );
  const { measuredPages, NEWEST_FACTCHECK_QUERY } = await import('./measured-pages.ts');
  const { values } = parseArgs({
    args: process.argv.slice(3),
    options: {
      duration: { type: 'string', default: '30' },
      readers: { type: 'string', default: '8' },
      attackers: { type: 'string', default: '16' },
      'cache-mb': { type: 'string', default: '64' },
    },
  });
  const DURATION_S = Number(values.duration);
  const READERS = Number(values.readers);
  const ATTACKERS = Number(values.attackers);
  const CACHE_MB = Number(values['cache-mb']);
  const AUTH_RATE_MAX = 30;
  const ENGINE = process.env.DATABASE_URL ? 'postgres' : 'pglite';
  const TARGETS = { readersP99Ms: 50, fromCacheShare: 0.98, rssMb: CACHE_MB + 150, signInsBeyondBudget: 0 };
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const rssOf = (pid: number) =>
    Math.round(
      Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024,
    );

  console.log('building the web app if needed…');
  ensureWebBuild();
  const dataDir = mkdtempSync(join(tmpdir(), 'tabayyun-bench-abuse-'));
  const database = process.env.DATABASE_URL ? await createPostgresDatabase() : undefined;
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    process.execPath,
    [join(REPO_ROOT, 'apps', 'server', 'src', 'server.ts')],
    {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'true',
        SITE_CACHE_MB: String(CACHE_MB),
        AUTH_RATE_MAX: String(AUTH_RATE_MAX),
        ADMIN_EMAIL: 'admin@example.org',
        ADMIN_PASSWORD: 'Adm1n!-bench-abuse-pass',
        DATA_DIR: dataDir,
        ...sharedSecrets(),
        ...(database ? { DATABASE_URL: database.url } : {}),
        ...(process.env.WEB_BUILD_DIR ? { WEB_BUILD_DIR: process.env.WEB_BUILD_DIR } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const keep = (chunk: Buffer) => {
    if (output.length < 1_000_000) output += chunk.toString();
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const report: Record<string, unknown> = {
    benchmark: 'abuse',
    engine: ENGINE,
    date: new Date().toISOString(),
    machine: `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'})`,
    loadAverageAtStart: loadavg().map((n) => Number(n.toFixed(2))),
    node: process.version,
    durationSecondsPerAttack: DURATION_S,
    readers: READERS,
    attackers: ATTACKERS,
    siteCacheMb: CACHE_MB,
    authRateMax: AUTH_RATE_MAX,
    targets: TARGETS,
  };
  try {
    const deadline = performance.now() + 180_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited:\n${output.slice(-4000)}`);
      const ok = await fetch(`${url}/healthz`).then(
        (res) => res.ok,
        () => false,
      );
      if (ok) break;
      if (performance.now() > deadline) throw new Error(`no /healthz:\n${output.slice(-4000)}`);
      await sleep(100);
    }
    const newest = (await (await fetch(`${url}/api/factcheck?${NEWEST_FACTCHECK_QUERY}`)).json()) as {
      data: { slug: string }[];
    };
    const pages = Object.values(measuredPages(newest.data[0]?.slug));
    // Warm: every reader page cached (and its slow compressions under way or done).
    for (let round = 0; round < 3; round++) {
      for (const page of pages) await (await fetch(`${url}${page}`)).arrayBuffer();
    }
    const pid = child.pid!;
    let peakRss = rssOf(pid);
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, rssOf(pid));
    }, 250);
    const phases: Record<string, unknown> = {};
    const attackPages = [
      ...pages.map((p) => p.split('?', 1)[0]!),
      '/en',
      '/tr',
      '/category/fraud',
      '/sources',
    ];
    for (const kind of ['pages', 'sign-in'] as const) {
      const rssBefore = rssOf(pid);
      const latencies: number[] = [];
      const xCache: Record<string, number> = {};
      const statuses: Record<string, number> = {};
      const worker = new Worker(new URL(import.meta.url), {
        workerData: {
          url,
          kind,
          durationS: DURATION_S,
          attackers: ATTACKERS,
          pages: attackPages,
          authPath: '/auth',
        } satisfies AttackPlan,
      });
      const attacked = new Promise<Awaited<ReturnType<typeof attack>>>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      });
      const stopAt = performance.now() + DURATION_S * 1000;
      const read = async (index: number) => {
        for (let i = index; performance.now() < stopAt; i++) {
          const started = performance.now();
          try {
            const res = await fetch(`${url}${pages[i % pages.length]}`, {
              headers: { accept: 'text/html', 'accept-encoding': 'gzip, br' },
            });
            await res.arrayBuffer();
            latencies.push(performance.now() - started);
            const cache = res.headers.get('x-cache') ?? 'none';
            xCache[cache] = (xCache[cache] ?? 0) + 1;
            statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          } catch {
            statuses.error = (statuses.error ?? 0) + 1;
          }
        }
      };
      await Promise.all(Array.from({ length: READERS }, (_, i) => read(i)));
      const { statuses: attackers, samples } = await attacked;
      await worker.terminate();
      latencies.sort((a, b) => a - b);
      const at = (q: number) =>
        Number((latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0).toFixed(1));
      const fromCache = ((xCache.HIT ?? 0) + (xCache.STALE ?? 0)) / Math.max(1, latencies.length);
      const evaluated = Object.entries(attackers)
        .filter(([status]) => status !== '429' && status !== 'error')
        .reduce((n, [, count]) => n + count, 0);
      phases[kind] = {
        readers: {
          answers: latencies.length,
          p50Ms: at(0.5),
          p99Ms: at(0.99),
          maxMs: Number((latencies.at(-1) ?? 0).toFixed(1)),
          fromCacheShare: Number(fromCache.toFixed(4)),
          xCache,
          statuses,
        },
        attackers: {
          answers: Object.values(attackers).reduce((a, b) => a + b, 0),
          statuses: attackers,
          samples,
          ...(kind === 'sign-in'
            ? { evaluated, evaluatedBeyondBudget: Math.max(0, evaluated - AUTH_RATE_MAX) }
            : {}),
        },
        rssMbBefore: rssBefore,
        rssMbAfter: rssOf(pid),
      };
      console.log(kind, JSON.stringify(phases[kind]));
    }
    clearInterval(sampler);
    report.phases = phases;
    report.peakRssMb = peakRss;
    const all = Object.values(phases) as {
      readers: { p99Ms: number; fromCacheShare: number };
      attackers: { evaluatedBeyondBudget?: number };
    }[];
    const checks = {
      readersP99: all.every((p) => p.readers.p99Ms <= TARGETS.readersP99Ms),
      fromCache: all.every((p) => p.readers.fromCacheShare >= TARGETS.fromCacheShare),
      rss: peakRss <= TARGETS.rssMb,
      signInsBeyondBudget: all.every((p) => (p.attackers.evaluatedBeyondBudget ?? 0) <= 0),
    };
    report.checks = checks;
    report.passed = Object.values(checks).every(Boolean);
    report.loadAverageAtEnd = loadavg().map((n) => Number(n.toFixed(2)));
    const file = join(
      REPO_ROOT,
      'bench',
      'results',
      ENGINE === 'postgres' ? 'abuse-postgres.json' : 'abuse.json',
    );
    mkdirSync(join(REPO_ROOT, 'bench', 'results'), { recursive: true });
    writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`peak RSS ${peakRss} MB; checks ${JSON.stringify(checks)}; written to ${file}`);
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
