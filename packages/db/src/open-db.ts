// openDb(): one typed Drizzle database over either embedded PGlite (default, DATA_DIR/pglite or in
// memory) or a PostgreSQL server (DATABASE_URL), migrated at open, with LISTEN/NOTIFY on both.
import fs from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Assume, Logger } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.ts';

type PGliteClient = import('@electric-sql/pglite').PGlite;

/** Where the SQL migrations live, resolved from this file so it works from any working directory. */
export const MIGRATIONS_FOLDER = join(import.meta.dirname, '..', 'migrations');

/** Key of the session-level advisory lock held while migrating a PostgreSQL server. */
const MIGRATION_LOCK_KEY = 7_316_028_411;

/**
 * The query-result kind shared by both drivers: the intersection of what PGlite's `Results` and
 * node-postgres' `QueryResult` offer, so `db.execute(sql`...`)` has `.rows` on either.
 */
export interface DbQueryResultHKT extends PgQueryResultHKT {
  type: DbQueryResult<Assume<this['row'], Record<string, unknown>>>;
}

export interface DbQueryResult<TRow> {
  rows: TRow[];
}

export type Schema = typeof schema;
/** One database type for both drivers. */
export type Db = PgDatabase<DbQueryResultHKT, Schema>;
/** The `tx` of `db.transaction(async (tx) => ...)`. */
export type DbTransaction = Parameters<Parameters<Db['transaction']>[0]>[0];
/** What repositories accept: the database or a transaction in progress. */
export type DbExecutor = Db | DbTransaction;
export type DbKind = 'pglite' | 'postgres';
export type NotificationHandler = (payload: string) => void;

export interface Database {
  db: Db;
  kind: DbKind;
  close(): Promise<void>;
  /** Subscribes to a channel; resolves once listening. The returned function unsubscribes. */
  listen(channel: string, onPayload: NotificationHandler): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  /**
   * Runs `run` while holding a lock named `name` across every instance on this database (a
   * PostgreSQL session advisory lock; PGlite belongs to one process, so it just runs). For
   * start-up steps instances must not do twice at once: the first super-admin, demo content.
   */
  exclusive<T>(name: string, run: () => Promise<T>): Promise<T>;
  /**
   * PostgreSQL's `statement_timeout` for every later query of this database's pool, in
   * milliseconds (0: none): a statement running longer is cancelled with SQLSTATE 57014 (issue
   * 34). The server sets it from QUERY_TIMEOUT_MS once migrated; tools leave it off. PGlite cannot
   * honour it (a single-threaded WebAssembly PostgreSQL has no timer signal to cancel with), so
   * there it does nothing.
   */
  setStatementTimeout(ms: number): void;
}

export interface OpenDbOptions {
  /** A PostgreSQL connection string: use that server instead of PGlite. */
  databaseUrl?: string;
  /** PGlite keeps its files in `${dataDir}/pglite`; without it (and without a URL) PGlite is in memory. */
  dataDir?: string;
  /** Drizzle query logger (`true` logs every query to the console). */
  logger?: boolean | Logger;
  /** Maximum pool size on PostgreSQL (default 10). */
  poolSize?: number;
  /** Skip running migrations (for tools that only read). Default false. */
  skipMigrations?: boolean;
  /** PGlite only: start from this data-dir tarball (made by `dumpDataDir`) instead of initdb. */
  loadDataDir?: Blob;
}

// PGlite's LISTEN does not quote the channel (and folds case), PostgreSQL's identifiers do: accept
// only names both treat identically.
const CHANNEL_PATTERN = /^[a-z_][a-z0-9_]{0,62}$/;

function assertChannel(channel: string): void {
  if (!CHANNEL_PATTERN.test(channel)) {
    throw new Error(`Invalid notification channel "${channel}": use lowercase letters, digits and _`);
  }
}

export async function openDb(opts: OpenDbOptions = {}): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, opts) : openPglite(opts);
}

/**
 * PGlite's defaults start PostgreSQL with `-F` (fsync off): a power cut could lose acknowledged
 * commits. On disk we drop `-F`, and flush the WAL with fsync(): PGlite's Node file system (an
 * Emscripten NODEFS) answers fdatasync() without doing anything (ADR 018).
 */
