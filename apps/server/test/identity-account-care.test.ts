// What was left of issue 34's accounts side, on PGlite and PostgreSQL: repeated wrong passwords
// answer alike for an unknown e-mail and a real account (no existence leak through the lockout); an
// administrator resets another user's second factor (audited, their sessions ended); deleting a
// user removes their second factors, passkeys and sessions; the alert mails go in the user's
// language when it is known, in both languages when not. Mail goes to a real SMTP server.
import {
  device,
  eq,
  refreshToken,
  twoFactorRecoveryCode,
  twoFactorTotp,
  webauthnCredential,
} from '@tabayyun/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base32Decode, totp } from '../src/modules/auth/two-factor/totp.ts';
import { buildTestApp, request, signIn, TEST_PASSWORD, type TestApp } from './build-test-app.ts';
import { softwareAuthenticator } from './software-authenticator.ts';
import { decodeQp, startTestSmtp, type TestSmtp } from './test-smtp.ts';

const ORIGIN = 'https://news.example.org';
const THRESHOLD = 3;

let smtp: TestSmtp;
let t: TestApp;
let admin: Awaited<ReturnType<typeof signIn>>;

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await buildTestApp({
    env: {
      PUBLIC_URL: ORIGIN,
      SMTP_URL: smtp.url,
      LOCKOUT_THRESHOLD: String(THRESHOLD),
      AUTH_ACCOUNT_RATE_MAX: '50',
      AUTH_RATE_MAX: '1000',
    },
  });
  admin = await signIn(t, ['super-admin']);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

type Body = Record<string, unknown>;
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/140.0.0.0 Safari/537.36';

async function signInFrom(ip: string, body: Body) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/auth',
    remoteAddress: ip,
    headers: { 'content-type': 'application/json', 'user-agent': CHROME },
    payload: JSON.stringify({ grant_type: 'password', ...body }),
  });
  return { status: res.statusCode, body: res.json() as Body };
}

async function mailsTo(address: string): Promise<string[]> {
  await t.app.identity.auth.close();
  await new Promise((r) => setTimeout(r, 150));
  const found = smtp.inbox.filter((m) => m.to.includes(address));
  smtp.inbox = smtp.inbox.filter((m) => !found.includes(m));
  return found.map((m) => decodeQp(m.raw));
}

const post = (url: string, body: unknown, token?: string) => request(t.app, 'POST', url, { token, body });
const codeAt = (secret: string) => totp(base32Decode(secret), Date.now());

async function enrolTotp(token: string): Promise<string> {
  const setup = await post('/auth/2fa/totp/setup', {}, token);
  const secret = setup.body.secret as string;
  expect((await post('/auth/2fa/totp/enable', { code: codeAt(secret) }, token)).status).toBe(200);
  return secret;
}

describe('repeated wrong passwords tell nothing of which accounts exist', () => {
  it('an unknown e-mail locks like a real account, with the same answers', async () => {
    const owner = await signIn(t, ['editor']);
    const answers = async (email: string, ip: string) => {
      const seen: string[] = [];
      for (let i = 0; i < THRESHOLD + 2; i++) {
        const res = await signInFrom(ip, { email, password: 'Wrong-pass1!' });
        seen.push(`${res.status} ${String(res.body.code)}`);
      }
      return seen;
    };
    const real = await answers(owner.email, '203.0.113.70');
    const unknown = await answers('nobody-here@example.org', '203.0.113.71');
    expect(real).toEqual([
      ...Array(THRESHOLD - 1).fill('400 INVALID_CREDENTIALS'),
      ...Array(3).fill('423 ACCOUNT_LOCKED'),
    ]);
    expect(unknown).toEqual(real);
  });
});

describe('an administrator resets another user’s second factor', () => {
  it('removes every factor, ends the user’s sessions and is audited', async () => {
    const user = await signIn(t, ['editor']);
    await enrolTotp(user.access_token);
    const reset = await request(t.app, 'DELETE', `/auth/2fa?user=${user.sub}`, { token: admin.access_token });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    // The user's session is over…
    const refreshed = await post('/auth', { grant_type: 'refresh', refresh_token: user.refresh_token });
    expect(refreshed.status).toBe(401);
    // …and the password alone signs in now.
    const again = await signInFrom('198.51.100.30', { email: user.email, password: TEST_PASSWORD });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const audit = await request(t.app, 'GET', `/api/audit?type=second-factor-change&target=${user.sub}`, {
      token: admin.access_token,
    });
    const entries = audit.body.data as { actor?: string; details?: Body }[];
    expect(entries.some((e) => e.details?.action === 'reset-by-admin')).toBe(true);
  });

  it('needs the right to lock users; nobody resets their own this way', async () => {
    const user = await signIn(t, ['editor']);
    const other = await signIn(t, ['editor']);
    const refused = await request(t.app, 'DELETE', `/auth/2fa?user=${other.sub}`, {
      token: user.access_token,
    });
    expect([refused.status, refused.body.code]).toEqual([403, 'FORBIDDEN']);
    const self = await request(t.app, 'DELETE', `/auth/2fa?user=${admin.sub}`, { token: admin.access_token });
    expect([self.status, self.body.code]).toEqual([403, 'FORBIDDEN']);
    const missing = await request(t.app, 'DELETE', '/auth/2fa?user=nobody', { token: admin.access_token });
    expect(missing.status).toBe(404);
    const noUser = await request(t.app, 'DELETE', '/auth/2fa', { token: admin.access_token });
    expect([noUser.status, noUser.body.code]).toEqual([400, 'VALIDATION_FAILED']);
  });
});

