import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, arrayContains, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from './id.ts';
import { type Database, MIGRATIONS_FOLDER, openDb } from './open-db.ts';
import { category, factcheck, feed } from './schema.ts';
import { createTestDb, TEST_TEMPLATE_ENV, type TestDatabase } from './testing.ts';

const databaseUrl = process.env.DATABASE_URL;
const engine = databaseUrl ? 'postgres' : 'pglite';

const TABLES = [
  'article',
  'audit_event',
  'author',
  'category',
  'contact',
  'correction',
  'device',
  'evidence_snapshot',
  'factcheck',
  'feed',
  'media_source',
  'media_source_run',
  'note',
  'notification',
  'notification_setting',
  'permission',
  'presence',
  'rate_limit_bucket',
  'refresh_token',
  'revision',
  'role',
  'saved_view',
  'scraping_report',
  'setting',
  'storage',
  'tip',
  'two_factor_challenge',
  'two_factor_recovery_code',
  'two_factor_totp',
  'user',
  'verification_code',
  'webauthn_credential',
  'webhook',
  'webhook_delivery',
];

/** Every migration file in the journal runs exactly once (counted from the journal, so adding one keeps this true). */
const MIGRATION_COUNT = (
  JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }
).entries.length;

function waitFor<T>(promise: Promise<T>, ms = 5000): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms)),
  ]);
}

