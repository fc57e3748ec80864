// Fuzzing at volume (issue 14): the generators and oracle of apps/server/test/fuzz-*.test.ts, run
// far longer. In process: query strings through the parser and compiler (≥ 1 million), JSON-patch
// documents through applyJsonPatch, upload names through sanitizeFileName. Through HTTP (a real
// listening server on PGlite, or PostgreSQL with --engine postgres): queries on the list and count
// routes, PATCH bodies, uploads. Every input must be accepted or refused with a 4xx catalogue
// code; a crash or a 500 is recorded with its input. Writes bench/results/fuzz.json.
//   npm run bench -- fuzz [--queries 1000000] [--patches 200000] [--names 200000] [--http 30000]
//                         [--seed N] [--engine pglite|postgres]
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openDb, sql } from '@tabayyun/db';
import { ANONYMOUS_ACTOR } from '@tabayyun/permissions';
import fc from 'fast-check';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { ERROR_CODES } from '../apps/server/src/errors.ts';
import { joinName, parseFileKey, sanitizeFileName } from '../apps/server/src/modules/files/file-names.ts';
import { applyJsonPatch } from '../apps/server/src/modules/resources/json-patch.ts';
import {
  definitionOf,
  fileNameArb,
  isCatalogueRefusal,
  patchBodyArb,
  resourceQueryArb,
  runQueryInProcess,
} from '../apps/server/test/fuzz-inputs.ts';

const { values } = parseArgs({
  args: process.argv.slice(3),
  options: {
    queries: { type: 'string', default: '1000000' },
    patches: { type: 'string', default: '200000' },
    names: { type: 'string', default: '200000' },
    http: { type: 'string', default: '30000' },
    seed: { type: 'string' },
    engine: { type: 'string', default: 'pglite' },
    'postgres-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    out: { type: 'string', default: 'bench/results/fuzz.json' },
  },
});
const seed = values.seed === undefined ? Date.now() % 2 ** 31 : Number(values.seed);

interface Tally {
  runs: number;
  accepted: number;
  refused: number;
  crashes: number;
  seconds: number;
  firstFailure?: string;
}

const tally = (): Tally => ({ runs: 0, accepted: 0, refused: 0, crashes: 0, seconds: 0 });

/** Runs `check` over `runs` generated inputs; a crash is counted and kept, never stops the run. */
function inProcess<T>(
  label: string,
  arb: fc.Arbitrary<T>,
  runs: number,
  check: (input: T) => 'ok' | 'refused',
): Tally {
  const t = tally();
  const started = performance.now();
  // fc.check in slices: progress is printed, and memory stays flat over a million runs.
  const slice = 50_000;
  for (let done = 0; done < runs; done += slice) {
    const n = Math.min(slice, runs - done);
    fc.assert(
      fc.property(arb, (input) => {
        t.runs++;
        try {
          if (check(input) === 'ok') t.accepted++;
          else t.refused++;
        } catch (error) {
          t.crashes++;
          t.firstFailure ??= `${JSON.stringify(input)}: ${String(error)}`;
        }
      }),
      { numRuns: n, seed: seed + done, endOnFailure: true },
    );
    process.stdout.write(`\r${label}: ${t.runs.toLocaleString('en')} / ${runs.toLocaleString('en')}`);
  }
  t.seconds = Math.round((performance.now() - started) / 10) / 100;
  process.stdout.write(`  (${t.seconds} s, ${t.crashes} crashes)\n`);
  return t;
}

const sampleDocument = {
  _id: '0a0000000000000000000001',
  title: 'عنوان',
  tags: ['a', 'b'],
  evaluation: [{ category: 'x', note: 'y' }],
  seo: { title: 't' },
};

const queries = inProcess(
  'queries (parse + compile)',
  resourceQueryArb,
  Number(values.queries),
  ({ resource, query }) => runQueryInProcess(definitionOf(resource), query),
);
const patches = inProcess('JSON patches', patchBodyArb, Number(values.patches), (body) => {
  try {
    applyJsonPatch(structuredClone(sampleDocument), body);
    return 'ok';
  } catch (error) {
    if (isCatalogueRefusal(error)) return 'refused';
    throw error;
  }
});
const names = inProcess('upload names', fileNameArb, Number(values.names), (raw) => {
  const safe = sanitizeFileName(raw);
  const name = joinName(safe);
  if (!safe.stem || !name.isWellFormed() || Buffer.byteLength(name) > 255 || /[/\\\p{Cc}]/u.test(name)) {
    throw new Error(`unsafe name '${name}'`);
  }
  if (parseFileKey(`f/${name}`)?.filename !== name) throw new Error(`'${name}' would not be served`);
  return 'ok';
});
// Prototype pollution would surface here, whatever input caused it.
if (Object.keys(Object.prototype).length > 0) throw new Error('Object.prototype was modified');

// ---------- through HTTP ----------

const dataDir = mkdtempSync(join(tmpdir(), 'tabayyun-fuzz-'));
let adminUrl: URL | undefined;
let dbName: string | undefined;
if (values.engine === 'postgres') {
  adminUrl = new URL(values['postgres-url']);
  dbName = `tabayyun_fuzz_${process.pid}`;
  const admin = await openDb({ databaseUrl: adminUrl.toString(), skipMigrations: true, poolSize: 1 });
  await admin.db.execute(sql.raw(`create database ${dbName}`));
  await admin.close();
}
const databaseUrl =
  adminUrl && dbName ? Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString() : undefined;