describe('deleting a user', () => {
  it('removes their second factors, passkeys, devices and sessions', async () => {
    const user = await signIn(t, ['editor']);
    await enrolTotp(user.access_token);
    const authenticator = softwareAuthenticator({ origin: ORIGIN, rpId: 'news.example.org' });
    const options = await post('/auth/webauthn/registration/options', {}, user.access_token);
    expect(options.status).toBe(200);
    const registered = await post(
      '/auth/webauthn/registration/verify',
      { response: authenticator.create(options.body as never), name: 'Key' },
      user.access_token,
    );
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    const db = t.database.db;
    const rowsOf = async () => ({
      totp: (await db.select().from(twoFactorTotp).where(eq(twoFactorTotp.user, user.sub))).length,
      codes: (await db.select().from(twoFactorRecoveryCode).where(eq(twoFactorRecoveryCode.user, user.sub)))
        .length,
      passkeys: (await db.select().from(webauthnCredential).where(eq(webauthnCredential.user, user.sub)))
        .length,
      devices: (await db.select().from(device).where(eq(device.user, user.sub))).length,
      tokens: (await db.select().from(refreshToken).where(eq(refreshToken.user, user.sub))).length,
    });
    const before = await rowsOf();
    expect(before.totp).toBe(1);
    expect(before.codes).toBe(10);
    expect(before.passkeys).toBe(1);
    const removed = await request(t.app, 'DELETE', `/api/user/${user.sub}`, { token: admin.access_token });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(await rowsOf()).toEqual({ totp: 0, codes: 0, passkeys: 0, devices: 0, tokens: 0 });
  });
});

describe('alert mails in the user’s language', () => {
  const panelDevice = (id: string, language?: string) => ({
    id,
    name: 'Chrome',
    ...(language ? { language } : {}),
  });

  it('a new device is told in the language the user’s panel uses', async () => {
    const user = await signIn(t, ['editor']);
    // The user's own panel, in English, registered this browser.
    expect(
      (
        await signInFrom('198.51.100.40', {
          email: user.email,
          password: TEST_PASSWORD,
          device: panelDevice('laptop01', 'en'),
        })
      ).status,
    ).toBe(200);
    await mailsTo(user.email);
    await signInFrom('198.51.100.41', {
      email: user.email,
      password: TEST_PASSWORD,
      device: panelDevice('phone001', 'ar'),
    });
    const [mail] = await mailsTo(user.email);
    expect(mail).toContain('signed in to from a device it had not used before');
    expect(mail).not.toMatch(/[\u0600-\u06ff]{4}/);
  });

  it('an attack is told in the user’s language, whatever the attacker’s', async () => {
    const user = await signIn(t, ['editor']);
    await signInFrom('198.51.100.42', {
      email: user.email,
      password: TEST_PASSWORD,
      device: panelDevice('desk0001', 'ar'),
    });
    await mailsTo(user.email);
    for (let i = 0; i < THRESHOLD; i++)
      await signInFrom('203.0.113.80', {
        email: user.email,
        password: 'Wrong-pass1!',
        language: 'en',
        device: panelDevice('evil0001', 'en'),
      });
    const [mail] = await mailsTo(user.email);
    expect(mail).toContain('كلمات مرور خاطئة على حسابك');
    expect(mail).not.toContain('wrong passwords were tried on your');
  });

  it('in both languages when the user’s language is not known', async () => {
    const user = await signIn(t, ['editor']);
    await mailsTo(user.email);
    for (let i = 0; i < THRESHOLD; i++)
      await signInFrom('203.0.113.81', { email: user.email, password: 'Wrong-pass1!' });
    const [mail] = await mailsTo(user.email);
    expect(mail).toContain('كلمات مرور خاطئة على حسابك');
    expect(mail).toContain('wrong passwords were tried on your');
  });
});
