// Junk traffic against the real server (issue 34, "Done when"): `node apps/server/src/server.ts`
// started as `npm start` does (production, demo content, the page cache on), on PostgreSQL with
// DATABASE_URL (a fresh database, dropped after) or PGlite without, loopback only. While readers
// ask for the cached public pages (home, the newest fact-check, a search) without a pause, two
// attacks run one after the other, each for --duration seconds:
//   pages    public pages with a random query string (`/factcheck/x?<random>=<random>`), which made a
//            render and a cache entry each before pages were keyed on their routes' parameters;
//   sign-in  password sign-in attempts with a random X-Forwarded-For and a random e-mail address,
//            which a server trusting that header counted as a new client every time.
// Readers and attackers are each their own process (bench/abuse.ts started again with
// ABUSE_CLIENT set), driven by autocannon (a raw HTTP/1.1 client, keep-alive, no pause between a
// connection's requests): the two cores are shared by the server, PostgreSQL and both clients, and
// a client spending a millisecond of its own event loop per request (fetch) measured its own
// queue rather than the server's answers. The clients stand for machines elsewhere, so they run
// below the server in CPU priority (both nice 10) and share what it leaves. The
// attack sends as fast as the server answers (its rate is in the results). The measured server is
// a restart (a first start migrates and seeds the database and fills Node's compile cache, then
// stops), let settle before the attacks (its start-up work: the client files compressed, the warmed
// pages' slow compressions) until it uses under 5 % of a core for a second: the readers are those
// of a site that was up before the attack began (ADR 047).
// Reported: the readers' latency (p50, p99, from each answer's own time) and the share of their
// answers the page cache gave (x-cache HIT or STALE), per phase; the server's peak resident memory
// (VmRSS from /proc/<pid>/status, sampled every 250 ms); the attackers' answers by status; and the
// sign-in attempts the server evaluated beyond its budget: every answer other than 429 counts as
// evaluated, and the budget of the one real client (the loopback address) is AUTH_RATE_MAX per
// window. Targets: readers' p99 ≤ 50 ms, ≥ 98 % from the cache, RSS ≤ SITE_CACHE_MB + 150 MB,
// 0 attempts beyond the budget. Writes bench/results/abuse-postgres.json or bench/results/abuse.json.
//   npm run bench -- abuse [--duration 30] [--readers 8] [--attackers 16] [--cache-mb 64]
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type AutocannonRequest, autocannonInstance } from './autocannon.ts';

/** What one client process does: read the cached pages, or attack. */
type ClientPlan =
  | { role: 'readers'; url: string; durationS: number; connections: number; pages: string[] }
  | {
      role: 'attackers';
      kind: 'pages' | 'sign-in';
      url: string;
      durationS: number;
      connections: number;
      pages: string[];
      authPath: string;
    };

/** What a client process reports. */
interface ClientResult {
  /** Each answer's time in ms (readers). */
  latencies: number[];
  statuses: Record<string, number>;
  /** x-cache of each answer (readers). */
  xCache: Record<string, number>;
  /** The start of the first answer of each status other than 200 (what the server said). */
  samples: Record<string, string>;
  errors: number;
}

/** Nice value of both client processes (the server and PostgreSQL run at 0). */
const CLIENT_NICE = 10;