const database = await openDb(databaseUrl ? { databaseUrl } : {});
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  APP_SECRET: 'fuzz-secret-fuzz-secret-fuzz-secret-0123',
});
const SUPER = { sub: '0f0000000000000000000001', roles: ['super-admin'], anonymous: false };
const app = await buildApp({
  config,
  database,
  logger: false,
  resolveActor: (request) => (request.headers['x-fuzz-actor'] === 'admin' ? SUPER : ANONYMOUS_ACTOR),
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

const codes = new Set(Object.keys(ERROR_CODES));
async function send(
  method: string,
  path: string,
  init: { body?: BodyInit; headers?: Record<string, string> } = {},
) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { 'x-fuzz-actor': 'admin', ...init.headers },
    body: init.body,
  });
  const text = await res.text();
  let code: string | undefined;
  try {
    code = (JSON.parse(text) as { code?: string }).code;
  } catch {
    code = undefined;
  }
  return { status: res.status, code, text };
}

const targets: { resource: string; id: string }[] = [];
for (const [resource, doc] of [
  [
    'factcheck',
    { title: 'ادعاء للتجربة', description: 'ملخص', status: 'published', language: 'ar', tags: [] },
  ],
  ['article', { title: 'مقال للتجربة', description: 'وصف', content: '<p>نص</p>' }],
  ['author', { name: 'كاتب' }],
] as const) {
  const res = await send('POST', `/api/${resource}`, {
    body: JSON.stringify(doc),
    headers: { 'content-type': 'application/json' },
  });
  targets.push({ resource, id: (JSON.parse(res.text) as { _id: string })._id });
}

interface HttpTally {
  requests: number;
  byStatus: Record<string, number>;
  errors500: number;
  unknownCodes: number;
  seconds: number;
  firstFailure?: string;
}

async function overHttp<T>(
  label: string,
  arb: fc.Arbitrary<T>,
  runs: number,
  request: (input: T) => Promise<{ status: number; code: string | undefined; text: string }>,
): Promise<HttpTally> {
  const t: HttpTally = { requests: 0, byStatus: {}, errors500: 0, unknownCodes: 0, seconds: 0 };
  const show = (input: T) => JSON.stringify(input);
  const started = performance.now();
  const inputs = fc.sample(arb, { numRuns: runs, seed });
  let next = 0;
  const worker = async () => {
    while (next < inputs.length) {
      const input = inputs[next++]!;
      const res = await request(input);
      t.requests++;
      t.byStatus[res.status] = (t.byStatus[res.status] ?? 0) + 1;
      if (res.status >= 500) {
        t.errors500++;
        t.firstFailure ??= `${show(input)} → ${res.text.slice(0, 300)}`;
      } else if (res.status >= 400 && !codes.has(res.code ?? '')) {
        t.unknownCodes++;
        t.firstFailure ??= `${show(input)} → ${res.text.slice(0, 300)}`;
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  t.seconds = Math.round((performance.now() - started) / 10) / 100;
  console.log(
    `${label} over HTTP: ${t.requests} requests, ${t.errors500} answers of 500, ${JSON.stringify(t.byStatus)} (${t.seconds} s)`,
  );
  return t;
}

const perKind = Math.max(1, Math.floor(Number(values.http) / 3));
const httpQueries = await overHttp(
  'queries',
  fc.tuple(resourceQueryArb, fc.boolean()),
  perKind,
  ([{ resource, query }, count]) => send('GET', `/api/${resource}${count ? '/count' : ''}?${query}`),
);
const httpPatches = await overHttp(
  'patches',
  fc.tuple(fc.constantFrom(0, 1, 2), patchBodyArb),
  perKind,
  ([which, body]) => {
    const { resource, id } = targets[which]!;
    return send('PATCH', `/api/${resource}/${id}`, {
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
    });
  },
);
const httpUploads = await overHttp('uploads', fileNameArb, perKind, (raw) => {
  const boundary = `----fuzz${createHash('sha1').update(raw).digest('hex').slice(0, 16)}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${raw.replace(/["\r\n]/g, '_')}"\r\nContent-Type: text/plain\r\n\r\n`,
    ),
    Buffer.from(`content of ${JSON.stringify(raw)}\n`),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return send('POST', '/storage/fuzz', {
    body,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
});

await app.close();
await database.close();
if (adminUrl && dbName) {
  const admin = await openDb({ databaseUrl: adminUrl.toString(), skipMigrations: true, poolSize: 1 });
  await admin.db.execute(sql.raw(`drop database if exists ${dbName} with (force)`));
  await admin.close();
}
rmSync(dataDir, { recursive: true, force: true });

const result = {
  date: new Date().toISOString(),
  node: process.version,
  engine: values.engine,
  seed,
  loadAverage: loadavg().map((l) => Math.round(l * 100) / 100),
  inProcess: { queries, patches, names },
  http: { queries: httpQueries, patches: httpPatches, uploads: httpUploads },
  totals: {
    generatedInputs:
      queries.runs +
      patches.runs +
      names.runs +
      httpQueries.requests +
      httpPatches.requests +
      httpUploads.requests,
    crashes: queries.crashes + patches.crashes + names.crashes,
    answersOf500: httpQueries.errors500 + httpPatches.errors500 + httpUploads.errors500,
    refusalsWithoutCatalogueCode:
      httpQueries.unknownCodes + httpPatches.unknownCodes + httpUploads.unknownCodes,
  },
};
mkdirSync('bench/results', { recursive: true });
writeFileSync(values.out, `${JSON.stringify(result, null, 2)}\n`);
console.log(JSON.stringify(result.totals, null, 2));
process.exit(
  result.totals.crashes + result.totals.answersOf500 + result.totals.refusalsWithoutCatalogueCode > 0 ? 1 : 0,
);
