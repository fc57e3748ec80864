// Backup and restore (docs/decisions/017): one gzip'd JSON-lines archive holding every table of
// the database, read in one REPEATABLE READ READ ONLY transaction (one snapshot, however long the
// copy takes), then every stored file from the storage driver, each with its SHA-256.
// The same portable format on PGlite and PostgreSQL (an archive of one restores into the other),
// made through the database driver: no pg_dump needed, no client/server version coupling.
//
//   {"format":"tabayyun-backup","version":1,"engine":…,"createdAt":…,"migrations":[hash…]}
//   {"table":"article","columns":[…]}  {"r":{…row as to_jsonb…}} …  {"tableEnd":"article","rows":n}
//   {"sequence":"x_seq","value":n,"isCalled":true}
//   {"instance":"secret","content":base64}             DATA_DIR/secret and DATA_DIR/keys/*
//   {"file":"news-feed/x.jpg","size":n,"sha256":…}  {"c":base64} …  {"fileEnd":"news-feed/x.jpg"}
//   {"end":{"tables":{…counts},"files":n,"bytes":n}}   (an archive without it is truncated)
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { type Database, type DbExecutor, MIGRATIONS_FOLDER, openDb, sql } from '@tabayyun/db';
import type { StorageDriver } from '../modules/files/storage-driver.ts';
import { VARIANTS_PREFIX } from '../modules/files/variants.service.ts';

export const ARCHIVE_FORMAT = 'tabayyun-backup';
export const ARCHIVE_VERSION = 1;
const ROWS_PER_FETCH = 500;
const FILE_CHUNK = 256 * 1024;
/** Files in DATA_DIR that belong to the instance: the draft-link secret and the token signing key. */
const INSTANCE_FILES = ['secret', 'keys'];

export interface ArchiveCounts {
  tables: Record<string, number>;
  files: number;
  /** Bytes of file content (before compression). */
  bytes: number;
}

/** A refusal the CLIs print as it is (exit code 1), not as a crash. */
export class BackupError extends Error {
  override name = 'BackupError';
}

const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;

async function migrationHashes(db: DbExecutor): Promise<string[]> {
  const result = await db.execute(sql`select hash from drizzle.__drizzle_migrations order by id`);
  return rowsOf<{ hash: string }>(result).map((r) => r.hash);
}

async function publicTables(db: DbExecutor): Promise<string[]> {
  const result = await db.execute(
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  );
  return rowsOf<{ tablename: string }>(result).map((r) => r.tablename);
}

/** Columns a restore writes: the stored ones (generated columns are computed again). */
async function writableColumns(db: DbExecutor, table: string) {
  const result = await db.execute(sql`
    select a.attname as name, a.attidentity as identity
    from pg_attribute a
    where a.attrelid = ${`public.${quote(table)}`}::regclass and a.attnum > 0 and not a.attisdropped
      and a.attgenerated = ''
    order by a.attnum`);
  return rowsOf<{ name: string; identity: string }>(result);
}

/** Writes line by line to a gzip stream, waiting when it is full. */
function lineWriter(file: string) {
  const gzip = createGzip({ level: 6 });
  const done = pipeline(gzip, createWriteStream(file, { flags: 'wx', flush: true }));
  return {
    async write(value: unknown) {
      if (!gzip.write(`${JSON.stringify(value)}\n`)) {
        await new Promise<void>((resolve) => gzip.once('drain', resolve));
      }
    },
    async end() {
      gzip.end();
      await done;
    },
    async abort() {
      gzip.destroy();
      await done.catch(() => {});
    },
  };
}

/**
 * Writes the archive to `file` (through `file.partial`, renamed when complete). Variants (`_v/`)
 * are left out: they are derived from the originals and made again on first request.
 */