describe(`test database (${engine})`, () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDb();
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('comes from the globalSetup template on the engine under test', () => {
    expect(process.env[TEST_TEMPLATE_ENV]).toBeTruthy();
    expect(database.kind).toBe(engine);
  });

  it('has every table and both extensions', async () => {
    const tables = await database.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`,
    );
    expect(tables.rows.map((r) => r.table_name)).toEqual(TABLES);
    const extensions = await database.db.execute<{ extname: string }>(
      sql`select extname from pg_extension where extname in ('pg_trgm', 'unaccent') order by 1`,
    );
    expect(extensions.rows.map((r) => r.extname)).toEqual(['pg_trgm', 'unaccent']);
    const unaccented = await database.db.execute<{ v: string }>(sql`select unaccent('Café') as v`);
    expect(unaccented.rows[0]?.v).toBe('Cafe');
  });

  it('returns raw rows with the same types on both engines', async () => {
    const result = await database.db.execute<Record<string, unknown>>(
      sql`select count(*) as c, 1.5::numeric as n, '{a,b}'::text[] as arr, '{"a":1}'::jsonb as j,
        '2026-01-02T03:04:05Z'::timestamptz as t`,
    );
    const row = result.rows[0];
    expect(row).toMatchObject({ c: 1, n: '1.5', arr: ['a', 'b'], j: { a: 1 } });
    // Drizzle hands raw timestamps over as text on both drivers.
    expect(new Date(String(row?.t)).toISOString()).toBe('2026-01-02T03:04:05.000Z');
  });

  it('creates the trigram and array indexes', async () => {
    const indexes = await database.db.execute<{ indexname: string; indexdef: string }>(
      sql`select indexname, indexdef from pg_indexes where tablename = 'factcheck'`,
    );
    const byName = new Map(indexes.rows.map((r) => [r.indexname, r.indexdef]));
    expect(byName.get('factcheck_title_normalized_trgm_idx')).toMatch(
      /USING gin \(title_normalized gin_trgm_ops\)/,
    );
    expect(byName.get('factcheck_evaluation_categories_gin_idx')).toMatch(
      /USING gin \(evaluation_categories\)/,
    );
    expect(byName.get('factcheck_slug_key')).toMatch(/UNIQUE/);
  });

  it('round-trips arrays, jsonb, timestamps and defaults', async () => {
    const _id = newId();
    const publishedAt = new Date('2026-01-02T03:04:05.678Z');
    await database.db.insert(factcheck).values({
      _id,
      title: 'عنوان',
      description: 'وصف',
      status: 'published',
      tags: ['featured', 'with "quotes", and commas'],
      evaluation: [{ category: 'fraud', description: 'x', score: -2 }],
      evaluationCategories: ['fraud'],
      images: [{ path: 'storage/a.jpg', originalname: 'a.jpg' }],
      meta: { title: 'SEO', og: { type: 'article' } },
      publishedAt,
    });
    const [row] = await database.db.select().from(factcheck).where(eq(factcheck._id, _id));
    expect(row).toMatchObject({
      _id,
      status: 'published',
      language: 'ar',
      reads: 0,
      score: 0,
      mediaSource: [],
      country: [],
      tags: ['featured', 'with "quotes", and commas'],
      evaluation: [{ category: 'fraud', description: 'x', score: -2 }],
      images: [{ path: 'storage/a.jpg', originalname: 'a.jpg' }],
      meta: { title: 'SEO', og: { type: 'article' } },
      hideClaimsTitle: false,
      claimsNormalized: '',
      translation_id: null,
    });
    expect(row?.publishedAt).toEqual(publishedAt);
    expect(row?.createdAt).toBeInstanceOf(Date);

    const found = await database.db
      .select({ _id: factcheck._id })
      .from(factcheck)
      .where(and(eq(factcheck.status, 'published'), arrayContains(factcheck.evaluationCategories, ['fraud'])))
      .orderBy(desc(factcheck.publishedAt));
    expect(found).toEqual([{ _id }]);
  });

  it('derives feed.factcheckId from the factcheck jsonb (generated column)', async () => {
    const _id = newId();
    await database.db.insert(feed).values({ _id, title: 'خبر' });
    const [before] = await database.db.select().from(feed).where(eq(feed._id, _id));
    expect(before).toMatchObject({ status: 'new', factcheck: null, factcheckId: null, updateLog: [] });

    await database.db
      .update(feed)
      .set({ factcheck: { _id: 'fc1', title: 'T' } })
      .where(eq(feed._id, _id));
    const [after] = await database.db
      .select({ factcheck: feed.factcheck, factcheckId: feed.factcheckId })
      .from(feed)
      .where(eq(feed._id, _id));
    expect(after).toEqual({ factcheck: { _id: 'fc1', title: 'T' }, factcheckId: 'fc1' });
  });

  it('enforces the status check, unique slugs and the category parent', async () => {
    await expect(
      database.db.execute(
        sql`insert into factcheck (_id, title, description, status) values ('x', 't', 'd', 'bogus')`,
      ),
    ).rejects.toThrow();
    await database.db.insert(factcheck).values({ _id: newId(), title: 't', description: 'd', slug: 'dup' });
    await expect(
      database.db.insert(factcheck).values({ _id: newId(), title: 't', description: 'd', slug: 'dup' }),
    ).rejects.toThrow();

    await database.db
      .insert(category)
      .values({ _id: 'criteria', slug: 'criteria', name: 'Criteria', path: '/criteria' });
    await database.db.insert(category).values({
      _id: 'fraud',
      slug: 'fraud',
      name: 'Fraud',
      parent: 'criteria',
      path: '/criteria/fraud',
      level: 1,
    });
    const [fraud] = await database.db.select().from(category).where(eq(category._id, 'fraud'));
    expect(fraud?.showOnPages).toEqual(['home']);
    await expect(database.db.delete(category).where(eq(category._id, 'criteria'))).rejects.toThrow();
    await expect(
      database.db
        .insert(category)
        .values({ _id: 'orphan', slug: 'o', name: 'O', parent: 'missing', path: '/missing/o' }),
    ).rejects.toThrow();
  });

  it('isolates copies: another test database does not see these rows', async () => {
    const _id = newId();
    await database.db.insert(factcheck).values({ _id, title: 'mine', description: 'd' });
    const other = await createTestDb();
    try {
      const mine = await database.db.select().from(factcheck).where(eq(factcheck._id, _id));
      const theirs = await other.db.select().from(factcheck);
      expect(mine).toHaveLength(1);
      expect(theirs).toEqual([]);
      await other.db.insert(factcheck).values({ _id: newId(), title: 'theirs', description: 'd' });
      const stillMine = await database.db.select().from(factcheck).where(eq(factcheck.title, 'theirs'));
      expect(stillMine).toEqual([]);
    } finally {
      await other.drop();
    }
  });

  it('runs transactions and rolls them back on error', async () => {
    const _id = newId();
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(factcheck).values({ _id, title: 't', description: 'd' });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await database.db.select().from(factcheck).where(eq(factcheck._id, _id))).toEqual([]);
  });

  it('delivers LISTEN/NOTIFY payloads and stops after unlisten', async () => {
    const received: string[] = [];
    let resolveFirst: (payload: string) => void = () => {};
    const first = new Promise<string>((resolve) => {
      resolveFirst = resolve;
    });
    const unlisten = await database.listen('cache_invalidate', (payload) => {
      received.push(payload);
      resolveFirst(payload);
    });
    await database.notify('cache_invalidate', JSON.stringify({ path: '/factcheck/x' }));
    expect(await waitFor(first)).toBe('{"path":"/factcheck/x"}');

    await unlisten();
    await database.notify('cache_invalidate', 'after');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(received).toEqual(['{"path":"/factcheck/x"}']);
  });

  it('rejects channel names the two engines would treat differently', async () => {
    await expect(database.listen('Bad-Channel', () => {})).rejects.toThrow(/Invalid notification channel/);
    await expect(database.notify('x; drop', '')).rejects.toThrow(/Invalid notification channel/);
  });
});

// Engine-specific suites are registered only for the engine under test (no skipped tests).
const describeOn = (engineMatches: boolean): typeof describe =>
  engineMatches ? describe : ((() => undefined) as unknown as typeof describe);

describeOn(!databaseUrl)('openDb on PGlite', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tabayyun-db-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('persists in dataDir/pglite across opens and migrates only once', async () => {
    const first = await openDb({ dataDir: dir });
    await first.db.insert(factcheck).values({ _id: 'persisted', title: 't', description: 'd' });
    await first.close();

    const second = await openDb({ dataDir: dir });
    try {
      const rows = await second.db.select({ _id: factcheck._id }).from(factcheck);
      expect(rows).toEqual([{ _id: 'persisted' }]);
      const migrations = await second.db.execute<{ n: number }>(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      expect(migrations.rows[0]?.n).toBe(MIGRATION_COUNT);
    } finally {
      await second.close();
    }
  });

  // PGlite's default, 128 MB, is allocated and touched at start in WebAssembly memory that is never
  // given back (ADR 025).
  it('runs with small shared buffers, on disk and in memory', async () => {
    for (const opened of [await openDb({ dataDir: dir }), await openDb({ skipMigrations: true })]) {
      try {
        const shown = await opened.db.execute<{ shared_buffers: string }>(sql`show shared_buffers`);
        expect(shown.rows[0]?.shared_buffers).toBe('16MB');
      } finally {
        await opened.close();
      }
    }
  });
});

describeOn(Boolean(databaseUrl))('openDb on PostgreSQL', () => {
  let database: TestDatabase;
  const opened: Database[] = [];

  beforeAll(async () => {
    database = await createTestDb();
  });
  afterAll(async () => {
    for (const d of opened) await d.close();
    await database?.drop();
  });

  it('migrates concurrently from several instances without racing', async () => {
    const admin = new URL(databaseUrl ?? '');
    const name = `tabayyun_test_race_${process.pid}`;
    const adminDb = await openDb({ databaseUrl: databaseUrl ?? '', skipMigrations: true });
    opened.push(adminDb);
    await adminDb.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
    await adminDb.db.execute(sql.raw(`create database ${name}`));
    admin.pathname = `/${name}`;
    try {
      const instances = await Promise.all([1, 2, 3].map(() => openDb({ databaseUrl: admin.toString() })));
      for (const instance of instances) await instance.close();
      const check = await openDb({ databaseUrl: admin.toString(), skipMigrations: true });
      const migrations = await check.db.execute<{ n: number }>(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      await check.close();
      expect(migrations.rows[0]?.n).toBe(MIGRATION_COUNT);
    } finally {
      await adminDb.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
    }
  });

  it('delivers notifications across two instances of one database', async () => {
    const url = new URL(databaseUrl ?? '');
    const [templateRow] = (
      await database.db.execute<{ name: string }>(sql`select current_database() as name`)
    ).rows;
    url.pathname = `/${templateRow?.name}`;
    const second = await openDb({ databaseUrl: url.toString(), skipMigrations: true });
    opened.push(second);
    let resolvePayload: (payload: string) => void = () => {};
    const payload = new Promise<string>((resolve) => {
      resolvePayload = resolve;
    });
    await database.listen('instances', (p) => resolvePayload(p));
    await second.notify('instances', 'hello from the other instance');
    expect(await waitFor(payload)).toBe('hello from the other instance');
  });
});
