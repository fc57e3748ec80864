// `npm run restore -- <file>`: an archive of `npm run backup` into an EMPTY target: the database of
// the configuration (DATABASE_URL, or PGlite in DATA_DIR) and the configured file storage. A target
// that holds anything is refused. Exit codes: 0 done, 1 refused, 2 usage, 3 failed.
import { resolve } from 'node:path';
import { loadConfig } from '../config.ts';
import { createConfiguredStorage } from '../modules/files/storage-drivers.ts';
import { BackupError, restoreBackup } from './backup-archive.ts';

const file = process.argv[2];
if (!file || process.argv.length > 3) {
  process.stderr.write(
    'Usage: npm run restore -- <file>   (into an empty database and empty file storage)\n',
  );
  process.exit(2);
}
const archive = resolve(process.env.INIT_CWD ?? process.cwd(), file);
const config = loadConfig();
const storage = createConfiguredStorage(config);
const started = Date.now();
try {
  await storage.verify();
  const counts = await restoreBackup({
    file: archive,
    target: { databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, driver: storage.driver },
  });
  const rows = Object.values(counts.tables).reduce((a, b) => a + b, 0);
  process.stderr.write(
    `Restored ${Object.keys(counts.tables).length} tables (${rows} rows) and ${counts.files} files ` +
      `(${counts.bytes} bytes) into ${config.DATABASE_URL ? 'PostgreSQL' : `PGlite in ${config.dataDir}`} and ${storage.description} in ${Date.now() - started} ms\n`,
  );
} catch (err) {
  process.stderr.write(`Restore failed: ${(err as Error).message}\n`);
  process.exitCode = err instanceof BackupError ? 1 : 3;
} finally {
  storage.close();
}
