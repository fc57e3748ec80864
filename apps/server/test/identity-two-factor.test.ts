// Second factors (issue 34, ADR 042), on PGlite and PostgreSQL: a real authenticator flow with
// TOTP codes computed here, single-use recovery codes and mfa_tokens, the requirement per role
// enforced by the server, impersonation, other sessions ended by a change, and passkeys
// registered and used through a software authenticator (as second factor and alone).

import { eq, twoFactorChallenge, twoFactorTotp } from '@tabayyun/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base32Decode, totp } from '../src/modules/auth/two-factor/totp.ts';
import { buildTestApp, call, request, signIn, TEST_PASSWORD, type TestApp } from './build-test-app.ts';
import { softwareAuthenticator } from './software-authenticator.ts';

const ORIGIN = 'https://news.example.org';
const RP_ID = 'news.example.org';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { PUBLIC_URL: ORIGIN } });
});
afterAll(() => t.close());

type Body = Record<string, unknown>;
const post = (url: string, body: unknown, token?: string) => request(t.app, 'POST', url, { token, body });
const get = (url: string, token?: string) => request(t.app, 'GET', url, { token });
const passwordSignIn = (email: string, extra: Body = {}) =>
  post('/auth', { grant_type: 'password', email, password: TEST_PASSWORD, rememberMe: true, ...extra });
/** Settings → Roles: the "requires second factor" switch, as the panel sends it (JSON Patch). */
const requireFactor = (role: string, on: boolean) =>
  call(t.app, 'PATCH', `/api/role/${role}`, [{ op: 'add', path: '/requiresSecondFactor', value: on }]);
const codeAt = (secret: string, offsetMs = 0) => totp(base32Decode(secret), Date.now() + offsetMs);

/** Sets up and enables TOTP for a signed-in user: the secret and the recovery codes. */
async function enrolTotp(token: string): Promise<{ secret: string; recovery: string[] }> {
  const setup = await post('/auth/2fa/totp/setup', {}, token);
  expect(setup.status).toBe(200);
  const secret = setup.body.secret as string;
  const enabled = await post('/auth/2fa/totp/enable', { code: codeAt(secret) }, token);
  expect(enabled.status).toBe(200);
  return { secret, recovery: enabled.body.recovery_codes as string[] };
}

async function mfaTokenOf(email: string): Promise<{ token: string; factors: string[] }> {
  const res = await passwordSignIn(email);
  expect(res.status).toBe(401);
  expect(res.body.code).toBe('SECOND_FACTOR_REQUIRED');
  const details = res.body.details as { mfa_token: string; factors: string[]; expires_in: number };
  expect(details.expires_in).toBe(300);
  return { token: details.mfa_token, factors: details.factors };
}

