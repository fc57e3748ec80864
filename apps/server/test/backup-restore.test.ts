// Backup and restore (ADR 017) on the engine under test (PGlite, or PostgreSQL with DATABASE_URL):
// the demo content plus uploads go into an archive and come back into an empty target, every
// table compared record by record and every file byte by byte; then the same round trip through
// the real commands (`npm run backup` / `npm run restore` are these scripts), and the refusals.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { type Database, type DbExecutor, openDb, sql } from '@tabayyun/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restoreBackup, writeBackup } from '../src/cli/backup-archive.ts';
import { createLocalStorageDriver } from '../src/modules/files/local-storage-driver.ts';
import { createS3StorageDriver } from '../src/modules/files/s3-storage-driver.ts';
import type { StorageDriver } from '../src/modules/files/storage-driver.ts';
import { seedDemoContent } from '../src/modules/seed/seed.service.ts';
import { buildTestApp, signIn, type TestApp } from './build-test-app.ts';
import { S3_TEST_KEYS, startS3Server, type TestS3Server } from './s3-test-server.ts';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const FIXTURES = join(import.meta.dirname, 'fixtures');
const adminUrl = process.env.DATABASE_URL;
const engine = adminUrl ? 'PostgreSQL' : 'PGlite';

let t: TestApp;
let work: string;
let s3: TestS3Server;
const createdDbs: string[] = [];
let dbCounter = 0;

/** A new, empty target: a fresh database on PostgreSQL, a fresh DATA_DIR on PGlite. */
async function emptyTarget(): Promise<{ dataDir: string; databaseUrl?: string }> {
  const dataDir = mkdtempSync(join(work, 'target-'));
  if (!adminUrl) return { dataDir };
  const name = `tabayyun_restore_${process.pid}_${++dbCounter}`;
  const admin = await openDb({ databaseUrl: adminUrl, skipMigrations: true, poolSize: 1 });
  await admin.db.execute(sql.raw(`drop database if exists ${name}`));
  await admin.db.execute(sql.raw(`create database ${name}`));
  await admin.close();
  createdDbs.push(name);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { dataDir, databaseUrl: url.toString() };
}

const openTarget = (target: { dataDir: string; databaseUrl?: string }) =>
  openDb(target.databaseUrl ? { databaseUrl: target.databaseUrl } : { dataDir: target.dataDir });

/** Every table as sorted JSON records (generated columns included), keyed by table. */
async function snapshot(db: DbExecutor): Promise<Record<string, string[]>> {
  const tables = (
    (await db.execute(
      sql`select tablename from pg_tables where schemaname = 'public' order by 1`,
    )) as unknown as {
      rows: { tablename: string }[];
    }
  ).rows.map((r) => r.tablename);
  const out: Record<string, string[]> = {};
  for (const table of tables) {
    const result = (await db.execute(
      sql.raw(`select to_jsonb(t)::text as j from "${table}" t order by 1`),
    )) as unknown as { rows: { j: string }[] };
    out[table] = result.rows.map((r) => r.j);
  }
  return out;
}

async function filesOf(driver: StorageDriver): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for await (const key of driver.list('')) {
    if (key.startsWith('_v/')) continue;
    const stream = await driver.get(key);
    out[key] = createHash('sha256')
      .update(await buffer(stream!))
      .digest('hex');
  }
  return out;
}

function run(script: 'backup' | 'restore', arg: string, env: Record<string, string>) {
  return new Promise<{ code: number | null; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, 'apps/server/src/cli', `${script}.ts`), arg], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

const targetEnv = (target: { dataDir: string; databaseUrl?: string }) => ({
  DATA_DIR: target.dataDir,
  ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
});

