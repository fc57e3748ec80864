// Mail end to end: a real SMTP server on 127.0.0.1 receives the forgot-password and verification
// mails; without SMTP_URL the mail lands in DATA_DIR/outbox.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, request, signIn, type TestApp } from './build-test-app.ts';
import { decodeQp, startTestSmtp, type TestSmtp } from './test-smtp.ts';

let smtp: TestSmtp;
let t: TestApp;

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await buildTestApp({ env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function mailTo(address: string): Promise<string> {
  await t.app.identity.auth.close();
  for (let i = 0; i < 100; i++) {
    const found = smtp.inbox.find((m) => m.to.includes(address));
    if (found) {
      smtp.inbox = smtp.inbox.filter((m) => m !== found);
      return decodeQp(found.raw);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no mail to ${address}`);
}

describe('forgot-password mail', () => {
  it('arrives in Arabic with a single-use reset link', async () => {
    const user = await signIn(t, ['editor']);
    const res = await request(t.app, 'POST', '/auth/forgot-password', { body: { email: user.email } });
    expect(res.body).toEqual({ status: true });
    const mail = await mailTo(user.email);
    expect(mail).toContain('إن لم تكن أنت صاحب الطلب');
    expect(mail).toContain(`${t.config.PUBLIC_URL}/panel/reset-password?reset_token=`);
    const token = decodeURIComponent(/reset_token=([A-Za-z0-9._%-]+)/.exec(mail)![1]!);
    expect(decodeJwt(token)).toMatchObject({ t: 'rst', sub: user.sub });
    const reset = await request(t.app, 'POST', '/auth/resetpassword', {
      body: { reset_token: token, new_password: 'Mailed-Pass1!' },
    });
    expect(reset.body).toEqual({ status: 'true' });
    // Single use, and the old sessions are over.
    const again = await request(t.app, 'POST', '/auth/resetpassword', {
      body: { reset_token: token, new_password: 'Mailed-Pass2!' },
    });
    expect(again.body.code).toBe('INVALID_TOKEN');
    expect(
      (
        await request(t.app, 'POST', '/auth', {
          body: { grant_type: 'refresh', refresh_token: user.refresh_token },
        })
      ).status,
    ).toBe(401);
    const signedIn = await request(t.app, 'POST', '/auth', {
      body: { email: user.email, password: 'Mailed-Pass1!' },
    });
    expect(signedIn.status).toBe(200);
  });

  it('arrives in English when asked', async () => {
    const user = await signIn(t, []);
    await request(t.app, 'POST', '/auth/forgot-password', { body: { email: user.email, language: 'en' } });
    expect(await mailTo(user.email)).toContain('If it was not you, ignore this message');
  });

  it('sends nothing for an unknown address (and answers the same)', async () => {
    const before = smtp.inbox.length;
    const res = await request(t.app, 'POST', '/auth/forgot-password', {
      body: { email: 'ghost@example.org' },
    });
    expect(res.body).toEqual({ status: true });
    await t.app.identity.auth.close();
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.inbox.length).toBe(before);
  });
});

describe('e-mail verification', () => {
  it('mails a code that marks the e-mail verified', async () => {
    const user = await signIn(t, []);
    const sent = await request(t.app, 'POST', '/auth/verify/send', {
      token: user.access_token,
      body: { name: 'email' },
    });
    expect(sent.body).toBe(true);
    const mail = await mailTo(user.email);
    const code = /هو (\d{6})/.exec(mail)![1]!;
    const ok = await request(t.app, 'POST', '/auth/verify', {
      body: { name: 'email', value: user.email, code },
    });
    expect(ok.body).toEqual({ status: true });
    const refreshed = await request(t.app, 'POST', '/auth', {
      body: { grant_type: 'refresh', refresh_token: user.refresh_token },
    });
    expect(decodeJwt(refreshed.body.access_token as string).emv).toBe(1);
  });
});

describe('without SMTP_URL', () => {
  it('writes the mail to DATA_DIR/outbox', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'tabayyun-outbox-'));
    const local = await buildTestApp({ env: { DATA_DIR: dataDir } });
    try {
      const user = await signIn(local, []);
      await request(local.app, 'POST', '/auth/forgot-password', { body: { email: user.email } });
      await local.app.identity.auth.close();
      const files = await readdir(join(dataDir, 'outbox'));
      expect(files).toHaveLength(1);
      const eml = decodeQp(await readFile(join(dataDir, 'outbox', files[0]!), 'utf8'));
      expect(eml).toContain(`To: ${user.email}`);
      expect(eml).toContain('reset_token=');
    } finally {
      await local.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
