// Lockout that cannot be turned into a weapon (issue 34, weakness 8), and the mails that tell an
// owner what happens to their account: failures lock the account for the address they come from
// only, the budget counts on the account the name resolves to, the owner is mailed once per
// lockout window when the account is attacked, and a sign-in from a device not seen before is
// mailed with its time, address and a link to the sessions list. Mail goes to a real SMTP server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signIn, TEST_PASSWORD, type TestApp } from './build-test-app.ts';
import { decodeQp, startTestSmtp, type TestSmtp } from './test-smtp.ts';

let smtp: TestSmtp;
let t: TestApp;

const THRESHOLD = 3;
const ACCOUNT_ALERT_AT = 5;

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await buildTestApp({
    env: {
      SMTP_URL: smtp.url,
      LOCKOUT_THRESHOLD: String(THRESHOLD),
      AUTH_ACCOUNT_RATE_MAX: String(ACCOUNT_ALERT_AT),
    },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** Every mail delivered to `address` since the last call (background sends awaited first). */
async function mailsTo(address: string): Promise<string[]> {
  await t.app.identity.auth.close();
  await new Promise((r) => setTimeout(r, 150));
  const found = smtp.inbox.filter((m) => m.to.includes(address));
  smtp.inbox = smtp.inbox.filter((m) => !found.includes(m));
  return found.map((m) => decodeQp(m.raw));
}

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/140.0.0.0 Safari/537.36';

async function signInFrom(ip: string, body: Record<string, unknown>, app = t) {
  const res = await app.app.inject({
    method: 'POST',
    url: '/auth',
    remoteAddress: ip,
    headers: { 'content-type': 'application/json', 'user-agent': CHROME },
    payload: JSON.stringify({ grant_type: 'password', ...body }),
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

describe('lockout per account and client address (weakness 8)', () => {
  it('locks the attacker’s address out, never the owner signing in from elsewhere', async () => {
    const owner = await signIn(t, ['editor']);
    const codes = [];
    for (let i = 0; i < THRESHOLD; i++) {
      codes.push(
        (await signInFrom('203.0.113.7', { email: owner.email, password: 'Wrong-pass1!' })).body.code,
      );
    }
    expect(codes).toEqual([...Array(THRESHOLD - 1).fill('INVALID_CREDENTIALS'), 'ACCOUNT_LOCKED']);
    // The locked address is refused even the right password (no more guesses are evaluated)…
    const attacker = await signInFrom('203.0.113.7', { email: owner.email, password: TEST_PASSWORD });
    expect([attacker.status, attacker.body.code]).toEqual([423, 'ACCOUNT_LOCKED']);
    // …while the owner, elsewhere, signs in.
    const home = await signInFrom('198.51.100.20', { email: owner.email, password: TEST_PASSWORD });
    expect(home.status, JSON.stringify(home.body)).toBe(200);
  });

  it('mails the owner once per lockout window, in Arabic and English, with the attacker’s address', async () => {
    const owner = await signIn(t, ['editor']);
    await mailsTo(owner.email);
    for (const ip of ['203.0.113.8', '203.0.113.9']) {
      for (let i = 0; i < THRESHOLD; i++)
        await signInFrom(ip, { email: owner.email, password: 'Wrong-pass1!' });
    }
    const mails = await mailsTo(owner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('كلمات مرور خاطئة على حسابك');
    expect(mails[0]).toContain('wrong passwords were tried on your');
    expect(mails[0]).toContain('203.0.113.8');
    expect(mails[0]).toContain(`${t.config.PUBLIC_URL}/panel/profile#sessions`);
  });

  it('counts failures from many addresses on the account: past AUTH_ACCOUNT_RATE_MAX the owner hears of it', async () => {
    const owner = await signIn(t, ['editor']);
    await mailsTo(owner.email);
    // Spread thin: never THRESHOLD from one address, so nothing is locked.
    for (let i = 0; i < ACCOUNT_ALERT_AT; i++) {
      const res = await signInFrom(`192.0.2.${i + 1}`, { email: owner.email, password: 'Wrong-pass1!' });
      expect(res.body.code).toBe('INVALID_CREDENTIALS');
    }
    const mails = await mailsTo(owner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`${ACCOUNT_ALERT_AT} wrong passwords`);
  });

  it('keys the failure budget on the resolved account: {email:<random>, id:<victim>} counts on the victim', async () => {
    const budget = await buildTestApp({
      env: { AUTH_ACCOUNT_RATE_MAX: '3', LOCKOUT_THRESHOLD: '100', AUTH_RATE_MAX: '1000' },
    });
    try {
      const victim = await signIn(budget, ['editor']);
      const statuses = [];
      for (let i = 0; i < 4; i++) {
        const res = await signInFrom(
          '203.0.113.50',
          { email: `random${i}@example.org`, id: victim.sub, password: 'Wrong-pass1!' },
          budget,
        );
        statuses.push(res.status);
      }
      expect(statuses).toEqual([400, 400, 400, 429]);
      // The owner, elsewhere, is not held back by the attacker's spent budget.
      const owner = await signInFrom(
        '198.51.100.21',
        { email: victim.email, password: TEST_PASSWORD },
        budget,
      );
      expect(owner.status).toBe(200);
    } finally {
      await budget.close();
    }
  });

  it('a password reset lifts the locks of the account', async () => {
    const owner = await signIn(t, ['editor']);
    for (let i = 0; i < THRESHOLD; i++)
      await signInFrom('203.0.113.60', { email: owner.email, password: 'x1!Aaaaa' });
    expect((await signInFrom('203.0.113.60', { email: owner.email, password: TEST_PASSWORD })).status).toBe(
      423,
    );
    const admin = await signIn(t, ['super-admin']);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/auth/adminreset',
      headers: { authorization: `Bearer ${admin.access_token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ email: owner.email, new_password: 'Fresh-Pass1!', forceChangePwd: false }),
    });
    expect(reset.statusCode).toBe(200);
    expect((await signInFrom('203.0.113.60', { email: owner.email, password: 'Fresh-Pass1!' })).status).toBe(
      200,
    );
  });
});

describe('new-device alert', () => {
  it('mails the owner the time, address and sessions link of a sign-in from a device not seen before', async () => {
    const owner = await signIn(t, ['editor']);
    // The account's very first sign-in has no "before": no mail.
    expect(await mailsTo(owner.email)).toEqual([]);
    const device = { id: 'newdev01', name: 'Chrome', os: 'Windows', type: 'Web' };
    const before = new Date();
    const first = await signInFrom('198.51.100.77', { email: owner.email, password: TEST_PASSWORD, device });
    expect(first.status).toBe(200);
    const mails = await mailsTo(owner.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails as [string];
    expect(mail).toContain('من جهاز لم يُستخدم معه من قبل');
    expect(mail).toContain('from a device it had not used before');
    expect(mail).toContain('198.51.100.77');
    expect(mail).toContain('Chrome 140');
    expect(mail).toContain(`${before.toISOString().slice(0, 10)} `);
    expect(mail).toContain(`${t.config.PUBLIC_URL}/panel/profile#sessions`);
    // The same device again: no mail.
    const again = await signInFrom('198.51.100.78', { email: owner.email, password: TEST_PASSWORD, device });
    expect(again.status).toBe(200);
    expect(await mailsTo(owner.email)).toEqual([]);
  });
});
