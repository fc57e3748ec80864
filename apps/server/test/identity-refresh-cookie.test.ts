// The panel's refresh token in an HttpOnly cookie (issue 34, weakness 13; ADR 046), on PGlite and
// PostgreSQL: a sign-in that asks for it (the X-Session-Cookie header) gets the refresh token as an
// `HttpOnly; Secure; SameSite=Strict` cookie scoped to the auth path and never in the body; every
// call that reads the cookie (refresh, sign-out, impersonation) needs the header as CSRF proof and
// refuses a cross-site Origin or Sec-Fetch-Site; API clients that send refresh_token in the body
// work as before.
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base32Decode, totp } from '../src/modules/auth/two-factor/totp.ts';
import { buildTestApp, request, signIn, TEST_PASSWORD, type TestApp } from './build-test-app.ts';

const HOST = '127.0.0.1:3000';
const COOKIE = 'tabayyun_rt';
const PANEL = {
  'x-session-cookie': '1',
  host: HOST,
  origin: `http://${HOST}`,
  'sec-fetch-site': 'same-origin',
};

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { REFRESH_REUSE_GRACE_S: '5' } });
});
afterAll(() => t.close());

type Body = Record<string, unknown>;

async function inject(url: string, opts: { body?: unknown; headers?: Record<string, string> } = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: {
      host: HOST,
      ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...opts.headers,
    },
    ...(opts.body === undefined ? {} : { payload: JSON.stringify(opts.body) }),
  });
  const raw = res.headers['set-cookie'];
  const cookies = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  return { status: res.statusCode, body: res.json() as Body, cookies };
}

/** The value a Set-Cookie gives the named cookie ('' when it clears it), or undefined. */
const cookieValue = (cookies: string[], name = COOKIE) => {
  const line = cookies.find((c) => c.startsWith(`${name}=`));
  return line === undefined ? undefined : line.slice(name.length + 1).split(';')[0]!;
};
const attributesOf = (cookies: string[], name = COOKIE) =>
  (cookies.find((c) => c.startsWith(`${name}=`)) ?? '')
    .split(';')
    .slice(1)
    .map((a) => a.trim().toLowerCase());

