// Partners' webhooks (issue 36 §3): administrators register them (the secret is never answered);
// publishing, updating, correcting, withdrawing a fact-check and creating a feed item are delivered
// to a real local HTTP receiver, signed with HMAC-SHA256 over "t.body"; a receiver that fails twice
// gets three attempts with growing delays, then the delivery is `delivered`; "redeliver" sends the
// same body again. Runs on PGlite and on PostgreSQL (DATABASE_URL).
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, newId, webhook, webhookDelivery } from '@tabayyun/db';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { verifySignature } from '../src/modules/webhooks/signature.ts';
import { buildTestApp, call, type TestApp } from './build-test-app.ts';
import { buildFactcheck, buildPublishableFactcheck, createCriteria } from './factories.ts';

interface Received {
  at: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A real receiver on 127.0.0.1: answers `failures` 500s first, then 200. */
async function startReceiver() {
  const received: Received[] = [];
  const state = { failures: 0 };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ at: Date.now(), headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      if (state.failures > 0) {
        state.failures--;
        res.writeHead(500).end('not now');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const SECRET = 'partner-secret-0123456789abcdef';
const RETRY_BASE_MS = 300;

let t: TestApp;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  receiver = await startReceiver();
  t = await buildTestApp({
    env: {
      FETCH_ALLOW_HOSTS: '127.0.0.1',
      WEBHOOK_DELIVERY: 'true',
      WEBHOOK_TICK_MS: '50',
      WEBHOOK_RETRY_BASE_MS: String(RETRY_BASE_MS),
    },
  });
  await createCriteria(t.app);
});
// Each test registers its own webhooks: none is left to receive the next test's events.
afterEach(async () => {
  const list = (await call(t.app, 'GET', '/api/webhook')).body.data as { _id: string }[];
  for (const h of list) await call(t.app, 'DELETE', `/api/webhook/${h._id}`);
  receiver.state.failures = 0;
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

type Delivery = Record<string, unknown> & { _id: string; status: string; attempts: number; event: string };

async function deliveries(webhook: string): Promise<Delivery[]> {
  const res = await call(t.app, 'GET', `/api/webhook-delivery?webhook=${webhook}&per_page=100`);
  expect(res.status).toBe(200);
  return res.body.data as Delivery[];
}

async function register(events: string[], extra: Record<string, unknown> = {}) {
  const res = await call(t.app, 'POST', '/api/webhook', {
    url: receiver.url,
    events,
    secret: SECRET,
    ...extra,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body._id as string;
}

const bodiesFor = (webhookEvent: string) =>
  receiver.received.filter((r) => r.headers['x-tabayyun-event'] === webhookEvent);

describe('registering webhooks', () => {
  it('is for administrators; the secret is never in an answer', async () => {
    const body = { url: receiver.url, events: ['published'], secret: SECRET };
    for (const actor of ['anonymous', 'reader'] as const) {
      const refused = await call(t.app, 'POST', '/api/webhook', body, actor);
      expect([401, 403], actor).toContain(refused.status);
      expect([401, 403]).toContain((await call(t.app, 'GET', '/api/webhook', undefined, actor)).status);
      expect([401, 403]).toContain(
        (await call(t.app, 'GET', '/api/webhook-delivery', undefined, actor)).status,
      );
    }
    const created = await call(t.app, 'POST', '/api/webhook', body);
    expect(created.status).toBe(200);
    const id = created.body._id as string;
    const answers = [
      created.body,
      (await call(t.app, 'GET', '/api/webhook')).body,
      (await call(t.app, 'GET', `/api/webhook/${id}`)).body,
      (await call(t.app, 'PATCH', `/api/webhook/${id}`, { active: false, secret: `${SECRET}-2` })).body,
    ];
    for (const answer of answers) expect(JSON.stringify(answer)).not.toContain(SECRET);
    // Sealed at rest with APP_SECRET: the stored value is not the secret.
    const stored = await t.database.db
      .select({ secret: webhook.secret })
      .from(webhook)
      .where(eq(webhook._id, id));
    expect(stored[0]!.secret).not.toContain(SECRET.slice(0, 12));
    expect(stored[0]!.secret).toMatch(/^v1\./);
    expect(answers[3]).toMatchObject({ document: { active: false, events: ['published'] } });
    // A PUT without the secret keeps it (forms never have it); a JSON Patch changes fields.
    const put = await call(t.app, 'PUT', `/api/webhook/${id}`, { url: receiver.url, events: ['updated'] });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const patched = await call(t.app, 'PATCH', `/api/webhook/${id}`, [
      { op: 'add', path: '/events/-', value: 'withdrawn' },
    ]);
    expect(patched.body).toMatchObject({ document: { events: ['updated', 'withdrawn'] } });
    expect(JSON.stringify([put.body, patched.body])).not.toContain(SECRET);
    expect((await call(t.app, 'DELETE', `/api/webhook/${id}`)).status).toBe(200);
    expect((await call(t.app, 'GET', `/api/webhook/${id}`)).status).toBe(404);
  });

  it('refuses a bad address, unknown events and a short secret, each named', async () => {
    const res = await call(t.app, 'POST', '/api/webhook', {
      url: 'ftp://example.org/x',
      events: ['published', 'exploded'],
      secret: 'short',
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(Object.keys(res.body.details as object).sort()).toEqual(['events', 'secret', 'url']);
  });
});

describe('deliveries', () => {
  it('sends each event signed: HMAC-SHA256 of "t.body" with the secret, verified by the receiver', async () => {
    const hook = await register(['published', 'updated', 'corrected', 'withdrawn', 'feed.created']);
    const created = await call(
      t.app,
      'POST',
      '/api/factcheck',
      buildPublishableFactcheck({ status: 'published' }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body._id as string;
    expect(
      (
        await call(t.app, 'PATCH', `/api/factcheck/${id}`, [
          { op: 'replace', path: '/description', value: 'ملخص جديد' },
        ])
      ).status,
    ).toBe(200);
    const corrected = await call(t.app, 'POST', '/api/correction', {
      item: id,
      itemType: 'factcheck',
      type: 'correction',
      note: 'صُحّح تاريخ الحادثة.',
    });
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    expect(
      (
        await call(t.app, 'PATCH', `/api/factcheck/${id}`, [
          { op: 'replace', path: '/status', value: 'draft' },
          { op: 'add', path: '/statusReason', value: 'الصورة تحتاج إلى تحقق إضافي' },
        ])
      ).status,
    ).toBe(200);
    expect((await call(t.app, 'POST', '/api/feed', { title: 'خبر جديد من الرصد' })).status).toBe(200);

    const all = await until('five deliveries', async () => {
      const list = await deliveries(hook);
      return list.length >= 5 && list.every((d) => d.status === 'delivered') ? list : undefined;
    });
    expect([...new Set(all.map((d) => d.event))].sort()).toEqual(
      ['corrected', 'feed.created', 'published', 'updated', 'withdrawn'].sort(),
    );
    for (const d of all) expect(d).toMatchObject({ attempts: 1, responseStatus: 200 });

    const published = bodiesFor('published').find((r) => JSON.parse(r.body).data._id === id)!;
    expect(published).toBeDefined();
    const header = String(published.headers['x-tabayyun-signature']);
    const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
    expect(match, header).not.toBeNull();
    // What a partner computes, by hand: HMAC-SHA256(secret, `${t}.${raw body}`).
    const expected = createHmac('sha256', SECRET).update(`${match![1]}.${published.body}`).digest('hex');
    expect(match![2]).toBe(expected);
    expect(Math.abs(Number(match![1]) - Date.now() / 1000)).toBeLessThan(60);
    expect(verifySignature(SECRET, header, published.body)).toBe(true);
    expect(verifySignature('another-secret-0123456789', header, published.body)).toBe(false);
    expect(verifySignature(SECRET, header, published.body.replace('}', ' }'))).toBe(false);
    expect(published.headers['content-type']).toBe('application/json');
    const payload = JSON.parse(published.body);
    expect(payload).toMatchObject({
      event: 'published',
      data: { resource: 'factcheck', _id: id, status: 'published', verdict: { _id: 'fabricated' } },
    });
    expect(payload.data.url).toMatch(/^https?:\/\/.+\/factcheck\//);
    const correction = JSON.parse(bodiesFor('corrected').at(-1)!.body);
    expect(correction.data).toMatchObject({ resource: 'correction', item: { _id: id } });
    expect(JSON.parse(bodiesFor('withdrawn').at(-1)!.body).data).toMatchObject({ _id: id, status: 'draft' });
  });

  it('sends nothing for a draft saved, nor to a webhook switched off or not listening', async () => {
    const off = await register(['published'], { active: false });
    const other = await register(['feed.created']);
    const before = receiver.received.length;
    const draft = await call(t.app, 'POST', '/api/factcheck', buildFactcheck());
    expect(draft.status).toBe(200);
    await call(t.app, 'POST', '/api/factcheck', buildPublishableFactcheck({ status: 'published' }));
    await new Promise((r) => setTimeout(r, 500));
    expect(await deliveries(off)).toEqual([]);
    expect(await deliveries(other)).toEqual([]);
    expect(receiver.received.length).toBe(before);
  });

  it('retries a failing receiver with growing delays: fails twice, then delivered at the third attempt', async () => {
    const hook = await register(['published']);
    receiver.state.failures = 2;
    const start = receiver.received.length;
    await call(t.app, 'POST', '/api/factcheck', buildPublishableFactcheck({ status: 'published' }));
    const [delivery] = await until('the delivery delivered', async () => {
      const list = await deliveries(hook);
      return list[0]?.status === 'delivered' ? list : undefined;
    });
    expect(delivery).toMatchObject({
      status: 'delivered',
      attempts: 3,
      responseStatus: 200,
      nextAttemptAt: null,
    });
    const attempts = receiver.received.slice(start);
    expect(attempts).toHaveLength(3);
    // The same body each time; a new signature (and time) on each.
    expect(new Set(attempts.map((a) => a.body)).size).toBe(1);
    const gap1 = attempts[1]!.at - attempts[0]!.at;
    const gap2 = attempts[2]!.at - attempts[1]!.at;
    expect(gap1).toBeGreaterThanOrEqual(RETRY_BASE_MS);
    expect(gap2).toBeGreaterThanOrEqual(2 * RETRY_BASE_MS);
  });

  it('logs a failed attempt with the answer code, and redelivers a delivery as a new one', async () => {
    const hook = await register(['published']);
    receiver.state.failures = 1;
    await call(t.app, 'POST', '/api/factcheck', buildPublishableFactcheck({ status: 'published' }));
    const [failed] = await until('a failed attempt in the log', async () => {
      const list = await deliveries(hook);
      return list[0] && list[0].attempts >= 1 ? list : undefined;
    });
    // The log shows what the receiver answered, and when the next attempt is due.
    expect(failed).toMatchObject({ responseStatus: 500, attempts: 1 });
    expect(failed!.nextAttemptAt).toEqual(expect.any(String));
    const delivered = await until('the retry delivered', async () => {
      const list = await deliveries(hook);
      return list[0]?.status === 'delivered' ? list[0] : undefined;
    });
    const sentBefore = receiver.received.length;
    const again = await call(t.app, 'POST', `/api/webhook-delivery/${delivered._id}/redeliver`);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const newId = again.body._id as string;
    expect(newId).not.toBe(delivered._id);
    const redelivered = await until('the redelivery delivered', async () => {
      const list = await deliveries(hook);
      const d = list.find((x) => x._id === newId);
      return d?.status === 'delivered' ? d : undefined;
    });
    expect(redelivered).toMatchObject({ redeliveryOf: delivered._id, attempts: 1, responseStatus: 200 });
    const resent = receiver.received.slice(sentBefore);
    expect(resent).toHaveLength(1);
    expect(resent[0]!.headers['x-tabayyun-delivery']).toBe(newId);
    const original = (await call(t.app, 'GET', `/api/webhook-delivery/${delivered._id}`)).body.data as {
      payload: unknown;
    }[];
    expect(JSON.parse(resent[0]!.body)).toEqual(original[0]!.payload);
    expect(verifySignature(SECRET, String(resent[0]!.headers['x-tabayyun-signature']), resent[0]!.body)).toBe(
      true,
    );
    expect((await call(t.app, 'POST', '/api/webhook-delivery/nope/redeliver')).status).toBe(404);
    expect(
      (await call(t.app, 'POST', `/api/webhook-delivery/${delivered._id}/redeliver`, undefined, 'reader'))
        .status,
    ).toBe(403);
  });

  it('forgets finished deliveries after WEBHOOK_LOG_DAYS; keeps those still due and the recent ones', async () => {
    const hook = await register(['published'], { active: false });
    const day = 24 * 60 * 60_000;
    const now = new Date();
    const row = (status: 'pending' | 'delivered' | 'failed', ageDays: number) => ({
      _id: newId(),
      webhook: hook,
      event: 'published',
      payload: '{}',
      status,
      attempts: 1,
      nextAttemptAt: status === 'pending' ? new Date(now.getTime() + day) : null,
      createdAt: new Date(now.getTime() - ageDays * day),
      updatedAt: new Date(now.getTime() - ageDays * day),
    });
    const rows = [row('delivered', 31), row('failed', 40), row('pending', 31), row('delivered', 29)];
    await t.database.db.insert(webhookDelivery).values(rows);
    expect(t.config.WEBHOOK_LOG_DAYS).toBe(30);
    expect(await t.app.webhooks.prune(now)).toBe(2);
    const kept = (await deliveries(hook)).map((d) => d._id).sort();
    expect(kept).toEqual([rows[2]!._id, rows[3]!._id].sort());
    // A second round finds nothing more to forget.
    expect(await t.app.webhooks.prune(now)).toBe(0);
  });

  it('refuses to deliver to a private address that FETCH_ALLOW_HOSTS does not list', async () => {
    const res = await call(t.app, 'POST', '/api/webhook', {
      url: 'http://10.255.255.1/hooks',
      events: ['published'],
      secret: SECRET,
    });
    expect(res.status).toBe(200);
    const hook = res.body._id as string;
    await call(t.app, 'POST', '/api/factcheck', buildPublishableFactcheck({ status: 'published' }));
    const [d] = await until('the refused attempt', async () => {
      const list = await deliveries(hook);
      return list[0] && list[0].attempts >= 1 ? list : undefined;
    });
    expect(d!.status).toBe('pending');
    expect(String(d!.error)).toMatch(/private|FETCH_ALLOW_HOSTS/);
  });
});
