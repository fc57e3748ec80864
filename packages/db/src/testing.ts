// Test databases (`@tabayyun/db/testing`). Migrating a fresh database costs seconds, so the Vitest
// globalSetup migrates ONE template and every test file gets a cheap copy of it:
//   PGlite      a dumpDataDir() tarball under node_modules/.cache/tabayyun-test/, loaded in memory
//               (the file name carries a hash of the migrations, so it is reused across runs)
//   PostgreSQL  (DATABASE_URL set) a migrated database tabayyun_template_<pid>, copied with
//               CREATE DATABASE ... TEMPLATE and dropped again by drop() and by the teardown.
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { type Database, MIGRATIONS_FOLDER, openDb } from './open-db.ts';

/** Where the template lives; JSON-serialisable so it can cross into Vitest workers. */
export type TestTemplate =
  | { kind: 'pglite'; file: string }
  | { kind: 'postgres'; adminUrl: string; templateName: string };

export interface PreparedTestTemplate {
  template: TestTemplate;
  /** Drops the PostgreSQL template and any test database copied from it (no-op for PGlite). */
  cleanup(): Promise<void>;
}

export type TestDatabase = Database & {
  /** Closes the connection and, on PostgreSQL, drops the copy. */
  drop(): Promise<void>;
  /** PostgreSQL only: the copy's connection URL, for child processes under test (CLIs). */
  url?: string;
};

/** The environment variable through which globalSetup hands the template to test workers. */
export const TEST_TEMPLATE_ENV = 'TABAYYUN_TEST_TEMPLATE';

const CACHE_DIR = join(import.meta.dirname, '..', '..', '..', 'node_modules', '.cache', 'tabayyun-test');

/**
 * Migrates one template database. Call once per test run (Vitest globalSetup), then hand
 * `template` to the workers (`process.env[TEST_TEMPLATE_ENV] = JSON.stringify(template)`).
 */
export async function prepareTestTemplate(
  opts: { databaseUrl?: string | undefined } = {},
): Promise<PreparedTestTemplate> {
  if (opts.databaseUrl) return preparePostgresTemplate(opts.databaseUrl);
  return { template: { kind: 'pglite', file: await ensurePgliteTemplate() }, cleanup: async () => {} };
}

/**
 * A private, migrated database for one test file. Uses the template given, else the one in
 * `process.env.TABAYYUN_TEST_TEMPLATE`, else builds one (PGlite: cached file; PostgreSQL when
 * DATABASE_URL is set: a freshly migrated database).
 */
export async function createTestDb(opts: { template?: TestTemplate } = {}): Promise<TestDatabase> {
  const template = opts.template ?? readTemplateFromEnv();
  if (template?.kind === 'postgres') return copyPostgresTemplate(template);
  const databaseUrl = process.env.DATABASE_URL;
  if (!template && databaseUrl) return createMigratedPostgresDb(databaseUrl);
  const file = template?.file ?? (await ensurePgliteTemplate());
  // The template file name carries the migrations' hash: it is current, no need to re-check.
  const database = await openDb({ loadDataDir: new Blob([await readFile(file)]), skipMigrations: true });
  return { ...database, drop: database.close };
}

function readTemplateFromEnv(): TestTemplate | undefined {
  const raw = process.env[TEST_TEMPLATE_ENV];
  return raw ? (JSON.parse(raw) as TestTemplate) : undefined;
}

// ---- PGlite ----

let pgliteTemplate: Promise<string> | undefined;

function ensurePgliteTemplate(): Promise<string> {
  pgliteTemplate ??= buildPgliteTemplate().catch((error: unknown) => {
    pgliteTemplate = undefined;
    throw error;
  });
  return pgliteTemplate;
}