export async function writeBackup(opts: {
  database: Database;
  driver: StorageDriver;
  file: string;
  /** DATA_DIR, for the instance files (secret, keys); omitted when undefined. */
  dataDir?: string | undefined;
}): Promise<ArchiveCounts> {
  const { database, driver } = opts;
  if (existsSync(opts.file)) throw new BackupError(`${opts.file} exists already: choose a new file name`);
  await mkdir(dirname(opts.file), { recursive: true });
  const partial = `${opts.file}.partial`;
  await rm(partial, { force: true });
  const out = lineWriter(partial);
  const counts: ArchiveCounts = { tables: {}, files: 0, bytes: 0 };
  try {
    // One snapshot for every table: rows written by the running servers meanwhile are not seen.
    await database.db.transaction(
      async (tx) => {
        await out.write({
          format: ARCHIVE_FORMAT,
          version: ARCHIVE_VERSION,
          engine: database.kind,
          createdAt: new Date().toISOString(),
          migrations: await migrationHashes(tx),
        });
        for (const table of await publicTables(tx)) {
          const columns = (await writableColumns(tx, table)).map((c) => c.name);
          await out.write({ table, columns });
          await tx.execute(
            sql.raw(
              `declare backup_rows no scroll cursor for select to_jsonb(t)::text as j from ${quote(table)} t`,
            ),
          );
          let rows = 0;
          for (;;) {
            const batch = rowsOf<{ j: string }>(
              await tx.execute(sql.raw(`fetch forward ${ROWS_PER_FETCH} from backup_rows`)),
            );
            for (const { j } of batch) await out.write({ r: JSON.parse(j) });
            rows += batch.length;
            if (batch.length < ROWS_PER_FETCH) break;
          }
          await tx.execute(sql.raw('close backup_rows'));
          await out.write({ tableEnd: table, rows });
          counts.tables[table] = rows;
        }
        const sequences = rowsOf<{ name: string }>(
          await tx.execute(
            sql`select sequencename as name from pg_sequences where schemaname = 'public' order by 1`,
          ),
        );
        for (const { name } of sequences) {
          const [state] = rowsOf<{ last_value: number; is_called: boolean }>(
            await tx.execute(sql.raw(`select last_value, is_called from ${quote(name)}`)),
          );
          await out.write({ sequence: name, value: Number(state?.last_value), isCalled: state?.is_called });
        }
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );

    if (opts.dataDir) {
      for (const name of await instanceFiles(opts.dataDir)) {
        await out.write({
          instance: name,
          content: (await readFile(join(opts.dataDir, name))).toString('base64'),
        });
      }
    }

    for await (const key of driver.list('')) {
      if (key.startsWith(`${VARIANTS_PREFIX}/`)) continue;
      const stream = await driver.get(key);
      if (!stream) continue; // deleted since it was listed
      const hash = createHash('sha256');
      let size = 0;
      // Chunks are written as they arrive; size and hash close the entry.
      await out.write({ file: key });
      let pending: Buffer = Buffer.alloc(0);
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        hash.update(chunk);
        size += chunk.length;
        pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
        while (pending.length >= FILE_CHUNK) {
          await out.write({ c: pending.subarray(0, FILE_CHUNK).toString('base64') });
          pending = pending.subarray(FILE_CHUNK);
        }
      }
      if (pending.length) await out.write({ c: pending.toString('base64') });
      await out.write({ fileEnd: key, size, sha256: hash.digest('hex') });
      counts.files++;
      counts.bytes += size;
    }
    await out.write({ end: counts });
    await out.end();
    await rename(partial, opts.file);
    return counts;
  } catch (err) {
    await out.abort();
    await rm(partial, { force: true });
    throw err;
  }
}

async function instanceFiles(dataDir: string): Promise<string[]> {
  const found: string[] = [];
  for (const name of INSTANCE_FILES) {
    const full = join(dataDir, name);
    if (name === 'keys') {
      const entries = await readdir(full, { withFileTypes: true }).catch(() => []);
      for (const e of entries) if (e.isFile()) found.push(`keys/${e.name}`);
    } else if (existsSync(full)) {
      found.push(name);
    }
  }
  return found;
}

// ---- restore ----

export interface RestoreTarget {
  /** PostgreSQL; without it PGlite in `${dataDir}/pglite`. */
  databaseUrl?: string | undefined;
  dataDir: string;
  driver: StorageDriver;
}