let source: Record<string, string[]>;
let sourceFiles: Record<string, string>;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'tabayyun-backup-'));
  s3 = await startS3Server();
  mkdirSync(join(work, 'source'));
  t = await buildTestApp({ env: { DATA_DIR: join(work, 'source') } });
  const report = await seedDemoContent({ db: t.database.db, resources: t.app.services.resources });
  expect(Object.values(report.created).reduce((a, b) => a + b, 0)).toBeGreaterThan(50);
  // The generated draft-link secret of an install without APP_SECRET (the tests set APP_SECRET).
  writeFileSync(join(t.config.dataDir, 'secret'), 'generated-secret-of-this-install-0123456789', {
    mode: 0o600,
  });
  // Accounts with password hashes and refresh tokens, as in a newsroom.
  await signIn(t, ['super-admin']);
  await signIn(t, ['editor'], { email: 'محرر@example.org' });
  const uploads = [
    { name: 'صورة الحدث.jpg', content: readFileSync(join(FIXTURES, 'photo-2000x1200.jpg')) },
    { name: 'alpha.png', content: readFileSync(join(FIXTURES, 'alpha-400x300.png')) },
    { name: 'بيان.txt', content: Buffer.from('نص البيان\n') },
  ];
  for (const [folder, file] of [
    ['news-feed', uploads[0]],
    ['news-feed', uploads[1]],
    ['private/evidence', uploads[2]],
  ] as const) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/storage/${folder}`,
      headers: { 'x-test-actor': 'superAdmin' },
      payload: {
        files: [{ name: file!.name, content: file!.content.toString('base64'), encoding: 'base64' }],
      },
    });
    expect(res.statusCode).toBe(200);
  }
  // A variant exists in the source; the archive leaves it out (it is made again on request).
  const variant = await t.app.inject({ method: 'GET', url: '/storage/news-feed/alpha.png?w=320' });
  expect(variant.statusCode).toBe(200);
  source = await snapshot(t.database.db);
  sourceFiles = await filesOf(t.app.files.driver);
});

afterAll(async () => {
  await t?.close();
  await s3?.close();
  if (adminUrl) {
    const admin = await openDb({ databaseUrl: adminUrl, skipMigrations: true, poolSize: 1 });
    for (const name of createdDbs)
      await admin.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
    await admin.close();
  }
  rmSync(work, { recursive: true, force: true });
});

describe(`backup and restore on ${engine}`, () => {
  it('round-trips the demo content and uploads: every table record by record, every file byte by byte', async () => {
    const file = join(work, 'first.jsonl.gz');
    const started = performance.now();
    const counts = await writeBackup({
      database: t.database,
      driver: t.app.files.driver,
      file,
      dataDir: t.config.dataDir,
    });
    const backupMs = performance.now() - started;
    expect(counts.files).toBe(3);
    expect(counts.tables.factcheck).toBe(source.factcheck!.length);
    expect(Object.keys(counts.tables).sort()).toEqual(Object.keys(source).sort());
    for (const table of ['factcheck', 'article', 'category', 'storage', 'user', 'refresh_token']) {
      expect(source[table]!.length, table).toBeGreaterThan(0);
    }

    const target = await emptyTarget();
    const driver = createLocalStorageDriver(join(target.dataDir, 'files'));
    const restored = await restoreBackup({ file, target: { ...target, driver } });
    expect(restored).toEqual(counts);

    const database: Database = await openTarget(target);
    try {
      const after = await snapshot(database.db);
      for (const table of Object.keys(source)) expect(after[table], table).toEqual(source[table]);
    } finally {
      await database.close();
    }
    expect(await filesOf(driver)).toEqual(sourceFiles);
    // The instance secret came back too (draft links stay valid).
    expect(readFileSync(join(target.dataDir, 'secret'), 'utf8')).toBe(
      readFileSync(join(t.config.dataDir, 'secret'), 'utf8'),
    );
    console.info(
      `[backup-restore ${engine}] demo content: ${Object.values(counts.tables).reduce((a, b) => a + b, 0)} rows, ` +
        `${counts.files} files (${counts.bytes} bytes); archive ${statSync(file).size} bytes, backup ${Math.round(backupMs)} ms`,
    );
  });

  it('restores files into S3 storage, and through the commands back again (backup of the restored copy)', async () => {
    const first = join(work, 'to-s3.jsonl.gz');
    await writeBackup({ database: t.database, driver: t.app.files.driver, file: first });
    const bucket = await s3.createBucket('restore');
    const target = await emptyTarget();
    const restored = await run('restore', first, { ...targetEnv(target), ...s3.env(bucket) });
    expect(restored.stderr).toMatch(/^Restored \d+ tables \(\d+ rows\) and 3 files/);
    expect(restored.code).toBe(0);
    const bucketDriver = createS3StorageDriver({
      bucket,
      endpoint: s3.endpoint,
      region: 'us-east-1',
      ...S3_TEST_KEYS,
      forcePathStyle: true,
    });
    try {
      expect(await filesOf(bucketDriver)).toEqual(sourceFiles);
    } finally {
      bucketDriver.destroy();
    }

    // `npm run backup` of the restored copy (database + bucket), then `npm run restore` into a third,
    // empty target on disk: still the same records and bytes.
    const second = join(work, 'second.jsonl.gz');
    const backedUp = await run('backup', second, { ...targetEnv(target), ...s3.env(bucket) });
    expect(backedUp.stderr).toMatch(/^Backed up \d+ tables \(\d+ rows\) and 3 files/);
    expect(backedUp.code).toBe(0);
    const third = await emptyTarget();
    const again = await run('restore', second, targetEnv(third));
    expect(again.code, again.stderr).toBe(0);
    const database = await openTarget(third);
    try {
      const after = await snapshot(database.db);
      for (const table of Object.keys(source)) expect(after[table], table).toEqual(source[table]);
    } finally {
      await database.close();
    }
    expect(await filesOf(createLocalStorageDriver(join(third.dataDir, 'files')))).toEqual(sourceFiles);
  }, 240_000);

  it('refuses a non-empty target, an existing archive name, a damaged archive and bad usage, with clear messages', async () => {
    const file = join(work, 'refusals.jsonl.gz');
    await writeBackup({ database: t.database, driver: t.app.files.driver, file });
    const used = await emptyTarget();
    await restoreBackup({
      file,
      target: { ...used, driver: createLocalStorageDriver(join(used.dataDir, 'files')) },
    });

    const refused = await run('restore', file, targetEnv(used));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      adminUrl
        ? /is not empty \(it has \d+ tables\): restore only into a new, empty database/
        : /already holds a database/,
    );

    // Empty database, but files already in the storage.
    const filesOnly = await emptyTarget();
    const driver = createLocalStorageDriver(join(filesOnly.dataDir, 'files'));
    await driver.put(
      'news-feed/old.txt',
      (async function* () {
        yield Buffer.from('old');
      })(),
    );
    const withFiles = await run('restore', file, targetEnv(filesOnly));
    expect(withFiles.code).toBe(1);
    expect(withFiles.stderr).toMatch(/file storage is not empty \(it holds news-feed\/old.txt\)/);

    const exists = await run('backup', file, targetEnv(used));
    expect(exists.code).toBe(1);
    expect(exists.stderr).toMatch(/exists already: choose a new file name/);

    if (!adminUrl) {
      // A PGlite data directory another process holds open (PGlite's postmaster.pid) is not read.
      writeFileSync(join(used.dataDir, 'pglite', 'postmaster.pid'), '-42\n/pglite/data\n');
      const inUse = await run('backup', join(work, 'in-use.jsonl.gz'), targetEnv(used));
      expect(inUse.code).toBe(1);
      expect(inUse.stderr).toMatch(/is in use \(postmaster.pid exists\): stop the server first/);
    }

    // A truncated archive (half of the gzip stream) fails and says why.
    const bytes = readFileSync(file);
    const truncated = join(work, 'truncated.jsonl.gz');
    writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const scratch = await emptyTarget();
    await expect(
      restoreBackup({
        file: truncated,
        target: { ...scratch, driver: createLocalStorageDriver(join(scratch.dataDir, 'files')) },
      }),
    ).rejects.toThrow(/truncated|damaged|unexpected end/i);

    const notAnArchive = join(work, 'notes.txt');
    writeFileSync(notAnArchive, 'hello');
    const wrong = await run('restore', notAnArchive, targetEnv(await emptyTarget()));
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/is not a backup archive/);

    const usage = await run('backup', '', {});
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/Usage: npm run backup -- <file>/);
  }, 240_000);
});