function durableStartParams(defaults: readonly string[]): string[] {
  return [...defaults.filter((param) => param !== '-F'), '-c', 'wal_sync_method=fsync'];
}

/**
 * PostgreSQL's shared buffers inside PGlite (ADR 025). PGlite keeps PostgreSQL's default of 128 MB,
 * which it allocates and touches at start in its WebAssembly memory (memory that is never given
 * back): ~130 MB of the process's resident memory before the first query. Pages not in them are
 * read from the data directory through the operating system's file cache.
 */
export const PGLITE_SHARED_BUFFERS = '16MB';

function memoryStartParams(params: readonly string[]): string[] {
  return [...params, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];
}

interface NodeFsStream {
  nfd?: unknown;
}

/**
 * Emscripten's NODEFS has no fsync stream operation, so PostgreSQL's fsync() reaches no disk.
 * Give it one that flushes the real file descriptor. Installed once the module exists (after
 * start-up); the stream operations are shared, so files opened earlier are covered too.
 */
function flushOnFsync(client: PGliteClient): void {
  const mod = (client as unknown as { mod?: { NODEFS?: { stream_ops?: Record<string, unknown> } } }).mod;
  const ops = mod?.NODEFS?.stream_ops;
  if (!ops) throw new Error('PGlite: cannot reach the Node file system to make fsync durable');
  ops.fsync = (stream: NodeFsStream) => {
    if (typeof stream.nfd === 'number') fs.fsyncSync(stream.nfd);
    return 0;
  };
}