describe('TOTP with an authenticator app', () => {
  it('set-up answers the secret and its otpauth URL; the first right code switches it on', async () => {
    const user = await signIn(t, ['fact-checker']);
    const setup = await post('/auth/2fa/totp/setup', {}, user.access_token);
    expect(setup.status).toBe(200);
    const secret = setup.body.secret as string;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(setup.body.otpauth_url as string);
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('secret')).toBe(secret);
    expect(decodeURIComponent(url.pathname)).toContain(user.email);
    // Not on until a code proves the app has it: password sign-in still answers tokens.
    expect((await passwordSignIn(user.email)).status).toBe(200);

    // The secret is sealed at rest (ADR 042): the row holds neither it nor its bytes.
    const [row] = await t.database.db.select().from(twoFactorTotp).where(eq(twoFactorTotp.user, user.sub));
    expect(row!.secret).not.toContain(secret);
    expect(row!.secret).not.toContain(base32Decode(secret).toString('base64url'));
    expect(row!.secret.startsWith('v1.')).toBe(true);

    const wrong = await post('/auth/2fa/totp/enable', { code: codeAt(secret, 120_000) }, user.access_token);
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('INVALID_CODE');
    const enabled = await post('/auth/2fa/totp/enable', { code: codeAt(secret) }, user.access_token);
    expect(enabled.status).toBe(200);
    const codes = enabled.body.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    const again = await post('/auth/2fa/totp/setup', {}, user.access_token);
    expect(again.body.code).toBe('TOTP_ALREADY_ENABLED');
    const status = await get('/auth/2fa', user.access_token);
    expect(status.body).toMatchObject({ totp: true, passkeys: 0, recovery_codes_left: 10 });
  });

  it('a password sign-in then needs a code; the mfa grant completes it; a code is never accepted twice', async () => {
    const user = await signIn(t, ['fact-checker']);
    const { secret } = await enrolTotp(user.access_token);
    const first = await mfaTokenOf(user.email);
    expect(first.factors).toEqual(['totp', 'recovery_code']);

    const missing = await post('/auth', { grant_type: 'mfa', mfa_token: first.token });
    expect(missing.body.code).toBe('VALIDATION_FAILED');
    // The code of the set-up's step was used: the same code again is a replay.
    const replay = await post('/auth', { grant_type: 'mfa', mfa_token: first.token, code: codeAt(secret) });
    expect(replay.status).toBe(400);
    expect(replay.body.code).toBe('INVALID_CODE');
    // One step ahead (a phone clock 30 s fast) is accepted.
    const next = codeAt(secret, 30_000);
    const done = await post('/auth', { grant_type: 'mfa', mfa_token: first.token, code: next });
    expect(done.status).toBe(200);
    expect(typeof done.body.access_token).toBe('string');
    expect(typeof done.body.refresh_token).toBe('string');
    expect((await get('/auth/2fa', done.body.access_token as string)).status).toBe(200);

    // The mfa_token is spent; and the code just used does not work with a new one either.
    const reused = await post('/auth', { grant_type: 'mfa', mfa_token: first.token, code: next });
    expect(reused.status).toBe(401);
    expect(reused.body.code).toBe('INVALID_MFA_TOKEN');
    const second = await mfaTokenOf(user.email);
    const replayed = await post('/auth', { grant_type: 'mfa', mfa_token: second.token, code: next });
    expect(replayed.body.code).toBe('INVALID_CODE');
    // Two steps off is refused.
    const far = await post('/auth', {
      grant_type: 'mfa',
      mfa_token: second.token,
      code: codeAt(secret, 90_000),
    });
    expect(far.body.code).toBe('INVALID_CODE');
  });

  it('recovery codes work once each, whatever their case and dashes', async () => {
    const user = await signIn(t, ['fact-checker']);
    const { recovery } = await enrolTotp(user.access_token);
    const first = await mfaTokenOf(user.email);
    const typed = recovery[0]!.toUpperCase().replace('-', ' ');
    const ok = await post('/auth', { grant_type: 'mfa', mfa_token: first.token, code: typed });
    expect(ok.status).toBe(200);
    const second = await mfaTokenOf(user.email);
    const again = await post('/auth', { grant_type: 'mfa', mfa_token: second.token, code: recovery[0] });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('INVALID_CODE');
    const other = await post('/auth', { grant_type: 'mfa', mfa_token: second.token, code: recovery[1] });
    expect(other.status).toBe(200);
    expect((await get('/auth/2fa', other.body.access_token as string)).body.recovery_codes_left).toBe(8);
  });

  it('an mfa_token expires after five minutes and is spent by five wrong codes', async () => {
    const user = await signIn(t, ['fact-checker']);
    const { secret } = await enrolTotp(user.access_token);
    const expiring = await mfaTokenOf(user.email);
    const [row] = await t.database.db
      .select()
      .from(twoFactorChallenge)
      .where(eq(twoFactorChallenge.user, user.sub));
    const ttl = row!.expiresAt.getTime() - row!.createdAt.getTime();
    expect(ttl).toBeGreaterThan(299_000);
    expect(ttl).toBeLessThanOrEqual(301_000);
    // Five minutes later (moved in the database: the server's clock is real).
    await t.database.db
      .update(twoFactorChallenge)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(twoFactorChallenge.user, user.sub));
    const late = await post('/auth', {
      grant_type: 'mfa',
      mfa_token: expiring.token,
      code: codeAt(secret, 30_000),
    });
    expect(late.status).toBe(401);
    expect(late.body.code).toBe('INVALID_MFA_TOKEN');

    const guessed = await mfaTokenOf(user.email);
    for (let i = 0; i < 5; i++) {
      const wrong = await post('/auth', { grant_type: 'mfa', mfa_token: guessed.token, code: '000000' });
      expect(wrong.body.code).toBe('INVALID_CODE');
    }
    const right = await post('/auth', {
      grant_type: 'mfa',
      mfa_token: guessed.token,
      code: codeAt(secret, 30_000),
    });
    expect(right.body.code).toBe('INVALID_MFA_TOKEN');
    const unknown = await post('/auth', { grant_type: 'mfa', mfa_token: 'not-a-token', code: '123456' });
    expect(unknown.body.code).toBe('INVALID_MFA_TOKEN');
  });

  it('turning it off needs a code or the password, and removes every factor', async () => {
    const user = await signIn(t, ['fact-checker']);
    const { secret } = await enrolTotp(user.access_token);
    const signedIn = await post('/auth', {
      grant_type: 'mfa',
      mfa_token: (await mfaTokenOf(user.email)).token,
      code: codeAt(secret, 30_000),
    });
    const token = signedIn.body.access_token as string;
    expect((await post('/auth/2fa/disable', {}, token)).body.code).toBe('VALIDATION_FAILED');
    expect((await post('/auth/2fa/disable', { password: 'Wrong-passw0rd!' }, token)).body.code).toBe(
      'INVALID_CREDENTIALS',
    );
    expect((await post('/auth/2fa/disable', { code: '000000' }, token)).body.code).toBe('INVALID_CODE');
    const off = await post('/auth/2fa/disable', { password: TEST_PASSWORD }, token);
    expect(off.status).toBe(200);
    expect((await passwordSignIn(user.email)).status).toBe(200);
    expect((await get('/auth/2fa', token)).body).toMatchObject({
      totp: false,
      passkeys: 0,
      recovery_codes_left: 0,
    });
  });

  it('a second-factor change ends the user’s other sessions, not the one that made it', async () => {
    const user = await signIn(t, ['fact-checker']);
    const other = await passwordSignIn(user.email, { device: { id: 'other0001' } });
    expect(other.status).toBe(200);
    await enrolTotp(user.access_token);
    const otherRefresh = await post('/auth', {
      grant_type: 'refresh',
      refresh_token: other.body.refresh_token,
    });
    expect(otherRefresh.status).toBe(401);
    const ownRefresh = await post('/auth', { grant_type: 'refresh', refresh_token: user.refresh_token });
    expect(ownRefresh.status).toBe(200);
  });

  it('a password that must change still needs the second factor, then answers a reset token', async () => {
    const user = await signIn(t, ['fact-checker']);
    const { secret } = await enrolTotp(user.access_token);
    await call(t.app, 'POST', '/auth/adminreset', { email: user.email, new_password: TEST_PASSWORD });
    const { token } = await mfaTokenOf(user.email);
    const done = await post('/auth', { grant_type: 'mfa', mfa_token: token, code: codeAt(secret, 30_000) });
    expect(done.status).toBe(200);
    expect(Object.keys(done.body)).toEqual(['reset_token']);
  });

  it('refuses anonymous callers and enabling without a set-up', async () => {
    expect((await post('/auth/2fa/totp/setup', {})).status).toBe(401);
    expect((await post('/auth/2fa/totp/enable', { code: '123456' })).status).toBe(401);
    expect((await get('/auth/2fa')).status).toBe(401);
    const user = await signIn(t, []);
    const res = await post('/auth/2fa/totp/enable', { code: '123456' }, user.access_token);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('TOTP_NOT_SET_UP');
  });
});

