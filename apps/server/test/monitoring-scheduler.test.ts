// The scheduler runs each enabled source at its interval; with two app instances on one
// PostgreSQL database (each with its own connection pool), a due source runs exactly once.
import { type Database, eq, mediaSource, mediaSourceRun, openDb, sql } from '@tabayyun/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { buildTestApp, call, type TestApp, testConfig } from './build-test-app.ts';
import { create } from './factories.ts';
import { type FeedServer, rssFeed, startFeedServer } from './monitoring-server.ts';

let t: TestApp;
let server: FeedServer;
const ENV = { FETCH_ALLOW_HOSTS: '127.0.0.1' };

beforeAll(async () => {
  server = await startFeedServer();
  t = await buildTestApp({ env: ENV });
});
afterAll(async () => {
  await t?.close();
  await server?.close();
});

/** A source with its own feed path, so the server's hit counter tells how often it was fetched. */
async function sourceWithFeed(name: string, extra: Record<string, unknown> = {}) {
  const path = `/sched-${name}.xml`;
  server.routes.set(path, (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/rss+xml' });
    res.end(rssFeed(server.base, [{ guid: `${name}-1`, title: `خبر المصدر ${name}` }]));
  });
  const { _id } = await create(t.app, 'media-source', { name, feeds: [`${server.base}${path}`], ...extra });
  return { _id, path };
}

async function runsOf(sourceId: string) {
  return t.database.db.select().from(mediaSourceRun).where(eq(mediaSourceRun.mediaSource, sourceId));
}

describe('scheduler', () => {
  it('runs due enabled sources, skips disabled, feedless and not-yet-due ones, and sets the next run', async () => {
    // Only the sources of this test may be due.
    await t.database.db.execute(sql`update media_source set monitoring_enabled = false`);
    const due = await sourceWithFeed('due', { pollInterval: 20 });
    const off = await sourceWithFeed('off', { monitoringEnabled: false });
    const later = await sourceWithFeed('later');
    await t.database.db
      .update(mediaSource)
      .set({ nextRunAt: new Date(Date.now() + 60 * 60_000) })
      .where(eq(mediaSource._id, later._id));
    await create(t.app, 'media-source', { name: 'no feeds' });

    const before = Date.now();
    const ran = await t.app.monitoring.scheduler.tick();
    expect(ran).toEqual([due._id]);
    expect(await runsOf(due._id)).toHaveLength(1);
    expect(await runsOf(off._id)).toHaveLength(0);
    expect(await runsOf(later._id)).toHaveLength(0);
    const [row] = await t.database.db.select().from(mediaSource).where(eq(mediaSource._id, due._id));
    const next = row!.nextRunAt!.getTime();
    expect(next).toBeGreaterThanOrEqual(before + 20 * 60_000 - 1000);
    expect(next).toBeLessThanOrEqual(Date.now() + 20 * 60_000 + 1000);

    // Not due again until then.
    expect(await t.app.monitoring.scheduler.tick()).toEqual([]);
    const feed = await call(t.app, 'GET', `/api/feed?mediaSource=${due._id}`);
    expect((feed.body.data as { title: string }[]).map((i) => i.title)).toEqual(['خبر المصدر due']);
  });

  it('two instances ticking at once run each due source exactly once', async () => {
    await t.database.db.execute(sql`update media_source set monitoring_enabled = false`);
    const sources = [];
    for (const name of ['a', 'b', 'c', 'd']) sources.push(await sourceWithFeed(`twin-${name}`));

    // A second instance: on PostgreSQL its own app and connection pool on the same database; on
    // PGlite (one process, one instance by design) a second app on the same embedded database.
    let second: Database;
    let ownsSecond = false;
    if (t.database.url) {
      second = await openDb({ databaseUrl: t.database.url, skipMigrations: true, poolSize: 3 });
      ownsSecond = true;
    } else {
      second = t.database;
    }
    const other: FastifyInstance = await buildApp({
      config: testConfig(ENV),
      database: second,
      logger: false,
    });
    await other.ready();
    try {
      const [ranA, ranB] = await Promise.all([
        t.app.monitoring.scheduler.tick(),
        other.monitoring.scheduler.tick(),
      ]);
      const all = [...ranA, ...ranB].sort();
      expect(all).toEqual(sources.map((s) => s._id).sort());
      for (const s of sources) {
        expect(await runsOf(s._id), s.path).toHaveLength(1);
        expect(server.hits.get(s.path), s.path).toBe(1);
      }
      if (t.database.url) expect(second.kind).toBe('postgres');
    } finally {
      await other.close();
      if (ownsSecond) await second.close();
    }
  });

  it('starts on a timer when MONITOR_SCHEDULER is on', async () => {
    await t.database.db.execute(sql`update media_source set monitoring_enabled = false`);
    const timed = await sourceWithFeed('timed');
    const app = await buildApp({
      config: testConfig({ ...ENV, MONITOR_SCHEDULER: 'true', MONITOR_TICK_MS: '50' }),
      database: t.database,
      logger: false,
    });
    await app.ready();
    try {
      for (let i = 0; i < 100 && (await runsOf(timed._id)).length === 0; i++) {
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(await runsOf(timed._id)).toHaveLength(1);
    } finally {
      await app.close();
    }
  });
});
