// `npm run backup -- <file>`: the database (one consistent snapshot) and every stored file into one
// archive (backup-archive.ts, ADR 017). Works while the server runs on PostgreSQL; with PGlite,
// stop the server first (one process owns DATA_DIR/pglite). Exit codes: 0 done, 1 refused, 2 usage.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { openDb } from '@tabayyun/db';
import { loadConfig } from '../config.ts';
import { createConfiguredStorage } from '../modules/files/storage-drivers.ts';
import { BackupError, writeBackup } from './backup-archive.ts';

const file = process.argv[2];
if (!file || process.argv.length > 3) {
  process.stderr.write(
    'Usage: npm run backup -- <file>   (for example backups/tabayyun-2026-11-25.jsonl.gz)\n',
  );
  process.exit(2);
}
const out = resolve(process.env.INIT_CWD ?? process.cwd(), file);
const config = loadConfig();
const storage = createConfiguredStorage(config);
const started = Date.now();
try {
  // PGlite writes postmaster.pid while a process has the data directory open and removes it on close.
  const pid = join(config.dataDir, 'pglite', 'postmaster.pid');
  if (!config.DATABASE_URL && existsSync(pid)) {
    throw new BackupError(
      `${join(config.dataDir, 'pglite')} is in use (postmaster.pid exists): stop the server first. ` +
        'After a crash, start and stop the server once so PGlite recovers and releases it.',
    );
  }
  if (existsSync(out)) throw new BackupError(`${out} exists already: choose a new file name`);
  await storage.verify();
  const database = await openDb({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATABASE_URL ? undefined : config.dataDir,
    skipMigrations: true,
  });
  try {
    const counts = await writeBackup({
      database,
      driver: storage.driver,
      file: out,
      dataDir: config.dataDir,
    });
    const rows = Object.values(counts.tables).reduce((a, b) => a + b, 0);
    process.stderr.write(
      `Backed up ${Object.keys(counts.tables).length} tables (${rows} rows) and ${counts.files} files ` +
        `(${counts.bytes} bytes) from ${database.kind} and ${storage.description} to ${out} in ${Date.now() - started} ms\n`,
    );
  } finally {
    await database.close();
  }
} catch (err) {
  process.stderr.write(`Backup failed: ${(err as Error).message}\n`);
  process.exitCode = err instanceof BackupError ? 1 : 3;
} finally {
  storage.close();
}
