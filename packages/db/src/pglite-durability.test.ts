// PGlite on disk (issue 14, ADR 018): a commit reaches the disk before it is acknowledged. PGlite's
// defaults run PostgreSQL with `-F` (fsync off), and its Node file system ignores fsync, so a
// power cut could lose acknowledged writes; openDb turns both back on for a data directory.
// (The SIGKILL test in apps/server/test/durability.test.ts covers process crashes; this one covers
// what only the operating system's flush protects: the fsync calls themselves.)
import fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDb } from './open-db.ts';

let dir: string;
let database: Database;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tabayyun-pglite-durable-'));
  database = await openDb({ dataDir: dir });
}, 120_000);

afterAll(async () => {
  await database?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('PGlite in a data directory', () => {
  it('runs with fsync on and flushes the WAL with fsync (the Node file system ignores fdatasync)', async () => {
    const fsync = await database.db.execute(sql`show fsync`);
    const method = await database.db.execute(sql`show wal_sync_method`);
    expect(fsync.rows[0]).toEqual({ fsync: 'on' });
    expect(method.rows[0]).toEqual({ wal_sync_method: 'fsync' });
  });

  it('calls fsync on a real file descriptor when a transaction commits', async () => {
    const original = fs.fsyncSync;
    let calls = 0;
    fs.fsyncSync = (fd: number) => {
      calls++;
      original(fd);
    };
    try {
      await database.db.execute(
        sql`insert into author (_id, name, slug) values ('0a0000000000000000000001', 'x', 'x-durable')`,
      );
    } finally {
      fs.fsyncSync = original;
    }
    expect(calls).toBeGreaterThan(0);
  });
});
