// What one cold render costs (issue 13, ADR 033): the work of a page rendered with the page cache off,
// measured in a way this machine's noise does not blur. The demo content is seeded into a fresh
// database (PGlite in a temporary folder, or with DATABASE_URL a new PostgreSQL database, dropped
// after); then a second process, started with the server's memory settings, serves the home page, a
// fact-check page and a search page to itself (Fastify's inject) and reports per request:
//   - CPU time of the whole process (all threads), median and lowest of `--rounds` rounds, with
//     `--connections` requests at once (50 by default, so V8 and the render limiter see a load);
//   - with `--instructions`: the instructions executed, counted by valgrind's callgrind over the
//     measured requests only (the start and the warm-up are left out), V8 in its predictable mode
//     (no background threads) and one request at a time by default. Measured: two runs of one build
//     0.2 % apart (33.61 and 33.69 M instructions a fact-check page), where req/s figures of one build
//     differed by 30 % between runs. With 50 at once the count follows the order in which database
//     answers arrive (6 % apart). A run under valgrind is ~70 times slower: `--warmup 100
//     --requests 60` take ~10 minutes; fewer warm-up requests count V8's compilation of the hot code.
// Writes bench/results/render.json (PGlite) or render-postgres.json (…-instructions.json with counts).
//   npm run bench -- render [--connections N] [--requests 300] [--warmup N] [--rounds 4]
//     [--instructions] [--pages home,factcheck,search]
import './production-env.ts';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { HEAP_FLAGS, MALLOC_TUNABLES } from '../apps/server/src/memory/memory-settings.ts';
import { measuredPages, NEWEST_FACTCHECK_QUERY } from './measured-pages.ts';

const { values } = parseArgs({
  args: process.argv.slice(3),
  options: {
    // Requests at once: 50 by default, 1 with --instructions (see above).
    connections: { type: 'string' },
    requests: { type: 'string', default: '300' },
    // Requests served before measuring (V8 compiles the hot code): as many as measured by default.
    warmup: { type: 'string' },
    rounds: { type: 'string', default: '4' },
    instructions: { type: 'boolean', default: false },
    pages: { type: 'string', default: 'home,factcheck,search' },
    // Internal: the measuring process (a JSON description of the database and the pages).
    child: { type: 'string' },
  },
});

interface ChildInput {
  databaseUrl?: string;
  dataDir?: string;
  pages: Record<string, string>;
  connections: number;
  requests: number;
  warmup: number;
  rounds: number;
  instructions: boolean;
  /** The temporary folder: the measuring process's data, its results and callgrind's dumps. */
  workDir: string;
}

interface PageCost {
  path: string;
  cpuMsPerRequestMedian: number;
  cpuMsPerRequestMin: number;
  instructionsPerRequest?: number;
}

if (values.child) await measureInThisProcess(JSON.parse(values.child) as ChildInput);
else await main();

