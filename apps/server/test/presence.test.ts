// Issue 12, presence: who else has a record open, from heartbeats stored in PostgreSQL (so every
// instance sees them); older than the window is gone. On PGlite and on PostgreSQL (DATABASE_URL).
import { presence, sql } from '@tabayyun/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createPresenceService } from '../src/modules/presence/presence.service.ts';
import { ACTORS, buildTestApp, call, request, signIn, type TestApp } from './build-test-app.ts';
import { buildFactcheck, create } from './factories.ts';

let t: TestApp;
let alice: Awaited<ReturnType<typeof signIn>>;
let bob: Awaited<ReturnType<typeof signIn>>;
let draftId = '';
beforeAll(async () => {
  t = await buildTestApp();
  alice = await signIn(t, ['editor']);
  bob = await signIn(t, ['fact-checker']);
  draftId = (await create(t.app, 'factcheck', buildFactcheck()))._id;
});
afterAll(() => t.close());

interface Entry {
  user: string;
  name: string | null;
  since: string;
  lastSeen: string;
}
const beat = (token: string, body: unknown) => request(t.app, 'POST', '/api/presence', { token, body });
const others = async (token: string, id = draftId) => {
  const res = await request(t.app, 'GET', `/api/presence?resource=factcheck&id=${id}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Entry[];
};

describe('POST, GET and DELETE /api/presence', () => {
  it('lists the other editors of a record with their names, never the caller', async () => {
    const first = await beat(alice.access_token, { resource: 'factcheck', id: draftId });
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual([]);
    const second = await beat(bob.access_token, { resource: 'factcheck', id: draftId });
    expect((second.body.data as Entry[]).map((e) => [e.user, e.name])).toEqual([[alice.sub, 'Test editor']]);
    const seenByAlice = await others(alice.access_token);
    expect(seenByAlice.map((e) => [e.user, e.name])).toEqual([[bob.sub, 'Test fact-checker']]);
    expect(Date.parse(seenByAlice[0]!.lastSeen)).toBeGreaterThanOrEqual(Date.parse(seenByAlice[0]!.since));

    const other = await create(t.app, 'factcheck', buildFactcheck());
    expect(await others(alice.access_token, other._id)).toEqual([]);

    const left = await request(t.app, 'DELETE', '/api/presence', {
      token: bob.access_token,
      body: { resource: 'factcheck', id: draftId },
    });
    expect(left.status).toBe(200);
    expect(await others(alice.access_token)).toEqual([]);
  });

  it('holds across instances: another app on the same database sees the heartbeat', async () => {
    await beat(bob.access_token, { resource: 'factcheck', id: draftId });
    const second = await buildApp({ config: t.config, database: t.database, logger: false });
    try {
      await second.ready();
      const res = await request(second, 'GET', `/api/presence?resource=factcheck&id=${draftId}`, {
        token: alice.access_token,
      });
      expect((res.body.data as Entry[]).map((e) => e.user)).toEqual([bob.sub]);
    } finally {
      await second.close();
    }
  });

  it('needs a signed-in user who may read the record', async () => {
    const body = { resource: 'factcheck', id: draftId };
    expect((await call(t.app, 'POST', '/api/presence', body, 'anonymous')).status).toBe(401);
    expect(
      (await call(t.app, 'GET', `/api/presence?resource=factcheck&id=${draftId}`, undefined, 'anonymous'))
        .status,
    ).toBe(401);
    expect((await call(t.app, 'DELETE', '/api/presence', body, 'anonymous')).status).toBe(401);
    const reader = await signIn(t, []);
    // The draft is invisible to a user without a grant: the same 404 as reading it.
    expect((await beat(reader.access_token, body)).status).toBe(404);
    expect(
      (
        await request(t.app, 'GET', `/api/presence?resource=factcheck&id=${draftId}`, {
          token: reader.access_token,
        })
      ).status,
    ).toBe(404);
    expect(
      (await beat(alice.access_token, { resource: 'factcheck', id: '000000000000000000000000' })).status,
    ).toBe(404);
  });

  it.each([
    [{}, 'resource'],
    [{ resource: 'factcheck' }, 'id'],
    [{ resource: 'factcheck', id: 5 }, 'id'],
    [{ resource: 'nothing', id: 'x' }, 'resource'],
    [{ resource: 'factcheck', id: 'x', extra: 1 }, ''],
    [[], ''],
  ])('a malformed body %j is 400 VALIDATION_FAILED', async (body, key) => {
    const res = await beat(alice.access_token, body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(res.body.details as object)).toContain(key);
  });

  it('a GET without resource or id is 400', async () => {
    const res = await request(t.app, 'GET', '/api/presence?resource=factcheck', {
      token: alice.access_token,
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
  });
});

describe('the window', () => {
  it('ignores heartbeats older than the window, cleans them up lazily, and restarts `since` after a gap', async () => {
    let now = new Date('2030-01-01T10:00:00Z');
    const service = createPresenceService({
      db: t.database.db,
      resources: t.app.services.resources,
      ttlMs: 60_000,
      now: () => now,
    });
    const { _id } = await create(t.app, 'factcheck', buildFactcheck());
    const input = { resource: 'factcheck', id: _id };
    const admin = { ...ACTORS.superAdmin, sub: alice.sub };
    const readerOf = { ...ACTORS.superAdmin, sub: bob.sub };
    await service.beat({ actor: readerOf, input });
    now = new Date('2030-01-01T10:00:30Z');
    await service.beat({ actor: readerOf, input });
    now = new Date('2030-01-01T10:01:29Z');
    const fresh = await service.list({ actor: admin, input });
    expect(fresh).toEqual([
      {
        user: bob.sub,
        name: 'Test fact-checker',
        since: '2030-01-01T10:00:00.000Z',
        lastSeen: '2030-01-01T10:00:30.000Z',
      },
    ]);
    now = new Date('2030-01-01T10:01:31Z');
    expect(await service.list({ actor: admin, input })).toEqual([]);

    const rows = async () =>
      (
        await t.database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(presence)
          .where(sql`${presence.recordId} = ${_id} and ${presence.user} = ${bob.sub}`)
      )[0]!.n;
    expect(await rows()).toBe(1);
    // Someone else's heartbeat cleans up the stale row.
    await service.beat({ actor: admin, input });
    expect(await rows()).toBe(0);

    await service.beat({ actor: readerOf, input });
    now = new Date('2030-01-01T10:05:00Z');
    await service.beat({ actor: readerOf, input });
    const [back] = await service.list({ actor: admin, input });
    expect(back?.since).toBe('2030-01-01T10:05:00.000Z');
  });

  it('PRESENCE_TTL_MS sets the window of the HTTP API', async () => {
    const short = await buildTestApp({ env: { PRESENCE_TTL_MS: '300' } });
    try {
      const a = await signIn(short, ['editor']);
      const b = await signIn(short, ['editor']);
      const { _id } = await create(short.app, 'factcheck', buildFactcheck());
      await request(short.app, 'POST', '/api/presence', {
        token: b.access_token,
        body: { resource: 'factcheck', id: _id },
      });
      const list = () =>
        request(short.app, 'GET', `/api/presence?resource=factcheck&id=${_id}`, { token: a.access_token });
      expect(((await list()).body.data as Entry[]).length).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect((await list()).body.data).toEqual([]);
    } finally {
      await short.close();
    }
  });
});