describe('the requirement per role', () => {
  it('a user of a role that requires a factor reaches only the set-up until one exists', async () => {
    const switched = await requireFactor('editor', true);
    expect(switched.status).toBe(200);
    const stored = await call(t.app, 'GET', '/api/role/editor');
    expect((stored.body.data as Body[])[0]).toMatchObject({ _id: 'editor', requiresSecondFactor: true });
    try {
      const editor = await signIn(t, ['editor']);
      const blocked = await get('/api/factcheck', editor.access_token);
      expect(blocked.status).toBe(403);
      expect(blocked.body.code).toBe('SECOND_FACTOR_SETUP_REQUIRED');
      expect((await post('/api/category', { name: 'x' }, editor.access_token)).body.code).toBe(
        'SECOND_FACTOR_SETUP_REQUIRED',
      );
      expect((await get('/auth/devices', editor.access_token)).status).toBe(403);
      const status = await get('/auth/2fa', editor.access_token);
      expect(status.body).toMatchObject({ required: true, setup_required: true });
      expect((await get('/permissions/rules', editor.access_token)).status).toBe(200);

      // Other roles are not concerned.
      const checker = await signIn(t, ['fact-checker']);
      expect((await get('/api/factcheck', checker.access_token)).status).toBe(200);

      await enrolTotp(editor.access_token);
      expect((await get('/api/factcheck', editor.access_token)).status).toBe(200);
      expect((await get('/auth/2fa', editor.access_token)).body).toMatchObject({ setup_required: false });
    } finally {
      await requireFactor('editor', false);
    }
    const later = await signIn(t, ['editor']);
    expect((await get('/api/factcheck', later.access_token)).status).toBe(200);
  });

  it('impersonation is not blocked by the target’s missing factor, and is audited with both names', async () => {
    await requireFactor('editor', true);
    try {
      const admin = await signIn(t, ['super-admin']);
      const editor = await signIn(t, ['editor']);
      const acting = await post('/auth/impersonate', { sub: editor.sub }, admin.access_token);
      expect(acting.status).toBe(200);
      const token = acting.body.access_token as string;
      expect((await get('/api/factcheck', token)).status).toBe(200);
      expect((await get('/auth/2fa', token)).body).toMatchObject({ required: true, setup_required: false });
      await t.app.services.audit.flush();
      const audit = await call(t.app, 'GET', `/api/audit?type=impersonate&target=${editor.sub}`);
      const [entry] = audit.body.data as Body[];
      expect(entry).toMatchObject({
        actor: admin.sub,
        target: editor.sub,
        details: { impersonator: admin.sub },
      });
    } finally {
      await requireFactor('editor', false);
    }
  });

  it('new installations seed super-admin, admin and editor as requiring a factor', async () => {
    const fresh = await buildTestApp({ env: { SECOND_FACTOR_ROLES: 'super-admin,admin,editor' } });
    try {
      const roles = await call(fresh.app, 'GET', '/api/role?select=_id,requiresSecondFactor&per_page=100');
      const byId = Object.fromEntries(
        (roles.body.data as { _id: string; requiresSecondFactor: boolean }[]).map((r) => [
          r._id,
          r.requiresSecondFactor,
        ]),
      );
      expect(byId).toEqual({ 'super-admin': true, admin: true, editor: true, 'fact-checker': false });
      const admin = await signIn(fresh, ['admin']);
      expect((await request(fresh.app, 'GET', '/api/user', { token: admin.access_token })).body.code).toBe(
        'SECOND_FACTOR_SETUP_REQUIRED',
      );
    } finally {
      await fresh.close();
    }
  });
});