async function openPglite(opts: OpenDbOptions): Promise<Database> {
  // Loaded only here: a server on PostgreSQL (DATABASE_URL) never loads PGlite or its driver.
  const [{ PGlite }, { pg_trgm }, { unaccent }, { drizzle: drizzlePglite }, { migrate: migratePglite }] =
    await Promise.all([
      import('@electric-sql/pglite'),
      import('@electric-sql/pglite/contrib/pg_trgm'),
      import('@electric-sql/pglite/contrib/unaccent'),
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ]);
  let dataDir: string | undefined;
  if (opts.dataDir !== undefined) {
    dataDir = join(opts.dataDir, 'pglite');
    await mkdir(dataDir, { recursive: true });
  }
  const client = await PGlite.create({
    ...(dataDir === undefined ? {} : { dataDir }),
    startParams: memoryStartParams(
      dataDir === undefined ? PGlite.defaultStartParams : durableStartParams(PGlite.defaultStartParams),
    ),
    ...(opts.loadDataDir === undefined ? {} : { loadDataDir: opts.loadDataDir }),
    extensions: { pg_trgm, unaccent },
  });
  if (dataDir !== undefined) flushOnFsync(client);
  const pgliteDb = drizzlePglite({ client, schema, logger: opts.logger ?? false });
  try {
    if (!opts.skipMigrations) await migratePglite(pgliteDb, { migrationsFolder: MIGRATIONS_FOLDER });
  } catch (error) {
    await client.close();
    throw error;
  }
  return {
    // PGlite's Results has `rows` (and more): it satisfies DbQueryResultHKT.
    db: pgliteDb as unknown as Db,
    kind: 'pglite',
    close: async () => {
      if (!client.closed) await client.close();
    },
    listen: async (channel, onPayload) => {
      assertChannel(channel);
      const unlisten = await client.listen(channel, onPayload);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    notify: async (channel, payload) => {
      assertChannel(channel);
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    exclusive: (_name, run) => run(),
    // Measured: `SET statement_timeout = 200` and a 15 s statement runs its 15 s in PGlite.
    setStatementTimeout: () => {},
  };
}

// PGlite returns int8 (count(*), sum(int)) as a number; make node-postgres agree so raw
// `db.execute` rows look the same on both engines. pg's type parsers are process-wide, and only
// this package uses pg. Counts never approach 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number.parseInt(value, 10));

async function openPostgres(databaseUrl: string, opts: OpenDbOptions): Promise<Database> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: opts.poolSize ?? 10 });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  // statement_timeout per connection: set on a connection's first use after each change, queued
  // ahead of the caller's query ('acquire' runs before the pool hands the client out).
  let statementTimeoutMs = 0;
  const timeoutOf = new WeakMap<pg.PoolClient, number>();
  pool.on('acquire', (client) => {
    if ((timeoutOf.get(client) ?? 0) === statementTimeoutMs) return;
    timeoutOf.set(client, statementTimeoutMs);
    client.query(`set statement_timeout = ${statementTimeoutMs}`).catch(() => timeoutOf.delete(client));
  });
  const pgDb = drizzleNodePg({ client: pool, schema, logger: opts.logger ?? false });
  try {
    if (!opts.skipMigrations) await migratePostgres(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }
  const listener = createPgListener(databaseUrl);
  return {
    db: pgDb as unknown as Db,
    kind: 'postgres',
    close: async () => {
      await listener.close();
      await pool.end();
    },
    listen: async (channel, onPayload) => {
      assertChannel(channel);
      return listener.listen(channel, onPayload);
    },
    notify: async (channel, payload) => {
      assertChannel(channel);
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    exclusive: async (name, run) => {
      const client = await pool.connect();
      try {
        // Waiting for another instance's start-up step is not a slow query.
        await client.query('set statement_timeout = 0');
        timeoutOf.set(client, 0);
        await client.query('select pg_advisory_lock(hashtext($1))', [name]);
        try {
          return await run();
        } finally {
          await client.query('select pg_advisory_unlock(hashtext($1))', [name]);
        }
      } finally {
        client.release();
      }
    },
    setStatementTimeout: (ms) => {
      if (!Number.isInteger(ms) || ms < 0) throw new Error(`statement timeout ${ms}: a whole number of ms`);
      statementTimeoutMs = ms;
    },
  };
}

/** Migrates under a session advisory lock so instances starting together migrate one at a time. */
async function migratePostgres(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrateNodePg(drizzleNodePg({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

interface PgListener {
  listen(channel: string, onPayload: NotificationHandler): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/**
 * LISTEN needs one dedicated connection (a pooled client would drop subscriptions when returned).
 * It is opened on first use and re-opened, re-subscribing every channel, if the connection drops.
 */
function createPgListener(databaseUrl: string): PgListener {
  const handlers = new Map<string, Set<NotificationHandler>>();
  let connecting: Promise<pg.Client> | undefined;
  let isClosed = false;

  const scheduleReconnect = (): void => {
    if (isClosed || handlers.size === 0) return;
    setTimeout(() => {
      if (!isClosed && !connecting) connect().catch(scheduleReconnect);
    }, 1000).unref();
  };

  const connect = (): Promise<pg.Client> => {
    connecting ??= (async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      client.on('notification', (message) => {
        for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '');
      });
      // Reconnect once per lost connection, and only for the current one ('error' and 'end' both fire).
      let isLost = false;
      const reconnect = () => {
        if (isLost) return;
        isLost = true;
        connecting = undefined;
        client.end().catch(() => {});
        scheduleReconnect();
      };
      client.on('error', reconnect);
      client.on('end', reconnect);
      try {
        await client.connect();
        for (const channel of handlers.keys()) await client.query(`LISTEN ${channel}`);
      } catch (error) {
        isLost = true;
        connecting = undefined;
        await client.end().catch(() => {});
        throw error;
      }
      return client;
    })();
    return connecting;
  };

  return {
    listen: async (channel, onPayload) => {
      let set = handlers.get(channel);
      const isNew = !set;
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
      }
      set.add(onPayload);
      try {
        const client = await connect();
        if (isNew) await client.query(`LISTEN ${channel}`);
      } catch (error) {
        set.delete(onPayload);
        if (set.size === 0) handlers.delete(channel);
        throw error;
      }
      return async () => {
        const current = handlers.get(channel);
        if (!current?.delete(onPayload) || current.size > 0) return;
        handlers.delete(channel);
        if (isClosed || !connecting) return;
        const client = await connecting;
        await client.query(`UNLISTEN ${channel}`);
      };
    },
    close: async () => {
      isClosed = true;
      handlers.clear();
      const pending = connecting;
      connecting = undefined;
      if (pending) {
        const client = await pending.catch(() => undefined);
        client?.removeAllListeners('end');
        await client?.end().catch(() => {});
      }
    },
  };
}