async function main(): Promise<void> {
  const { openDb } = await import('@tabayyun/db');
  const { createTestDb } = await import('@tabayyun/db/testing');
  const { buildApp } = await import('../apps/server/src/app.ts');
  const { loadConfig } = await import('../apps/server/src/config.ts');
  const { seedDemoContent } = await import('../apps/server/src/modules/seed/seed.service.ts');
  const { ensureWebBuild } = await import('../apps/server/src/modules/site/web-build.ts');
  const { ANONYMOUS_ACTOR } = await import('@tabayyun/permissions');
  const { parseQuery } = await import('@tabayyun/query');

  if (values.instructions && spawnSync('valgrind', ['--version']).status !== 0) {
    throw new Error('--instructions needs valgrind (apt-get install -y valgrind)');
  }
  console.log('building the web app if needed…');
  ensureWebBuild();
  const engine = process.env.DATABASE_URL ? 'postgres' : 'pglite';
  const work = mkdtempSync(join(tmpdir(), 'tabayyun-bench-render-'));
  const dataDir = join(work, 'pglite');
  // A fresh PostgreSQL database (dropped at the end), or PGlite in the temporary folder, closed
  // before the measuring process opens it.
  const testDb = process.env.DATABASE_URL ? await createTestDb() : undefined;
  const database = testDb ?? (await openDb({ dataDir }));
  const databaseUrl = testDb?.url;
  try {
    console.log(`seeding the demo content (${engine})…`);
    const config = loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      DATA_DIR: work,
      SEED_DEMO: 'false',
      APP_SECRET: 'bench-secret-bench-secret-bench-secret-0',
    });
    const app = await buildApp({ config, database, site: false, logger: false });
    await seedDemoContent({ db: database.db, resources: app.services.resources });
    const [newest] = (
      await app.services.resources.list({
        actor: ANONYMOUS_ACTOR,
        resource: 'factcheck',
        query: parseQuery(NEWEST_FACTCHECK_QUERY),
      })
    ).data;
    await app.close();
    if (!databaseUrl) await database.close();

    const all: Record<string, string> = measuredPages(newest?.slug);
    const pages = Object.fromEntries(
      values.pages
        .split(',')
        .map((name) => name.trim())
        .filter((name) => name in all)
        .map((name) => [name, all[name]!]),
    );
    const input: ChildInput = {
      ...(databaseUrl ? { databaseUrl } : { dataDir }),
      pages,
      connections: Number(values.connections ?? (values.instructions ? 1 : 50)),
      requests: Number(values.requests),
      warmup: Number(values.warmup ?? values.requests),
      rounds: values.instructions ? 1 : Math.max(1, Number(values.rounds)),
      instructions: values.instructions,
      workDir: work,
    };
    // The server's V8 flags and malloc settings, given directly: the product's entry point would
    // start Node again in place to add them, and valgrind does not follow that.
    // Under valgrind, V8 runs in its predictable mode: no background compilation or collection
    // threads, no timer-driven memory reduction, so two runs of one build execute the same work.
    const node = [
      ...HEAP_FLAGS,
      ...(values.instructions ? ['--predictable'] : []),
      import.meta.filename,
      'render',
      '--child',
      JSON.stringify(input),
    ];
    const env = {
      ...process.env,
      GLIBC_TUNABLES: MALLOC_TUNABLES.join(':'),
      TABAYYUN_MEMORY_SETTINGS: 'off',
    };
    const command = values.instructions ? 'valgrind' : process.execPath;
    const args = values.instructions
      ? [
          '--tool=callgrind',
          '--smc-check=all-non-file',
          `--callgrind-out-file=${join(work, 'callgrind.%p')}`,
          process.execPath,
          ...node,
        ]
      : node;
    console.log(
      `measuring ${Object.keys(pages).join(', ')}: ${input.requests} requests × ${input.rounds} round(s) ` +
        `at ${input.connections} at once${values.instructions ? ', under callgrind' : ''}…`,
    );
    execFileSync(command, args, { env, stdio: ['ignore', 'inherit', 'inherit'] });
    const costs = JSON.parse(readFileSync(costsFile(work), 'utf8')) as Record<string, PageCost>;

    const report = {
      benchmark: 'render',
      engine,
      date: new Date().toISOString(),
      loadAverageAtStart: loadavg().map((n) => Number(n.toFixed(2))),
      node: process.version,
      nodeFlags: HEAP_FLAGS,
      connections: input.connections,
      warmupRequests: input.warmup,
      requestsPerRound: input.requests,
      rounds: input.rounds,
      pages: costs,
    };
    console.log('');
    for (const [name, cost] of Object.entries(costs)) {
      console.log(
        `${name.padEnd(10)} CPU ${cost.cpuMsPerRequestMedian.toFixed(2)} ms/request (lowest ${cost.cpuMsPerRequestMin.toFixed(2)})` +
          (cost.instructionsPerRequest
            ? `  ${(cost.instructionsPerRequest / 1e6).toFixed(2)} M instructions/request`
            : ''),
      );
    }
    mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
    const out = `render${engine === 'pglite' ? '' : `-${engine}`}${values.instructions ? '-instructions' : ''}.json`;
    writeFileSync(new URL(`./results/${out}`, import.meta.url), `${JSON.stringify(report, null, 2)}\n`);
    console.log(`\nwritten to bench/results/${out}`);
  } finally {
    await testDb?.drop();
    rmSync(work, { recursive: true, force: true });
  }
}