/** Refuses a target that holds anything: restore never merges into or overwrites data. */
export async function assertEmptyTarget(target: RestoreTarget): Promise<void> {
  if (target.databaseUrl) {
    const probe = await openDb({ databaseUrl: target.databaseUrl, skipMigrations: true, poolSize: 1 });
    try {
      const rows = rowsOf<{ n: number }>(
        await probe.db.execute(
          sql`select count(*) as n from pg_tables where schemaname in ('public', 'drizzle')`,
        ),
      );
      if (Number(rows[0]?.n) > 0) {
        throw new BackupError(
          `The database at ${redactUrl(target.databaseUrl)} is not empty (it has ${rows[0]?.n} tables): ` +
            'restore only into a new, empty database',
        );
      }
    } finally {
      await probe.close();
    }
  } else {
    const dir = join(target.dataDir, 'pglite');
    const entries = await readdir(dir).catch(() => []);
    if (entries.length > 0) {
      throw new BackupError(
        `${dir} already holds a database: restore only into an empty DATA_DIR (move the old one away first)`,
      );
    }
  }
  for await (const key of target.driver.list('')) {
    throw new BackupError(`The file storage is not empty (it holds ${key}): restore only into empty storage`);
  }
}

const redactUrl = (url: string) => url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');

async function* readLines(file: string): AsyncGenerator<Record<string, unknown>> {
  const lines = createInterface({
    input: createReadStream(file).pipe(createGunzip()),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  for await (const line of lines) {
    if (line) yield JSON.parse(line) as Record<string, unknown>;
  }
}

/**
 * Restores `file` into an empty target: creates the schema with this version's migrations (the
 * archive must come from the same schema), loads every table in one transaction (foreign keys are
 * dropped while loading and added again, which checks them), then the files and instance files.
 */
export async function restoreBackup(opts: { file: string; target: RestoreTarget }): Promise<ArchiveCounts> {
  const { target } = opts;
  if (!existsSync(opts.file)) throw new BackupError(`${opts.file} does not exist`);
  await assertEmptyTarget(target);

  const lines = readLines(opts.file);
  const first = await lines.next().catch((err: unknown) => {
    throw new BackupError(`${opts.file} is not a backup archive (${(err as Error).message})`);
  });
  const header = first.value as { format?: string; version?: number; migrations?: string[] } | undefined;
  if (header?.format !== ARCHIVE_FORMAT)
    throw new BackupError(`${opts.file} is not a Tabayyun backup archive`);
  if (header.version !== ARCHIVE_VERSION) {
    throw new BackupError(
      `${opts.file} has archive version ${header.version}; this version reads ${ARCHIVE_VERSION}`,
    );
  }

  const database = await openDb(
    target.databaseUrl ? { databaseUrl: target.databaseUrl } : { dataDir: target.dataDir },
  );
  const counts: ArchiveCounts = { tables: {}, files: 0, bytes: 0 };
  try {
    const here = await migrationHashes(database.db);
    if (JSON.stringify(here) !== JSON.stringify(header.migrations)) {
      throw new BackupError(
        `The archive was made with a different database schema (${header.migrations?.length} migrations, ` +
          `this version has ${here.length}, in ${MIGRATIONS_FOLDER}): restore it with the version that made it, then upgrade`,
      );
    }
    let next = await loadTables(database, lines, counts);
    // Files and instance files, streamed through the driver.
    while (next && !('end' in next)) {
      if ('instance' in next) {
        const name = String(next.instance);
        if (!/^(secret|keys\/[\w.-]+)$/.test(name)) throw new BackupError(`Unexpected instance file ${name}`);
        const full = join(target.dataDir, name);
        await mkdir(dirname(full), { recursive: true });
        await writeFile(full, Buffer.from(String(next.content), 'base64'), { mode: 0o600 });
        next = (await lines.next()).value;
      } else if ('file' in next) {
        next = await restoreFile(target.driver, String(next.file), lines, counts);
      } else {
        throw new BackupError(`Unexpected entry in the archive: ${JSON.stringify(next).slice(0, 80)}`);
      }
    }
    if (!next)
      throw new BackupError(`${opts.file} is truncated (no end marker): it was not written completely`);
    const expected = next.end as ArchiveCounts;
    if (
      expected.files !== counts.files ||
      JSON.stringify(expected.tables) !== JSON.stringify(counts.tables)
    ) {
      throw new BackupError('The archive does not match its own totals: it is damaged');
    }
    return counts;
  } finally {
    await database.close();
  }
}

type Line = Record<string, unknown> | undefined;

async function loadTables(
  database: Database,
  lines: AsyncGenerator<Record<string, unknown>>,
  counts: ArchiveCounts,
): Promise<Line> {
  let next: Line;
  await database.db.transaction(async (tx) => {
    const foreignKeys = rowsOf<{ tbl: string; name: string; def: string }>(
      await tx.execute(sql`
        select c.conrelid::regclass::text as tbl, c.conname as name, pg_get_constraintdef(c.oid) as def
        from pg_constraint c where c.contype = 'f' and c.connamespace = 'public'::regnamespace`),
    );
    for (const fk of foreignKeys) {
      await tx.execute(sql.raw(`alter table ${fk.tbl} drop constraint ${quote(fk.name)}`));
    }
    next = (await lines.next()).value;
    while (next && ('table' in next || 'sequence' in next)) {
      if ('sequence' in next) {
        await tx.execute(
          sql`select setval(${`public.${quote(String(next.sequence))}`}::regclass, ${next.value}, ${next.isCalled})`,
        );
        next = (await lines.next()).value;
        continue;
      }
      const table = String(next.table);
      const here = await writableColumns(tx, table);
      if (here.length === 0)
        throw new BackupError(`The archive holds a table '${table}' this schema does not have`);
      const list = here.map((c) => quote(c.name)).join(', ');
      const overriding = here.some((c) => c.identity === 'a') ? ' overriding system value' : '';
      let batch: unknown[] = [];
      let rows = 0;
      const flush = async () => {
        if (batch.length === 0) return;
        await tx.execute(
          sql`${sql.raw(`insert into ${quote(table)} (${list})${overriding} select ${list} from jsonb_populate_recordset(null::${quote(table)}, `)}${JSON.stringify(batch)}::jsonb)`,
        );
        batch = [];
      };
      for (;;) {
        next = (await lines.next()).value;
        if (!next || !('r' in next)) break;
        batch.push(next.r);
        rows++;
        if (batch.length >= ROWS_PER_FETCH) await flush();
      }
      await flush();
      if (!next || next.tableEnd !== table || next.rows !== rows) {
        throw new BackupError(`The archive is damaged or truncated in table '${table}'`);
      }
      counts.tables[table] = rows;
      next = (await lines.next()).value;
    }
    // Added again: PostgreSQL checks every restored row against them.
    for (const fk of foreignKeys) {
      await tx.execute(sql.raw(`alter table ${fk.tbl} add constraint ${quote(fk.name)} ${fk.def}`));
    }
  });
  return next;
}

async function restoreFile(
  driver: StorageDriver,
  key: string,
  lines: AsyncGenerator<Record<string, unknown>>,
  counts: ArchiveCounts,
): Promise<Line> {
  let end: Line;
  async function* content(): AsyncGenerator<Uint8Array> {
    for (;;) {
      const line = (await lines.next()).value;
      if (!line || !('c' in line)) {
        end = line;
        return;
      }
      yield Buffer.from(String(line.c), 'base64');
    }
  }
  const staged = await driver.stage(Readable.from(content()));
  try {
    if (!end || end.fileEnd !== key || end.size !== staged.size || end.sha256 !== staged.sha256) {
      throw new BackupError(`The file ${key} in the archive is damaged (size or SHA-256 differs)`);
    }
    await staged.commit(key, { overwrite: false });
  } finally {
    await staged.discard();
  }
  counts.files++;
  counts.bytes += staged.size;
  return (await lines.next()).value;
}
