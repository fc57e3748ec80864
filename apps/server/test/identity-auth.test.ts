// The auth calls of spec platform §7 end to end with real tokens: sign-in, refresh rotation,
// sign-up, reset, devices, impersonation, adminreset, lock, and the attacks they must refuse.
import { generateKeyPairSync } from 'node:crypto';
import { decodeJwt, SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, request, signIn, TEST_PASSWORD, type TestApp } from './build-test-app.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signIn>>;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signIn(t, ['super-admin']);
});
afterAll(() => t.close());

const post = (url: string, body: unknown, token?: string) => request(t.app, 'POST', url, { body, token });
const me = (token: string) => request(t.app, 'GET', '/api/factcheck?per_page=1', { token });

async function createUser(body: Record<string, unknown>) {
  const res = await post('/auth/signup', { password: TEST_PASSWORD, ...body }, admin.access_token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { _id: string; email: string; username: string; name: string; roles: string[] };
}

describe('password sign-in', () => {
  it('answers tokens whose claims are those of spec §3', async () => {
    const user = await createUser({
      email: 'Claims@Example.org',
      name: ' سارة ',
      phone: '+963900000001',
      roles: ['editor'],
    });
    const res = await post('/auth', {
      grant_type: 'password',
      email: 'claims@example.org',
      password: TEST_PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const claims = decodeJwt(res.body.access_token as string);
    expect(claims).toMatchObject({
      sub: user._id,
      roles: ['editor'],
      claims: {},
      name: 'سارة',
      email: 'claims@example.org',
      phone: '+963900000001',
      emv: 0,
      phv: 0,
      t: 'access',
    });
    expect((claims.exp as number) - (claims.iat as number)).toBe(15 * 60);
    expect(typeof res.body.refresh_token).toBe('string');
  });

  it('accepts the username or the phone instead of the e-mail', async () => {
    await createUser({ email: 'byname@example.org', username: 'ByName', phone: '+963900000002' });
    for (const login of [
      { username: 'byname' },
      { username: 'byname@example.org' },
      { phone: '+963900000002' },
    ]) {
      const res = await post('/auth', { ...login, password: TEST_PASSWORD });
      expect(res.status, JSON.stringify(login)).toBe(200);
    }
  });

  it('refuses a missing password or name with USERNAME_AND_PASSWORD_ARE_REQUIRED', async () => {
    for (const body of [{ email: 'x@example.org' }, { password: 'x' }, {}]) {
      const res = await post('/auth', { grant_type: 'password', ...body });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('USERNAME_AND_PASSWORD_ARE_REQUIRED');
    }
  });

  it('answers 400 INVALID_CREDENTIALS to a wrong password and to an unknown user alike', async () => {
    await createUser({ email: 'wrong@example.org' });
    const wrong = await post('/auth', { email: 'wrong@example.org', password: 'Nope-123!' });
    const unknown = await post('/auth', { email: 'nobody@example.org', password: 'Nope-123!' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ ...unknown.body });
    expect(wrong.body.code).toBe('INVALID_CREDENTIALS');
  });

  it('refuses an unknown grant_type', async () => {
    const res = await post('/auth', { grant_type: 'client_credentials' });
    expect(res.body.code).toBe('UNSUPPORTED_GRANT_TYPE');
  });

  it('locks an account after repeated failures, with a clear error, until the lock ends', async () => {
    const user = await createUser({ email: 'lockme@example.org' });
    const codes: string[] = [];
    for (let i = 0; i < 5; i++) {
      codes.push(
        (await post('/auth', { email: 'lockme@example.org', password: 'Wrong-pass1!' })).body.code as string,
      );
    }
    expect(codes).toEqual([...Array(4).fill('INVALID_CREDENTIALS'), 'ACCOUNT_LOCKED']);
    // Even the right password is refused while locked.
    const locked = await post('/auth', { email: 'lockme@example.org', password: TEST_PASSWORD });
    expect(locked.status).toBe(423);
    expect(locked.body.message).toMatch(/locked/);
    const audit = await request(t.app, 'GET', `/api/audit?target=${user._id}&type=lockout`, {
      token: admin.access_token,
    });
    expect(audit.body.total).toBe(1);
  });

  it('answers a reset_token of type rst instead of tokens when the password must change', async () => {
    const user = await signIn(t, [], { forceChangePwd: false });
    await post('/auth/adminreset', { email: user.email, new_password: 'Fresh-Pass1!' }, admin.access_token);
    const res = await post('/auth', { email: user.email, password: 'Fresh-Pass1!' });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['reset_token']);
    expect(decodeJwt(res.body.reset_token as string)).toMatchObject({ t: 'rst', sub: user.sub });
    // The reset token is no access token.
    expect((await me(res.body.reset_token as string)).status).toBe(401);
    const reset = await post('/auth/resetpassword', {
      reset_token: res.body.reset_token,
      new_password: 'Newer-Pass2!',
    });
    expect(reset.body).toEqual({ status: 'true' });
    const after = await post('/auth', { email: user.email, password: 'Newer-Pass2!' });
    expect(Object.keys(after.body).sort()).toEqual(['access_token', 'refresh_token']);
  });
});

describe('refresh tokens', () => {
  it('rotate on every use; a reused one revokes its whole family', async () => {
    const user = await signIn(t, ['editor']);
    const first = await post('/auth', { grant_type: 'refresh', refresh_token: user.refresh_token });
    expect(first.status).toBe(200);
    expect(first.body.refresh_token).not.toBe(user.refresh_token);
    const second = await post('/auth', { grant_type: 'refresh', refresh_token: first.body.refresh_token });
    expect(second.status).toBe(200);
    // The first token again: a replay. It fails and so does the live one of the same family.
    const replay = await post('/auth', { grant_type: 'refresh', refresh_token: user.refresh_token });
    expect(replay.status).toBe(401);
    const live = await post('/auth', { grant_type: 'refresh', refresh_token: second.body.refresh_token });
    expect(live.status).toBe(401);
    const audit = await request(t.app, 'GET', `/api/audit?type=refresh-reuse&target=${user.sub}`, {
      token: admin.access_token,
    });
    expect(audit.body.total).toBe(1);
  });

  it('without rememberMe are session-length and keep the session end across rotation', async () => {
    const user = await signIn(t, []);
    const res = await post('/auth', { email: user.email, password: TEST_PASSWORD, rememberMe: false });
    const { rows } = await t.database.db.execute<{ session_only: boolean; expires_at: string }>(
      (await import('@tabayyun/db'))
        .sql`select session_only, expires_at from refresh_token where "user" = ${user.sub} order by created_at desc limit 1`,
    );
    expect(rows[0]!.session_only).toBe(true);
    const hours = (new Date(rows[0]!.expires_at).getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(11.9);
    expect(hours).toBeLessThanOrEqual(12);
    expect(
      (await post('/auth', { grant_type: 'refresh', refresh_token: res.body.refresh_token })).status,
    ).toBe(200);
  });

  it('refuse an unknown token', async () => {
    expect((await post('/auth', { grant_type: 'refresh', refresh_token: 'nope' })).status).toBe(401);
  });
});

describe('forged and stale access tokens', () => {
  it('are 401 UNAUTHORIZED, never silently anonymous', async () => {
    const user = await signIn(t, ['editor']);
    const [h, p, s] = user.access_token.split('.');
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...payload, roles: ['super-admin'] })).toString('base64url')}.${s}`;
    const none = new UnsecuredJWT({ ...payload }).encode();
    const foreign = await new SignJWT({ ...payload })
      .setProtectedHeader({ alg: 'EdDSA' })
      .sign(generateKeyPairSync('ed25519').privateKey);
    const hmac = await new SignJWT({ ...payload })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode(t.config.appSecret));
    const expired = await new SignJWT({ ...payload, exp: Math.floor(Date.now() / 1000) - 60 })
      .setProtectedHeader({ alg: 'EdDSA' })
      .sign(generateKeyPairSync('ed25519').privateKey);
    expect((await me(user.access_token)).status).toBe(200);
    for (const token of [tampered, none, foreign, hmac, expired, 'garbage']) {
      const res = await request(t.app, 'GET', '/api/category', { token });
      expect(res.status, token.slice(0, 20)).toBe(401);
      expect(res.body.code).toBe('UNAUTHORIZED');
    }
    const badScheme = await request(t.app, 'GET', '/api/category', {
      headers: { authorization: 'Basic eDp5' },
    });
    expect(badScheme.status).toBe(401);
  });

  it('an expired token of our own key is refused', async () => {
    const short = await buildTestApp({ env: { ACCESS_TOKEN_TTL_S: '30' } });
    try {
      const user = await signIn(short, ['editor']);
      expect((await request(short.app, 'GET', '/api/feed', { token: user.access_token })).status).toBe(200);
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 31_000 });
      try {
        expect((await request(short.app, 'GET', '/api/feed', { token: user.access_token })).status).toBe(401);
      } finally {
        vi.useRealTimers();
      }
    } finally {
      await short.close();
    }
  });
});

describe('sign-up', () => {
  it('with an admin token creates a user with roles, e-mail trimmed and lower-cased, username defaulted', async () => {
    const user = await createUser({
      email: '  New.Person@Example.ORG ',
      name: '  أحمد  ',
      roles: ['fact-checker'],
    });
    expect(user).toMatchObject({
      email: 'new.person@example.org',
      username: 'new.person@example.org',
      name: 'أحمد',
      roles: ['fact-checker'],
    });
    expect(JSON.stringify(user)).not.toMatch(/password|argon/i);
  });

  it('requires an e-mail (EMAIL_REQUIRED) and a policy-conforming password', async () => {
    expect((await post('/auth/signup', { password: TEST_PASSWORD }, admin.access_token)).body.code).toBe(
      'EMAIL_REQUIRED',
    );
    const cases: [string, string][] = [
      ['Ab1!', 'Password should have at least 8 characters'],
      ['abcdefg1!', 'Password should have at least 1 upper'],
      ['ABCDEFG1!', 'Password should have at least 1 lower'],
      ['Abcdefgh!', 'Password should have at least 1 digit'],
      ['Abcdefgh1', 'Password should have at least 1 special'],
      [`Aa1!${'x'.repeat(125)}`, 'Password should have at most 128 characters'],
    ];
    for (const [password, message] of cases) {
      const res = await post('/auth/signup', { email: 'weak@example.org', password }, admin.access_token);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'WEAK_PASSWORD', message });
    }
  });

  it('without an admin token is closed unless enabled, and never gives roles', async () => {
    const closed = await post('/auth/signup', { email: 'self@example.org', password: TEST_PASSWORD });
    expect(closed.status).toBe(403);
    expect(closed.body.code).toBe('SIGNUP_DISABLED');
    const editor = await signIn(t, ['editor']);
    expect(
      (
        await post(
          '/auth/signup',
          { email: 'self@example.org', password: TEST_PASSWORD },
          editor.access_token,
        )
      ).status,
    ).toBe(403);
    const open = await buildTestApp({ env: { SIGNUP_ENABLED: 'true' } });
    try {
      const ok = await request(open.app, 'POST', '/auth/signup', {
        body: { email: 'self@example.org', password: TEST_PASSWORD },
      });
      expect(ok.status).toBe(200);
      expect(ok.body.roles).toEqual([]);
      const escalate = await request(open.app, 'POST', '/auth/signup', {
        body: { email: 'evil@example.org', password: TEST_PASSWORD, roles: ['admin'] },
      });
      expect(escalate.status).toBe(403);
    } finally {
      await open.close();
    }
  });

  it('only a super admin makes a super admin', async () => {
    const adminUser = await signIn(t, ['admin']);
    const res = await post(
      '/auth/signup',
      { email: 'sa2@example.org', password: TEST_PASSWORD, roles: ['super-admin'] },
      adminUser.access_token,
    );
    expect(res.status).toBe(403);
    const ok = await post(
      '/auth/signup',
      { email: 'ed2@example.org', password: TEST_PASSWORD, roles: ['editor'] },
      adminUser.access_token,
    );
    expect(ok.status).toBe(200);
  });

  it('answers 409 for a taken e-mail', async () => {
    await createUser({ email: 'taken@example.org' });
    const res = await post(
      '/auth/signup',
      { email: 'TAKEN@example.org', password: TEST_PASSWORD },
      admin.access_token,
    );
    expect(res.status).toBe(409);
  });
});

describe('password reset', () => {
  it('checks its inputs: NEW-PASSWORD_RESET-TOKEN_REQUIRED, INVALID_TOKEN_TYPE, INVALID_TOKEN', async () => {
    const user = await signIn(t, []);
    expect((await post('/auth/resetpassword', { new_password: 'X' })).body.code).toBe(
      'NEW-PASSWORD_RESET-TOKEN_REQUIRED',
    );
    expect((await post('/auth/resetpassword', { reset_token: 'x' })).body.code).toBe(
      'NEW-PASSWORD_RESET-TOKEN_REQUIRED',
    );
    const wrongType = await post('/auth/resetpassword', {
      reset_token: user.access_token,
      new_password: 'Newer-Pass2!',
    });
    expect(wrongType.body.code).toBe('INVALID_TOKEN_TYPE');
    const bogus = await post('/auth/resetpassword', { reset_token: 'a.b.c', new_password: 'Newer-Pass2!' });
    expect(bogus.body.code).toBe('INVALID_TOKEN');
  });

  it('forgot-password requires an e-mail and answers the same whether or not it exists', async () => {
    expect((await post('/auth/forgot-password', {})).body.code).toBe('EMAIL_REQUIRED');
    const user = await signIn(t, []);
    const known = await post('/auth/forgot-password', { email: `  ${user.email.toUpperCase()} ` });
    const unknown = await post('/auth/forgot-password', { email: 'ghost@example.org' });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(Object.keys(known.headers).sort()).toEqual(Object.keys(unknown.headers).sort());
  });

  it('adminreset is for super admins; it sets forceChangePwd and ends sessions', async () => {
    const target = await signIn(t, ['editor']);
    for (const roles of [['admin'], ['editor'], ['fact-checker']]) {
      const caller = await signIn(t, roles);
      const res = await post(
        '/auth/adminreset',
        { email: target.email, new_password: 'Admin-Set1!' },
        caller.access_token,
      );
      expect(res.status).toBe(403);
    }
    expect(
      (await post('/auth/adminreset', { email: target.email, new_password: 'Admin-Set1!' })).status,
    ).toBe(401);
    const res = await post(
      '/auth/adminreset',
      { email: target.email, new_password: 'Admin-Set1!' },
      admin.access_token,
    );
    expect(res.status).toBe(200);
    expect((res.body.result as Record<string, unknown>).forceChangePwd).toBe(true);
    expect((await post('/auth', { grant_type: 'refresh', refresh_token: target.refresh_token })).status).toBe(
      401,
    );
    expect(
      (await post('/auth/adminreset', { email: target.email, new_password: 'short' }, admin.access_token))
        .body.code,
    ).toBe('WEAK_PASSWORD');
    expect(
      (await post('/auth/adminreset', { new_password: 'Admin-Set1!' }, admin.access_token)).body.code,
    ).toBe('EMAIL_REQUIRED');
  });
});

describe('lock', () => {
  it('bans a user at once (tokens stop working) and unbans; super admins only', async () => {
    const target = await signIn(t, ['editor']);
    expect((await me(target.access_token)).status).toBe(200);
    const adminUser = await signIn(t, ['admin']);
    expect((await post('/auth/lock', { id: target.sub, lock: true }, adminUser.access_token)).status).toBe(
      403,
    );
    const res = await post('/auth/lock', { id: target.sub, lock: true }, admin.access_token);
    expect(res.status).toBe(200);
    expect((res.body.document as Record<string, unknown>).disabled).toBe(true);
    expect((await me(target.access_token)).status).toBe(401);
    expect((await post('/auth', { email: target.email, password: TEST_PASSWORD })).body.code).toBe(
      'ACCOUNT_DISABLED',
    );
    expect((await post('/auth', { grant_type: 'refresh', refresh_token: target.refresh_token })).status).toBe(
      401,
    );
    const unlock = await post('/auth/lock', { id: target.sub, lock: false }, admin.access_token);
    expect((unlock.body.document as Record<string, unknown>).disabled).toBe(false);
    expect((await post('/auth', { email: target.email, password: TEST_PASSWORD })).status).toBe(200);
    const audit = await request(t.app, 'GET', `/api/audit?target=${target.sub}&type={in}ban,unban`, {
      token: admin.access_token,
    });
    expect(audit.body.total).toBe(2);
  });
});

describe('impersonation', () => {
  it('is for super admins; the tokens carry imps; requests are attributable; unimpersonate ends it', async () => {
    const target = await signIn(t, ['fact-checker']);
    for (const roles of [['admin'], ['editor']]) {
      const caller = await signIn(t, roles);
      expect((await post('/auth/impersonate', { sub: target.sub }, caller.access_token)).status).toBe(403);
    }
    expect((await post('/auth/impersonate', { sub: target.sub })).status).toBe(401);
    const res = await post('/auth/impersonate', { sub: target.sub }, admin.access_token);
    expect(res.status).toBe(200);
    const claims = decodeJwt(res.body.access_token as string);
    expect(claims).toMatchObject({ sub: target.sub, roles: ['fact-checker'], claims: { imps: admin.sub } });
    // The impersonated session acts with the target's rights: no admin reads.
    expect(
      (await request(t.app, 'GET', '/api/user', { token: res.body.access_token as string })).status,
    ).toBe(403);
    // A delete made while impersonating is recorded with both people.
    const fc = await post(
      '/api/factcheck',
      { title: 'مؤقت', description: 'وصف' },
      res.body.access_token as string,
    );
    expect(fc.status).toBe(200);
    expect(
      (
        await request(t.app, 'DELETE', `/api/factcheck/${fc.body._id}`, {
          token: res.body.access_token as string,
        })
      ).status,
    ).toBe(200);
    // Refresh keeps the impersonation.
    const refreshed = await post('/auth', { grant_type: 'refresh', refresh_token: res.body.refresh_token });
    expect(decodeJwt(refreshed.body.access_token as string).claims).toEqual({ imps: admin.sub });
    // Spec §4: the admin's saved refresh token still works after impersonating.
    const back = await post('/auth', { grant_type: 'refresh', refresh_token: admin.refresh_token });
    expect(back.status).toBe(200);
    admin = { ...admin, ...(back.body as { access_token: string; refresh_token: string }) };
    const end = await post('/auth/unimpersonate', {}, refreshed.body.access_token as string);
    expect(end.body).toEqual({ status: true });
    expect(
      (await post('/auth', { grant_type: 'refresh', refresh_token: refreshed.body.refresh_token })).status,
    ).toBe(401);
    expect((await post('/auth/unimpersonate', {}, admin.access_token)).status).toBe(403);
    await t.app.services.audit.flush();
    const audit = await request(t.app, 'GET', `/api/audit?impersonator=${admin.sub}&sort_by=createdAt`, {
      token: admin.access_token,
    });
    const types = (audit.body.data as { type: string; actor: string }[]).map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(['delete', 'unimpersonate']));
    const del = (audit.body.data as { type: string; actor: string; target: string }[]).find(
      (e) => e.type === 'delete',
    )!;
    expect(del).toMatchObject({ actor: target.sub, target: fc.body._id });
    const imp = await request(t.app, 'GET', `/api/audit?type=impersonate&target=${target.sub}`, {
      token: admin.access_token,
    });
    expect((imp.body.data as { actor: string }[])[0]!.actor).toBe(admin.sub);
  });
});

describe('devices and check-user', () => {
  it('registers and deletes a device; deleting ends its sessions', async () => {
    const user = await signIn(t, []);
    const device = { id: 'ab12cd34', name: 'Firefox', os: 'Linux', type: 'Web', ua: 'x' };
    expect((await post('/auth/device', device)).status).toBe(401);
    expect((await post('/auth/device', device, user.access_token)).body).toEqual({
      status: true,
      id: 'ab12cd34',
    });
    const withDevice = await post('/auth', { email: user.email, password: TEST_PASSWORD, device });
    const del = await request(t.app, 'DELETE', '/auth/device?id=ab12cd34', { token: user.access_token });
    expect(del.status).toBe(200);
    expect(
      (await post('/auth', { grant_type: 'refresh', refresh_token: withDevice.body.refresh_token })).status,
    ).toBe(401);
    expect(
      (await request(t.app, 'DELETE', '/auth/device?id=ab12cd34', { token: user.access_token })).status,
    ).toBe(404);
  });

  it('check-user tells an administrator whether an account exists', async () => {
    const user = await signIn(t, []);
    expect(
      (
        await post(
          '/auth/check-user',
          { usernameOrEmailOrPhone: user.email.toUpperCase() },
          admin.access_token,
        )
      ).body,
    ).toEqual({ exists: true });
    expect(
      (await post('/auth/check-user', { usernameOrEmailOrPhone: 'nobody@example.org' }, admin.access_token))
        .body,
    ).toEqual({ exists: false });
  });

  it('check-user tells anyone else nothing: the same answer for an account and for none (weakness 12)', async () => {
    const user = await signIn(t, []);
    const answers = [];
    for (const token of [undefined, user.access_token]) {
      const known = await post('/auth/check-user', { usernameOrEmailOrPhone: user.email }, token);
      const unknown = await post('/auth/check-user', { usernameOrEmailOrPhone: 'nobody@example.org' }, token);
      expect(known.status).toBe(unknown.status);
      expect(known.body).toEqual(unknown.body);
      answers.push([known.status, known.body.code]);
    }
    expect(answers).toEqual([
      [401, 'UNAUTHORIZED'],
      [403, 'FORBIDDEN'],
    ]);
  });
});

describe('phone verification', () => {
  it('sends a code through the pluggable sender and verifies it once', async () => {
    const sent: { phone: string; text: string }[] = [];
    t.app.identity.setPhoneSender(async (phone, text) => {
      sent.push({ phone, text });
    });
    const user = await signIn(t, []);
    expect((await post('/auth/verify/send', { name: 'phone', value: '+963911111111' })).status).toBe(401);
    const res = await post(
      '/auth/verify/send',
      { name: 'phone', value: '+963911111111', language: 'en' },
      user.access_token,
    );
    expect(res.body).toBe(true);
    const code = /(\d{6})/.exec(sent[0]!.text)![1]!;
    expect(sent[0]!.phone).toBe('+963911111111');
    expect(
      (
        await post('/auth/verify', {
          name: 'phone',
          value: '+963911111111',
          code: '000000' === code ? '111111' : '000000',
        })
      ).body.code,
    ).toBe('INVALID_CODE');
    expect((await post('/auth/verify', { name: 'phone', value: '+963911111111', code })).body).toEqual({
      status: true,
    });
    expect((await post('/auth/verify', { name: 'phone', value: '+963911111111', code })).body.code).toBe(
      'INVALID_CODE',
    );
    const again = await post('/auth', { phone: '+963911111111', password: TEST_PASSWORD });
    expect(decodeJwt(again.body.access_token as string)).toMatchObject({ phone: '+963911111111', phv: 1 });
  });
});

describe('abuse limits', () => {
  it('rate-limit sign-in per account and per client, counted in the database', async () => {
    // Sign-up open: check-user then answers anonymous callers (the sign-up form), behind its limit.
    const limited = await buildTestApp({
      env: { AUTH_RATE_MAX: '6', AUTH_ACCOUNT_RATE_MAX: '3', SIGNUP_ENABLED: 'true' },
    });
    try {
      const attempt = (email: string) =>
        request(limited.app, 'POST', '/auth', { body: { email, password: 'Wrong-pass1!' } });
      const perAccount = [];
      for (let i = 0; i < 4; i++) perAccount.push((await attempt('a@example.org')).status);
      expect(perAccount).toEqual([400, 400, 400, 429]);
      const perClient = [];
      for (let i = 0; i < 3; i++) perClient.push((await attempt(`b${i}@example.org`)).status);
      expect(perClient).toEqual([400, 400, 429]);
      const limitedRes = await attempt('c@example.org');
      expect(limitedRes.body).toMatchObject({ code: 'RATE_LIMITED' });
      expect((limitedRes.body.details as { retryAfter: number }).retryAfter).toBeGreaterThan(0);
      // Each call has its own counters: the fourth try on one account is refused.
      for (const path of ['/auth/forgot-password', '/auth/check-user', '/auth/verify']) {
        const statuses = [];
        for (let i = 0; i < 4; i++) {
          const res = await request(limited.app, 'POST', path, {
            body: {
              email: 'd@example.org',
              usernameOrEmailOrPhone: 'd',
              name: 'email',
              value: 'd@example.org',
              code: '1',
            },
          });
          statuses.push(res.status);
        }
        expect(statuses.slice(0, 3), path).not.toContain(429);
        expect(statuses[3], path).toBe(429);
      }
    } finally {
      await limited.close();
    }
  });
});

describe('GET /permissions/rules', () => {
  it('serves the rule tree to anonymous callers', async () => {
    const res = await request(t.app, 'GET', '/permissions/rules');
    expect(res.status).toBe(200);
    const tree = res.body as {
      item: unknown;
      children: Record<string, { children: Record<string, { item: { actions: object } }> }>;
    };
    expect(tree.item).toBeNull();
    expect(Object.keys(tree.children.api!.children.factcheck!.item.actions)).toEqual(
      expect.arrayContaining(['Read', 'Create', 'Delete']),
    );
    expect(tree.children.dashboard).toBeDefined();
  });
});