async function buildPgliteTemplate(): Promise<string> {
  const file = join(CACHE_DIR, `pglite-${await migrationsHash()}.tar`);
  if (await exists(file)) return file;
  await mkdir(CACHE_DIR, { recursive: true });
  const database = await openDb({});
  try {
    const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
    const dump = await client.dumpDataDir('none');
    // Write then rename: parallel workers building the same template never read a partial file.
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    await writeFile(tmp, new Uint8Array(await dump.arrayBuffer()));
    await rename(tmp, file);
    // Templates of older migrations are dead weight (~40 MB each).
    for (const name of await readdir(CACHE_DIR)) {
      if (name.startsWith('pglite-') && name.endsWith('.tar') && join(CACHE_DIR, name) !== file) {
        await rm(join(CACHE_DIR, name), { force: true });
      }
    }
  } finally {
    await database.close();
  }
  return file;
}

async function migrationsHash(): Promise<string> {
  const hash = createHash('sha256');
  // A PGlite upgrade may change the on-disk format: its package.json is part of the key.
  const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  hash.update(await readFile(join(dirname(pgliteEntry), '..', 'package.json')));
  const files = (await readdir(MIGRATIONS_FOLDER, { recursive: true })).sort();
  for (const name of files) {
    const path = join(MIGRATIONS_FOLDER, name);
    if (!(await stat(path)).isFile()) continue;
    hash.update(name);
    hash.update(await readFile(path));
  }
  return hash.digest('hex').slice(0, 16);
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

// ---- PostgreSQL ----

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(database)}`;
  return parsed.toString();
}

async function withAdmin<T>(adminUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

async function dropDatabase(client: pg.Client, name: string): Promise<void> {
  // WITH (FORCE) (PostgreSQL 13+) ends sessions a crashed test may have left behind.
  await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
}

async function preparePostgresTemplate(databaseUrl: string): Promise<PreparedTestTemplate> {
  const templateName = `tabayyun_template_${process.pid}`;
  await withAdmin(databaseUrl, async (client) => {
    await dropDatabase(client, templateName);
    await client.query(`CREATE DATABASE ${quoteIdent(templateName)}`);
  });
  const database = await openDb({ databaseUrl: withDatabase(databaseUrl, templateName) });
  // No session may stay connected to a template while it is copied.
  await database.close();
  const template: TestTemplate = { kind: 'postgres', adminUrl: databaseUrl, templateName };
  return {
    template,
    cleanup: () =>
      withAdmin(databaseUrl, async (client) => {
        const copies = await client.query<{ datname: string }>(
          'select datname from pg_database where datname like $1',
          [`${copyPrefix(templateName)}%`],
        );
        for (const { datname } of copies.rows) await dropDatabase(client, datname);
        await dropDatabase(client, templateName);
      }),
  };
}

function copyPrefix(templateName: string): string {
  return `${templateName.replace('tabayyun_template_', 'tabayyun_test_')}_`;
}

async function copyPostgresTemplate(template: {
  adminUrl: string;
  templateName: string;
}): Promise<TestDatabase> {
  const name = `${copyPrefix(template.templateName)}${randomBytes(6).toString('hex')}`;
  await withAdmin(template.adminUrl, (client) =>
    client.query(`CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${quoteIdent(template.templateName)}`),
  );
  return openPostgresCopy(template.adminUrl, name, { skipMigrations: true });
}

async function createMigratedPostgresDb(databaseUrl: string): Promise<TestDatabase> {
  const name = `tabayyun_test_${process.pid}_${randomBytes(6).toString('hex')}`;
  await withAdmin(databaseUrl, (client) => client.query(`CREATE DATABASE ${quoteIdent(name)}`));
  return openPostgresCopy(databaseUrl, name, { skipMigrations: false });
}

async function openPostgresCopy(
  adminUrl: string,
  name: string,
  opts: { skipMigrations: boolean },
): Promise<TestDatabase> {
  let database: Database;
  try {
    database = await openDb({ databaseUrl: withDatabase(adminUrl, name), poolSize: 4, ...opts });
  } catch (error) {
    await withAdmin(adminUrl, (client) => dropDatabase(client, name));
    throw error;
  }
  let dropped: Promise<void> | undefined;
  return {
    ...database,
    url: withDatabase(adminUrl, name),
    drop: () => {
      dropped ??= (async () => {
        await database.close();
        await withAdmin(adminUrl, (client) => dropDatabase(client, name));
      })();
      return dropped;
    },
  };
}