describe('passkeys (WebAuthn)', () => {
  const authenticator = () => softwareAuthenticator({ origin: ORIGIN, rpId: RP_ID });

  async function registerPasskey(token: string, device = authenticator()) {
    const options = await post('/auth/webauthn/registration/options', {}, token);
    expect(options.status).toBe(200);
    expect((options.body.rp as Body).id).toBe(RP_ID);
    const response = device.create(options.body as never);
    const verified = await post('/auth/webauthn/registration/verify', { response, name: 'Laptop' }, token);
    expect(verified.status).toBe(200);
    return { device, verified };
  }

  it('registers a passkey (with recovery codes when there were none) and lists and removes it', async () => {
    const user = await signIn(t, ['fact-checker']);
    const { verified } = await registerPasskey(user.access_token);
    expect((verified.body.recovery_codes as string[]).length).toBe(10);
    const id = (verified.body.passkey as Body).id as string;
    const list = await get('/auth/webauthn/passkeys', user.access_token);
    expect(list.body.data).toEqual([expect.objectContaining({ id, name: 'Laptop' })]);
    const removed = await request(t.app, 'DELETE', `/auth/webauthn/passkeys/${id}`, {
      token: user.access_token,
    });
    expect(removed.status).toBe(200);
    expect((await get('/auth/webauthn/passkeys', user.access_token)).body.data).toEqual([]);
    const missing = await request(t.app, 'DELETE', `/auth/webauthn/passkeys/${id}`, {
      token: user.access_token,
    });
    expect(missing.status).toBe(404);
  });

  it('refuses a registration from another origin and a challenge used twice', async () => {
    const user = await signIn(t, ['fact-checker']);
    const device = authenticator();
    const options = await post('/auth/webauthn/registration/options', {}, user.access_token);
    const phished = device.create(options.body as never, { origin: 'https://news-example.org' });
    const refused = await post(
      '/auth/webauthn/registration/verify',
      { response: phished },
      user.access_token,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('PASSKEY_VERIFICATION_FAILED');
    const good = device.create(options.body as never);
    expect(
      (await post('/auth/webauthn/registration/verify', { response: good }, user.access_token)).status,
    ).toBe(200);
    const twice = device.create(options.body as never);
    const again = await post('/auth/webauthn/registration/verify', { response: twice }, user.access_token);
    expect(again.body.code).toBe('PASSKEY_VERIFICATION_FAILED');
  });

  it('is a second factor after a password', async () => {
    const user = await signIn(t, ['fact-checker']);
    const { device } = await registerPasskey(user.access_token);
    const { token: mfaToken, factors } = await mfaTokenOf(user.email);
    expect(factors).toEqual(['recovery_code', 'webauthn']);
    const options = await post('/auth/webauthn/authentication/options', { mfa_token: mfaToken });
    expect(options.status).toBe(200);
    expect((options.body.allowCredentials as Body[]).length).toBe(1);
    const response = device.get(options.body as never);
    const done = await post('/auth/webauthn/authentication/verify', { response, mfa_token: mfaToken });
    expect(done.status).toBe(200);
    expect(typeof done.body.access_token).toBe('string');
    const again = await post('/auth/webauthn/authentication/verify', { response, mfa_token: mfaToken });
    expect(again.status).toBe(401);
    expect(again.body.code).toBe('INVALID_MFA_TOKEN');
  });

  it('signs in alone (passwordless), not from another origin, and not with a key of no account', async () => {
    const user = await signIn(t, ['fact-checker']);
    const { device } = await registerPasskey(user.access_token);
    const options = await post('/auth/webauthn/authentication/options', {});
    expect(options.status).toBe(200);
    expect(options.body.userVerification).toBe('required');
    const phished = device.get(options.body as never, { origin: 'https://evil.example' });
    const refused = await post('/auth/webauthn/authentication/verify', { response: phished });
    expect(refused.body.code).toBe('PASSKEY_VERIFICATION_FAILED');
    const response = device.get(options.body as never);
    const done = await post('/auth/webauthn/authentication/verify', { response, rememberMe: true });
    expect(done.status).toBe(200);
    const me = await get('/auth/webauthn/passkeys', done.body.access_token as string);
    expect(me.status).toBe(200);
    expect((me.body.data as Body[])[0]!.lastUsedAt).not.toBeNull();

    const stranger = authenticator();
    const theirOptions = await post('/auth/webauthn/registration/options', {}, user.access_token);
    stranger.create(theirOptions.body as never);
    const fresh = await post('/auth/webauthn/authentication/options', {});
    const unknown = await post('/auth/webauthn/authentication/verify', {
      response: stranger.get(fresh.body as never),
    });
    expect(unknown.body.code).toBe('PASSKEY_VERIFICATION_FAILED');
    const noBody = await post('/auth/webauthn/authentication/verify', {});
    expect(noBody.body.code).toBe('VALIDATION_FAILED');
  });

  it('a passkey satisfies the role requirement', async () => {
    await requireFactor('editor', true);
    try {
      const editor = await signIn(t, ['editor']);
      expect((await get('/api/factcheck', editor.access_token)).status).toBe(403);
      await registerPasskey(editor.access_token);
      expect((await get('/api/factcheck', editor.access_token)).status).toBe(200);
    } finally {
      await requireFactor('editor', false);
    }
  });
});
