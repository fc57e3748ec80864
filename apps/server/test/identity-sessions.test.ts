// Sessions (issue 34): two refreshes of one token at once (two tabs, a reload during the start-up
// refresh) both get the same successor within REFRESH_REUSE_GRACE_S, while a replay after the grace
// still ends the whole session; the devices list says where each session is and which one is the
// caller's; a user ends one device or all the others, an administrator ends all of a user's.
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { buildTestApp, request, signIn, TEST_PASSWORD, type TestApp } from './build-test-app.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signIn>>;

const GRACE_S = 1;

beforeAll(async () => {
  t = await buildTestApp({ env: { REFRESH_REUSE_GRACE_S: String(GRACE_S) } });
  admin = await signIn(t, ['super-admin']);
});
afterAll(() => t.close());

/** An inject from a given client address and browser. */
async function from(
  client: { ip: string; ua?: string },
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  opts: { body?: unknown; token?: string } = {},
) {
  const res = await t.app.inject({
    method,
    url,
    remoteAddress: client.ip,
    headers: {
      'user-agent': client.ua ?? 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36',
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(opts.body === undefined ? {} : { payload: JSON.stringify(opts.body) }),
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

const refresh = (token: string, ip = '10.0.0.1') =>
  from({ ip }, 'POST', '/auth', { body: { grant_type: 'refresh', refresh_token: token } });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('two refreshes of one token at once (weakness 9)', () => {
  it('both succeed with the same successor, which keeps working', async () => {
    const user = await signIn(t, ['editor']);
    const [a, b] = await Promise.all([refresh(user.refresh_token), refresh(user.refresh_token)]);
    expect([a.status, b.status], JSON.stringify([a.body, b.body])).toEqual([200, 200]);
    expect(a.body.refresh_token).toBe(b.body.refresh_token);
    expect(a.body.refresh_token).not.toBe(user.refresh_token);
    expect(decodeJwt(b.body.access_token as string).sub).toBe(user.sub);
    // The successor is a live token: the next rotation works, from either tab.
    const next = await refresh(a.body.refresh_token as string);
    expect(next.status, JSON.stringify(next.body)).toBe(200);
    expect((await refresh(next.body.refresh_token as string)).status).toBe(200);
  });

  it('a repeat that comes a moment later (a reload during the refresh) gets the same successor', async () => {
    const user = await signIn(t, ['editor']);
    const first = await refresh(user.refresh_token);
    await sleep(100);
    const again = await refresh(user.refresh_token);
    expect(again.status).toBe(200);
    expect(again.body.refresh_token).toBe(first.body.refresh_token);
  });

  it('a replay after the grace still revokes the whole family, the successor included', async () => {
    const user = await signIn(t, ['editor']);
    const [a, b] = await Promise.all([refresh(user.refresh_token), refresh(user.refresh_token)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    await sleep(GRACE_S * 1000 + 300);
    const replay = await refresh(user.refresh_token);
    expect(replay.status).toBe(401);
    expect((await refresh(a.body.refresh_token as string)).status).toBe(401);
    const audit = await request(t.app, 'GET', `/api/audit?type=refresh-reuse&target=${user.sub}`, {
      token: admin.access_token,
    });
    expect(audit.body.total).toBe(1);
  });

  it('a revoked session is not revived by a repeat within the grace', async () => {
    const user = await signIn(t, ['editor']);
    const first = await refresh(user.refresh_token);
    expect(first.status).toBe(200);
    // The admin ends every session of the user; the old token within its grace gets nothing.
    const ended = await request(t.app, 'DELETE', `/auth/devices?user=${user.sub}`, {
      token: admin.access_token,
    });
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    expect((await refresh(user.refresh_token)).status).toBe(401);
    expect((await refresh(first.body.refresh_token as string)).status).toBe(401);
  });
});

describe('two instances on one database', () => {
  it('answer the two refreshes of one token, one each, with the same successor', async () => {
    // A second server on the same database and configuration (APP_SECRET included), as behind a
    // load balancer: what the grace needs lives in the database, not in either process.
    const other = await buildApp({ config: t.config, database: t.database, logger: false, site: false });
    await other.ready();
    try {
      const user = await signIn(t, ['editor']);
      const on = (app: typeof other) =>
        app.inject({
          method: 'POST',
          url: '/auth',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ grant_type: 'refresh', refresh_token: user.refresh_token }),
        });
      const [a, b] = await Promise.all([on(t.app), on(other)]);
      expect([a.statusCode, b.statusCode], a.body + b.body).toEqual([200, 200]);
      expect(a.json().refresh_token).toBe(b.json().refresh_token);
      const next = await other.inject({
        method: 'POST',
        url: '/auth',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ grant_type: 'refresh', refresh_token: a.json().refresh_token }),
      });
      expect(next.statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });
});

interface DeviceAnswer {
  id: string;
  name?: string;
  ip?: string;
  browser?: string;
  lastSeenAt?: string;
  current: boolean;
}

async function signInOn(email: string, device: { id: string; name: string }, ip: string, ua: string) {
  const res = await from({ ip, ua }, 'POST', '/auth', {
    body: { email, password: TEST_PASSWORD, device: { ...device, type: 'Web', os: 'Linux' } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { access_token: string; refresh_token: string };
}

describe('the devices list', () => {
  const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
  const CHROME =
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/140.0.0.0 Safari/537.36';

  it('answers per device its address, browser, last seen and whether it is the caller’s', async () => {
    const user = await signIn(t, ['editor']);
    const laptop = await signInOn(user.email, { id: 'lap00001', name: 'Firefox' }, '10.1.1.1', FIREFOX);
    const office = await signInOn(user.email, { id: 'off00001', name: 'Chrome' }, '10.2.2.2', CHROME);
    // A refresh from a new address moves the device's last address.
    const moved = await refresh(office.refresh_token, '10.2.2.9');
    expect(moved.status).toBe(200);
    const list = await from({ ip: '10.1.1.1', ua: FIREFOX }, 'GET', '/auth/devices', {
      token: laptop.access_token,
    });
    expect(list.status).toBe(200);
    const rows = list.body.data as DeviceAnswer[];
    const byId = Object.fromEntries(rows.map((r) => [r.id, r]));
    expect(byId.lap00001).toMatchObject({ ip: '10.1.1.1', browser: 'Firefox 128', current: true });
    expect(byId.off00001).toMatchObject({ ip: '10.2.2.9', browser: 'Chrome 140', current: false });
    expect(Date.parse(byId.off00001!.lastSeenAt!)).toBeGreaterThan(Date.now() - 60_000);
    expect(rows.filter((r) => r.current)).toHaveLength(1);
    // Seen from the other device, the other one is current.
    const fromOffice = await from({ ip: '10.2.2.9', ua: CHROME }, 'GET', '/auth/devices', {
      token: moved.body.access_token as string,
    });
    expect((fromOffice.body.data as DeviceAnswer[]).find((r) => r.current)?.id).toBe('off00001');
  });

  it('DELETE {auth}/devices?others=true ends every session but the caller’s', async () => {
    const user = await signIn(t, ['editor']);
    const mine = await signInOn(user.email, { id: 'mine0001', name: 'Firefox' }, '10.3.3.1', FIREFOX);
    const other = await signInOn(user.email, { id: 'othr0001', name: 'Chrome' }, '10.3.3.2', CHROME);
    const res = await from({ ip: '10.3.3.1' }, 'DELETE', '/auth/devices?others=true', {
      token: mine.access_token,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: true });
    // The other device: its next refresh fails (signed out within one refresh); mine goes on.
    expect((await refresh(other.refresh_token)).status).toBe(401);
    expect((await refresh(user.refresh_token)).status).toBe(401);
    const kept = await refresh(mine.refresh_token);
    expect(kept.status).toBe(200);
    const list = await from({ ip: '10.3.3.1' }, 'GET', '/auth/devices', {
      token: kept.body.access_token as string,
    });
    expect((list.body.data as DeviceAnswer[]).map((r) => r.id)).toEqual(['mine0001']);
  });

  it('refuses DELETE {auth}/devices without others=true or a user, and anonymous callers', async () => {
    const user = await signIn(t, []);
    const bare = await request(t.app, 'DELETE', '/auth/devices', { token: user.access_token });
    expect([bare.status, bare.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect((await request(t.app, 'DELETE', '/auth/devices?others=true')).status).toBe(401);
  });

  it('an administrator ends all of a user’s sessions; others may not', async () => {
    const user = await signIn(t, ['editor']);
    const second = await signInOn(user.email, { id: 'adm00001', name: 'Chrome' }, '10.4.4.4', CHROME);
    const peer = await signIn(t, ['editor']);
    const refused = await request(t.app, 'DELETE', `/auth/devices?user=${user.sub}`, {
      token: peer.access_token,
    });
    expect(refused.status).toBe(403);
    expect((await refresh(second.refresh_token)).status).toBe(200);
    const missing = await request(t.app, 'DELETE', '/auth/devices?user=000000000000000000000000', {
      token: admin.access_token,
    });
    expect(missing.status).toBe(404);
    const ended = await request(t.app, 'DELETE', `/auth/devices?user=${user.sub}`, {
      token: admin.access_token,
    });
    expect(ended.status).toBe(200);
    expect((await refresh(user.refresh_token)).status).toBe(401);
    const audit = await request(t.app, 'GET', `/api/audit?type=sessions-ended&target=${user.sub}`, {
      token: admin.access_token,
    });
    expect(audit.body.total).toBe(1);
  });

  it('endOtherSessions (a password or second-factor change) ends every session but the given one', async () => {
    const user = await signIn(t, ['editor']);
    const phone = await signInOn(user.email, { id: 'pho00001', name: 'Chrome' }, '10.5.5.5', CHROME);
    const laptop = await signInOn(user.email, { id: 'lap00002', name: 'Firefox' }, '10.5.5.6', FIREFOX);
    const sid = decodeJwt(laptop.access_token).sid as string;
    expect(typeof sid).toBe('string');
    await t.app.identity.auth.endOtherSessions(user.sub, sid);
    expect((await refresh(phone.refresh_token)).status).toBe(401);
    expect((await refresh(laptop.refresh_token)).status).toBe(200);
  });
});
