// Scheduled publishing with two instances on one PostgreSQL (issue 33 §5, ADR 039): both run the
// publish scheduler every 100 ms; every scheduled item is published exactly once (one status
// change in its history, one publish in the audit log), within seconds of its time. Always
// PostgreSQL (PGlite cannot be shared between processes), as in two-instances.test.ts.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuild, WEB_BUILD_TIMEOUT_MS } from '../src/modules/site/web-build.ts';
import { PUBLISHABLE_FACTCHECK_FIELDS } from './factories.ts';
import {
  createPostgresDatabase,
  http,
  type ServerProcess,
  sharedSecrets,
  signInHttp,
  startServer,
} from './server-process.ts';

let dataDir: string;
let database: { url: string; drop(): Promise<void> };
let a: ServerProcess | undefined;
let b: ServerProcess | undefined;
let token: string;

beforeAll(async () => {
  ensureWebBuild();
  dataDir = await mkdtemp(join(tmpdir(), 'tabayyun-scheduled-'));
  database = await createPostgresDatabase();
  const env = {
    ...sharedSecrets(),
    PUBLISH_SCHEDULER: 'true',
    PUBLISH_TICK_MS: '100',
    ...(process.env.WEB_BUILD_DIR ? { WEB_BUILD_DIR: process.env.WEB_BUILD_DIR } : {}),
  };
  a = await startServer({ dataDir, databaseUrl: database.url, env });
  b = await startServer({ dataDir, databaseUrl: database.url, env });
  token = (await signInHttp(a.url)).access_token;
}, WEB_BUILD_TIMEOUT_MS + 180_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await database?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

const api = (base: string, method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown) =>
  http(base, method, path, { token, ...(body === undefined ? {} : { body }) });

describe('scheduled publishing on two instances', () => {
  it('publishes each scheduled fact-check once, within seconds of its time', async () => {
    for (const c of [
      { _id: 'criteria', slug: 'criteria', name: 'المعايير' },
      { _id: 'fraud', slug: 'fraud', name: 'زائف', parent: 'criteria', score: -3 },
      { _id: 'fabricated', slug: 'fabricated', name: 'مفبرك', parent: 'fraud', score: -2 },
      { _id: 'confirmed', slug: 'confirmed', name: 'صحيح', parent: 'criteria', score: 3 },
    ]) {
      const res = await api(a!.url, 'POST', '/api/category', c);
      expect(res.status, res.text).toBe(200);
    }
    const at = new Date(Date.now() + 2000);
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const created = await api(i % 2 ? b!.url : a!.url, 'POST', '/api/factcheck', {
        ...PUBLISHABLE_FACTCHECK_FIELDS,
        title: `ادعاء مجدول رقم ${i}`,
        description: 'ملخص',
        status: 'review',
        publishAt: at.toISOString(),
      });
      expect(created.status, created.text).toBe(200);
      ids.push(created.body._id as string);
    }

    const deadline = Date.now() + 30_000;
    const statuses = async () =>
      Promise.all(
        ids.map(
          async (id) => (await api(b!.url, 'GET', `/api/factcheck/${id}`)).body.data[0].status as string,
        ),
      );
    while ((await statuses()).some((s) => s !== 'published')) {
      expect(Date.now(), 'published within 30 s').toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    for (const id of ids) {
      const doc = (await api(a!.url, 'GET', `/api/factcheck/${id}`)).body.data[0];
      expect(doc).toMatchObject({ status: 'published', publishAt: null, scheduledBy: null });
      // Published at its time, not before.
      expect(Date.parse(doc.publishedAt)).toBeGreaterThanOrEqual(at.getTime());
      const history = (await api(a!.url, 'GET', `/api/factcheck/${id}/revisions?per_page=100`)).body.data as {
        changed: string[];
      }[];
      expect(history.filter((r) => r.changed.includes('status'))).toHaveLength(1);
    }
    // Audit entries are written just after their write commits: wait for them, then count.
    const publishes = async (id: string) =>
      (await api(a!.url, 'GET', `/api/audit?target=${id}&type=publish`)).body.total as number;
    for (const id of ids) {
      while ((await publishes(id)) < 1) {
        expect(Date.now(), 'audit entries within 30 s').toBeLessThan(deadline + 10_000);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    for (const id of ids) expect(await publishes(id)).toBe(1);
  });
});