async function panelSignIn(roles: string[], rememberMe = true) {
  const user = await signIn(t, roles);
  const res = await inject('/auth', {
    body: { grant_type: 'password', email: user.email, password: TEST_PASSWORD, rememberMe },
    headers: PANEL,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { ...user, res, cookie: cookieValue(res.cookies)! };
}

const refreshWith = (cookie: string, headers: Record<string, string> = PANEL) =>
  inject('/auth', {
    body: { grant_type: 'refresh' },
    headers: { ...headers, cookie: `${COOKIE}=${cookie}` },
  });

describe('the panel sign-in', () => {
  it('sets the refresh token as an HttpOnly, Secure, SameSite=Strict cookie on the auth path, not in the body', async () => {
    const { res, cookie } = await panelSignIn(['editor']);
    expect(res.body.access_token).toEqual(expect.any(String));
    expect(res.body).not.toHaveProperty('refresh_token');
    expect(JSON.stringify(res.body)).not.toContain(cookie);
    expect(cookie).toMatch(/^[\w-]{20,}$/);
    const attributes = attributesOf(res.cookies);
    expect(attributes).toEqual(
      expect.arrayContaining(['httponly', 'secure', 'samesite=strict', 'path=/auth']),
    );
    expect(attributes.some((a) => a.startsWith('max-age='))).toBe(true);
  });

  it('without remember-me the cookie lasts the browser session (no Max-Age)', async () => {
    const { res } = await panelSignIn(['editor'], false);
    expect(attributesOf(res.cookies).some((a) => a.startsWith('max-age=') || a.startsWith('expires='))).toBe(
      false,
    );
  });

  it('refuses a sign-in asking for the cookie from another site', async () => {
    const user = await signIn(t, ['editor']);
    const res = await inject('/auth', {
      body: { grant_type: 'password', email: user.email, password: TEST_PASSWORD },
      headers: { ...PANEL, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('CSRF_REJECTED');
    expect(res.cookies).toEqual([]);
  });
});

describe('the second step of a panel sign-in', () => {
  it('answers the cookie too (grant_type mfa), never the refresh token', async () => {
    const user = await signIn(t, ['editor']);
    const token = user.access_token;
    const setup = await request(t.app, 'POST', '/auth/2fa/totp/setup', { token, body: {} });
    const secret = setup.body.secret as string;
    const code = () => totp(base32Decode(secret), Date.now());
    expect(
      (await request(t.app, 'POST', '/auth/2fa/totp/enable', { token, body: { code: code() } })).status,
    ).toBe(200);
    const first = await inject('/auth', {
      body: { grant_type: 'password', email: user.email, password: TEST_PASSWORD },
      headers: PANEL,
    });
    expect(first.body.code).toBe('SECOND_FACTOR_REQUIRED');
    expect(first.cookies).toEqual([]);
    const mfaToken = (first.body.details as { mfa_token: string }).mfa_token;
    const second = await inject('/auth', {
      body: { grant_type: 'mfa', mfa_token: mfaToken, code: totp(base32Decode(secret), Date.now() + 30_000) },
      headers: PANEL,
    });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body).not.toHaveProperty('refresh_token');
    expect(cookieValue(second.cookies)).toMatch(/^[\w-]{20,}$/);
    expect((await refreshWith(cookieValue(second.cookies)!)).status).toBe(200);
  });
});

describe('a refresh from the cookie', () => {
  it('rotates the cookie and answers only the access token', async () => {
    const user = await panelSignIn(['editor']);
    const res = await refreshWith(user.cookie);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).not.toHaveProperty('refresh_token');
    expect(decodeJwt(res.body.access_token as string).sub).toBe(user.sub);
    const next = cookieValue(res.cookies)!;
    expect(next).toBeTruthy();
    expect(next).not.toBe(user.cookie);
    expect((await refreshWith(next)).status).toBe(200);
  });

  it('is refused without the CSRF header, with a clear code, and the session survives', async () => {
    const user = await panelSignIn(['editor']);
    const { 'x-session-cookie': _proof, ...withoutProof } = PANEL;
    const res = await refreshWith(user.cookie, withoutProof);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('CSRF_REJECTED');
    expect((await refreshWith(user.cookie)).status).toBe(200);
  });

  it('is refused from another origin or a cross-site fetch', async () => {
    const user = await panelSignIn(['editor']);
    for (const headers of [
      { ...PANEL, origin: 'https://evil.example' },
      { ...PANEL, 'sec-fetch-site': 'cross-site' },
      { ...PANEL, 'sec-fetch-site': 'same-site', origin: 'http://other.127.0.0.1:3000' },
    ]) {
      const res = await refreshWith(user.cookie, headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(res.body.code).toBe('CSRF_REJECTED');
    }
  });

  it('two at once (two tabs, a reload) get the same successor cookie', async () => {
    const user = await panelSignIn(['editor']);
    const [a, b] = await Promise.all([refreshWith(user.cookie), refreshWith(user.cookie)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(cookieValue(a.cookies)).toBe(cookieValue(b.cookies));
  });

  it('answers 401 without a cookie or body token', async () => {
    const res = await inject('/auth', { body: { grant_type: 'refresh' }, headers: PANEL });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('UNAUTHORIZED');
  });
});

describe('sign-out', () => {
  it('ends the session and clears the cookie; without the CSRF header it is refused', async () => {
    const user = await panelSignIn(['editor']);
    const { 'x-session-cookie': _proof, ...withoutProof } = PANEL;
    const refused = await inject('/auth/signout', {
      headers: { ...withoutProof, cookie: `${COOKIE}=${user.cookie}` },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('CSRF_REJECTED');
    const res = await inject('/auth/signout', { headers: { ...PANEL, cookie: `${COOKIE}=${user.cookie}` } });
    expect(res.status).toBe(200);
    expect(cookieValue(res.cookies)).toBe('');
    expect(attributesOf(res.cookies)).toEqual(expect.arrayContaining(['max-age=0', 'path=/auth']));
    expect((await refreshWith(user.cookie)).status).toBe(401);
  });

  it('an API client signs out with its refresh token in the body', async () => {
    const user = await signIn(t, ['editor']);
    const res = await inject('/auth/signout', { body: { refresh_token: user.refresh_token } });
    expect(res.status).toBe(200);
    const again = await inject('/auth', {
      body: { grant_type: 'refresh', refresh_token: user.refresh_token },
    });
    expect(again.status).toBe(401);
  });
});

describe('API clients (refresh_token in the body)', () => {
  it('sign in and refresh as before, with no cookie and no CSRF header', async () => {
    const user = await signIn(t, ['editor']);
    expect(user.refresh_token).toEqual(expect.any(String));
    const res = await inject('/auth', { body: { grant_type: 'refresh', refresh_token: user.refresh_token } });
    expect(res.status).toBe(200);
    expect(res.body.refresh_token).toEqual(expect.any(String));
    expect(res.cookies).toEqual([]);
  });
});

describe('impersonation in the panel', () => {
  it("keeps the admin's refresh token in a cookie while impersonating and restores it after", async () => {
    const admin = await panelSignIn(['super-admin']);
    const target = await signIn(t, ['editor']);
    const started = await inject('/auth/impersonate', {
      body: { sub: target.sub },
      headers: {
        ...PANEL,
        authorization: `Bearer ${admin.res.body.access_token as string}`,
        cookie: `${COOKIE}=${admin.cookie}`,
      },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body).not.toHaveProperty('refresh_token');
    expect(decodeJwt(started.body.access_token as string).sub).toBe(target.sub);
    const asTarget = cookieValue(started.cookies)!;
    expect(cookieValue(started.cookies, `${COOKIE}_admin`)).toBe(admin.cookie);
    expect(attributesOf(started.cookies, `${COOKIE}_admin`)).toEqual(
      expect.arrayContaining(['httponly', 'secure', 'samesite=strict', 'path=/auth']),
    );

    const ended = await inject('/auth/unimpersonate', {
      headers: {
        ...PANEL,
        authorization: `Bearer ${started.body.access_token as string}`,
        cookie: `${COOKIE}=${asTarget}; ${COOKIE}_admin=${admin.cookie}`,
      },
    });
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    expect(cookieValue(ended.cookies)).toBe(admin.cookie);
    expect(cookieValue(ended.cookies, `${COOKIE}_admin`)).toBe('');
    const back = await refreshWith(admin.cookie);
    expect(back.status).toBe(200);
    expect(decodeJwt(back.body.access_token as string).sub).toBe(admin.sub);
    // The impersonation's session is over.
    expect((await refreshWith(asTarget)).status).toBe(401);
  });
});

describe('no cookie for other paths', () => {
  it('a panel request that reads no cookie is not affected by the CSRF check', async () => {
    const user = await panelSignIn(['editor']);
    const res = await request(t.app, 'GET', '/auth/devices', { token: user.res.body.access_token as string });
    expect(res.status).toBe(200);
  });
});
