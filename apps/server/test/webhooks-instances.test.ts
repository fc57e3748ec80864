// Webhook deliveries with two instances on one PostgreSQL (issue 36 §3, ADR 053): both run the
// deliverer every 50 ms against a slow receiver, events are written through both, and every
// delivery reaches the receiver exactly once (one attempt each, no delivery id twice), with one
// delivery per event (the instance that wrote enqueues it, the other does not). PostgreSQL only:
// PGlite cannot be shared between two connections, as in two-instances.test.ts.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { openDb } from '@tabayyun/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { ACTORS, type ActorName, buildTestApp, call, type TestApp, testConfig } from './build-test-app.ts';
import { buildPublishableFactcheck, createCriteria } from './factories.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);

const ENV = {
  FETCH_ALLOW_HOSTS: '127.0.0.1',
  WEBHOOK_DELIVERY: 'true',
  WEBHOOK_TICK_MS: '50',
  WEBHOOK_RETRY_BASE_MS: '200',
};

let a: TestApp;
let b: FastifyInstance;
let closeB: () => Promise<void>;
let server: Server;
let url: string;
const received: { delivery: string; body: string }[] = [];

beforeAll(async () => {
  if (!onPostgres) return;
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        delivery: String(req.headers['x-tabayyun-delivery']),
        body: Buffer.concat(chunks).toString('utf8'),
      });
      // Slow enough that both instances' ticks overlap while deliveries are under way.
      setTimeout(() => res.writeHead(204).end(), 150);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  a = await buildTestApp({ env: ENV });
  const database = await openDb({ databaseUrl: a.database.url!, skipMigrations: true });
  b = await buildApp({
    config: testConfig(ENV),
    database,
    logger: false,
    resolveActor: (request) => {
      const name = request.headers['x-test-actor'];
      return typeof name === 'string' && name in ACTORS ? ACTORS[name as ActorName] : undefined;
    },
  });
  await b.ready();
  closeB = async () => {
    await b.close();
    await database.close();
  };
  await createCriteria(a.app);
}, 60_000);

afterAll(async () => {
  if (!onPostgres) return;
  await closeB?.();
  await a?.close();
  await new Promise<void>((resolve) => server?.close(() => resolve()));
});

describe.skipIf(!onPostgres)('webhook deliveries on two instances', () => {
  it('delivers each event once, whichever instance wrote it', async () => {
    const hook = await call(a.app, 'POST', '/api/webhook', {
      url,
      events: ['published'],
      secret: 'two-instances-secret-0123456789',
    });
    expect(hook.status).toBe(200);
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const app = i % 2 ? b : a.app;
      const res = await call(
        app,
        'POST',
        '/api/factcheck',
        buildPublishableFactcheck({ status: 'published' }),
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      ids.push(res.body._id as string);
    }
    const deadline = Date.now() + 30_000;
    let log: { _id: string; status: string; attempts: number }[] = [];
    while (Date.now() < deadline) {
      log = (await call(b, 'GET', '/api/webhook-delivery?per_page=100')).body.data as typeof log;
      if (log.length >= ids.length && log.every((d) => d.status === 'delivered')) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    // Let any second (wrong) attempt arrive before counting.
    await new Promise((r) => setTimeout(r, 500));
    expect(log).toHaveLength(ids.length);
    for (const d of log) expect(d).toMatchObject({ status: 'delivered', attempts: 1 });
    expect(received).toHaveLength(ids.length);
    expect(new Set(received.map((r) => r.delivery)).size).toBe(ids.length);
    const published = received.map((r) => JSON.parse(r.body).data._id as string).sort();
    expect(published).toEqual([...ids].sort());
  }, 60_000);
});