/** Random text for a query string, an address or an e-mail. */
const random = (bytes = 6) => randomBytes(bytes).toString('hex');
const randomIp = () =>
  `${1 + (randomBytes(1)[0]! % 223)}.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

/** Runs one client plan with autocannon, in this process; resolves with its tallies. */
async function runClient(plan: ClientPlan): Promise<ClientResult> {
  const result: ClientResult = { latencies: [], statuses: {}, xCache: {}, samples: {}, errors: 0 };
  const onResponse = (status: number, body: string, _context: unknown, headers: Record<string, unknown>) => {
    result.statuses[status] = (result.statuses[status] ?? 0) + 1;
    if (status !== 200 && !(status in result.samples)) result.samples[status] = String(body).slice(0, 200);
    if (plan.role === 'readers') {
      const cache = String(headers['x-cache'] ?? headers['X-Cache'] ?? 'none');
      result.xCache[cache] = (result.xCache[cache] ?? 0) + 1;
    }
  };
  const pageHeaders = { accept: 'text/html', 'accept-encoding': 'gzip, br' };
  let requests: AutocannonRequest[];
  if (plan.role === 'readers') {
    requests = plan.pages.map((path) => ({ method: 'GET', path, headers: pageHeaders, onResponse }));
  } else if (plan.kind === 'pages') {
    requests = [
      {
        method: 'GET',
        headers: pageHeaders,
        onResponse,
        setupRequest: (request) => ({
          ...request,
          path: `${plan.pages[randomBytes(1)[0]! % plan.pages.length]}?${random()}=${random()}`,
        }),
      },
    ];
  } else {
    requests = [
      {
        method: 'POST',
        onResponse,
        setupRequest: (request) => ({
          ...request,
          path: plan.authPath,
          headers: { 'content-type': 'application/json', 'x-forwarded-for': randomIp() },
          body: JSON.stringify({
            grant_type: 'password',
            email: `${random()}@example.org`,
            password: `Wrong-${random()}`,
          }),
        }),
      },
    ];
  }
  const instance = autocannonInstance({
    url: plan.url,
    connections: plan.connections,
    duration: plan.durationS,
    requests,
  });
  instance.on('response', (_client, _status, _bytes, responseTime) => {
    if (plan.role === 'readers') result.latencies.push(responseTime);
  });
  instance.on('reqError', () => {
    result.errors++;
  });
  await instance.result;
  return result;
}

if (process.env.ABUSE_CLIENT) {
  // A client process: waits for its plan, then for the word to start (so that readers and
  // attackers start together), and sends its tallies back.
  const plan = await new Promise<ClientPlan>((resolve) => process.once('message', resolve));
  process.send!('ready');
  await new Promise((resolve) => process.once('message', resolve));
  const result = await runClient(plan);
  process.send!(result, () => process.exit(0));
} else {
  await main();
}

/** Starts a client process with `plan`; `start()` lets it go, `result` is its tallies. */
async function startClient(plan: ClientPlan): Promise<{ start(): void; result: Promise<ClientResult> }> {
  const child = fork(new URL(import.meta.url), [], {
    env: { ...process.env, ABUSE_CLIENT: plan.role },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  // The clients stand for machines elsewhere: below the server and PostgreSQL in CPU priority, both
  // alike, so their own work is not taken from what they measure; they share what the server
  // leaves.
  try {
    setPriority(child.pid!, CLIENT_NICE);
  } catch {
    // Not permitted here: the clients run at the server's priority.
  }
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`the ${plan.role} process exited (${code})`))),
  );
  exited.catch(() => {});
  const ready = new Promise((resolve) => child.once('message', resolve));
  child.send(plan);
  await Promise.race([ready, exited]);
  return {
    start: () => child.send('go'),
    result: Promise.race([
      new Promise<ClientResult>((resolve) => child.once('message', (m) => resolve(m as ClientResult))),
      exited,
    ]),
  };
}

async function main(): Promise<void> {
  const { ensureWebBuild } = await import('../apps/server/src/modules/site/web-build.ts');
  const { UPGRADE_DELAY_MS } = await import('../apps/server/src/modules/site/page-cache.ts');
  const { ASSET_COMPRESSION_DELAY_MS } = await import('../apps/server/src/modules/site/asset-compression.ts');
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
  /** CPU time of a process (all its threads), in ms. */
  const cpuMsOf = (pid: number) => {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  };
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
  const secrets = sharedSecrets();
  /** `npm start` of the server on this database and data folder; `ready` resolves at /healthz. */
  const startServer = () => {
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
          ...secrets,
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
    const ready = (async () => {
      const deadline = performance.now() + 180_000;
      for (;;) {
        if (child.exitCode !== null) throw new Error(`the server exited:\n${output.slice(-4000)}`);
        const ok = await fetch(`${url}/healthz`).then(
          (res) => res.ok,
          () => false,
        );
        if (ok) return;
        if (performance.now() > deadline) throw new Error(`no /healthz:\n${output.slice(-4000)}`);
        await sleep(100);
      }
    })();
    const stop = async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    };
    return { child, ready, stop };
  };
  let server: ReturnType<typeof startServer> | undefined;
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
    // A first start migrates and seeds the database and fills Node's compile cache with the
    // stripped TypeScript; the measured server is the restart, as a site deployed before its
    // attack is (a start that strips changed sources also holds Node's TypeScript stripper, ~18 MB).
    const first = startServer();
    try {
      await first.ready;
    } finally {
      await first.stop();
    }
    server = startServer();
    const child = server.child;
    await server.ready;
    const newest = (await (await fetch(`${url}/api/factcheck?${NEWEST_FACTCHECK_QUERY}`)).json()) as {
      data: { slug: string }[];
    };
    const pages = Object.values(measuredPages(newest.data[0]?.slug));
    // Warm: every reader page cached (and its slow compressions under way or done).
    for (let round = 0; round < 3; round++) {
      for (const page of pages) await (await fetch(`${url}${page}`)).arrayBuffer();
    }
    const pid = child.pid!;
    // Settle: the server's start-up work in the background is over once both have begun (the client
    // files are compressed from ASSET_COMPRESSION_DELAY_MS after start, the warmed pages' slow
    // compressions UPGRADE_DELAY_MS after they were stored) and it then uses under 5 % of a core for
    // a second (60 s at most).
    const settleStarted = performance.now();
    await sleep(Math.max(UPGRADE_DELAY_MS, ASSET_COMPRESSION_DELAY_MS) + 1000);
    for (let before = cpuMsOf(pid); performance.now() - settleStarted < 60_000; ) {
      await sleep(1000);
      const now = cpuMsOf(pid);
      if (now - before < 50) break;
      before = now;
    }
    report.settledAfterS = Number(((performance.now() - settleStarted) / 1000).toFixed(1));
    report.clients = `autocannon, readers and attackers each in its own process (nice ${CLIENT_NICE})`;
    report.loadAverageAtAttack = loadavg().map((n) => Number(n.toFixed(2)));
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
      const [readers, attackers] = await Promise.all([
        startClient({ role: 'readers', url, durationS: DURATION_S, connections: READERS, pages }),
        startClient({
          role: 'attackers',
          kind,
          url,
          durationS: DURATION_S,
          connections: ATTACKERS,
          pages: attackPages,
          authPath: '/auth',
        }),
      ]);
      readers.start();
      attackers.start();
      const [read, attacked] = await Promise.all([readers.result, attackers.result]);
      const latencies = read.latencies.sort((x, y) => x - y);
      const at = (q: number) =>
        Number((latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0).toFixed(1));
      const fromCache = ((read.xCache.HIT ?? 0) + (read.xCache.STALE ?? 0)) / Math.max(1, latencies.length);
      const attackerStatuses = {
        ...attacked.statuses,
        ...(attacked.errors > 0 ? { error: attacked.errors } : {}),
      };
      const evaluated = Object.entries(attacked.statuses)
        .filter(([status]) => status !== '429')
        .reduce((n, [, count]) => n + count, 0);
      const attackAnswers = Object.values(attacked.statuses).reduce((x, y) => x + y, 0);
      phases[kind] = {
        readers: {
          answers: latencies.length,
          p50Ms: at(0.5),
          p99Ms: at(0.99),
          maxMs: Number((latencies.at(-1) ?? 0).toFixed(1)),
          fromCacheShare: Number(fromCache.toFixed(4)),
          xCache: read.xCache,
          statuses: { ...read.statuses, ...(read.errors > 0 ? { error: read.errors } : {}) },
        },
        attackers: {
          answers: attackAnswers,
          perSecond: Math.round(attackAnswers / DURATION_S),
          statuses: attackerStatuses,
          samples: attacked.samples,
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
    await server?.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