/** Where the measuring process leaves its figures for the first. */
function costsFile(workDir: string): string {
  return join(workDir, 'costs.json');
}

/** The instructions callgrind counted since its counters were last zeroed: dumps them and reads the file. */
function dumpInstructions(outDir: string): number {
  execFileSync('callgrind_control', ['--dump', String(process.pid)], { stdio: 'ignore' });
  const dumps = readdirSync(outDir).filter((f) => f.startsWith(`callgrind.${process.pid}.`));
  const latest = dumps.sort((a, b) => Number(a.split('.').pop()) - Number(b.split('.').pop())).at(-1);
  if (!latest) throw new Error('callgrind wrote no dump');
  const summary = /^summary:\s*(\d+)/m.exec(readFileSync(join(outDir, latest), 'utf8'));
  if (!summary) throw new Error(`no summary line in ${latest}`);
  return Number(summary[1]);
}

async function measureInThisProcess(input: ChildInput): Promise<void> {
  const { preferCommonJsDrizzle } = await import('@tabayyun/db/module-hooks');
  preferCommonJsDrizzle();
  const { openDb } = await import('@tabayyun/db');
  const { buildApp } = await import('../apps/server/src/app.ts');
  const { loadConfig } = await import('../apps/server/src/config.ts');
  const { siteStateOf } = await import('../apps/server/src/modules/site/site.plugin.ts');
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: input.workDir,
    SEED_DEMO: 'false',
    SITE_CACHE: 'false',
    PUBLIC_URL: 'http://127.0.0.1:3000',
    APP_SECRET: 'bench-secret-bench-secret-bench-secret-0',
  });
  const database = await openDb(
    input.databaseUrl ? { databaseUrl: input.databaseUrl } : { dataDir: input.dataDir },
  );
  const app = await buildApp({
    config,
    database,
    site: true,
    logger: false,
    ...(input.instructions ? { pluginTimeoutMs: 0 } : {}),
  });
  await app.ready();
  // The start compresses the client files in the background: measured renders must not share the
  // machine with it.
  await siteStateOf(app)?.assetsReady;

  const serve = async (path: string, count: number) => {
    let started = 0;
    const worker = async () => {
      while (started++ < count) {
        const answer = await app.inject({
          method: 'GET',
          url: path,
          headers: { 'accept-encoding': 'gzip, br' },
        });
        if (answer.statusCode !== 200) throw new Error(`${path} answered ${answer.statusCode}`);
      }
    };
    await Promise.all(Array.from({ length: input.connections }, worker));
  };

  const costs: Record<string, PageCost> = {};
  for (const [name, path] of Object.entries(input.pages)) {
    // The warm-up: V8 compiles the hot code, React Router and the caches of rarely changing data fill.
    await serve(path, input.warmup);
    if (input.instructions)
      execFileSync('callgrind_control', ['--zero', String(process.pid)], { stdio: 'ignore' });
    const perRequest: number[] = [];
    let instructions: number | undefined;
    for (let round = 0; round < input.rounds; round++) {
      const before = process.cpuUsage();
      await serve(path, input.requests);
      const used = process.cpuUsage(before);
      if (input.instructions) instructions = dumpInstructions(input.workDir);
      perRequest.push((used.user + used.system) / 1000 / input.requests);
    }
    perRequest.sort((a, b) => a - b);
    costs[name] = {
      path,
      cpuMsPerRequestMedian: Number(perRequest[Math.floor(perRequest.length / 2)]!.toFixed(3)),
      cpuMsPerRequestMin: Number(perRequest[0]!.toFixed(3)),
      ...(instructions === undefined
        ? {}
        : { instructionsPerRequest: Math.round(instructions / input.requests) }),
    };
    console.log(`${name}: ${JSON.stringify(costs[name])}`);
  }
  writeFileSync(costsFile(input.workDir), JSON.stringify(costs));
  await app.close();
  await database.close();
}
