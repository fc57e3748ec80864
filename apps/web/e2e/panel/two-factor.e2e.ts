// Two-factor sign-in with an authenticator app (issue 34, ADR 042), in Arabic and English: the
// "requires second factor" switch of Settings → Roles, the forced set-up of a user of such a role
// (nothing else is reachable first, the server refuses their calls), enrolling from the profile
// with the QR code drawn locally, the recovery codes shown once, and the second step at sign-in
// with a code computed here (RFC 6238) and with a recovery code. axe-core on every new screen.
import { createHmac } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import {
  accessibilityProblems,
  auditScreen,
  openScreen,
  type PanelLanguage,
  screenReady,
  setUpPanelJourney,
  signInWithForm,
  type TestUser,
} from './harness.ts';

const journey = setUpPanelJourney();

/** An authenticator app: RFC 6238 (HMAC-SHA1, 30 s, 6 digits) over the base32 secret shown. */
function totpCode(secret: string, offsetMs = 0): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secret.replace(/\s/g, '').toUpperCase())
    bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((b) => Number.parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor((Date.now() + offsetMs) / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

const setEditorRequirement = (on: boolean) =>
  journey.api(journey.admin, 'PATCH', '/api/role/editor', [
    { op: 'add', path: '/requiresSecondFactor', value: on },
  ]);

afterAll(async () => {
  // The journey's server is shared by this file's tests only; leave the role as seeded.
  if (journey.server) await setEditorRequirement(false);
});

/** The set-up's QR code is an image drawn in the page (no outside service); returns the secret. */
async function startTotp(page: Page): Promise<string> {
  await page.getByTestId('totp-start').click();
  const qr = page.getByTestId('totp-qr');
  await qr.waitFor();
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  return (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
}

async function enterCode(page: Page, secret: string): Promise<string[]> {
  await page.getByTestId('totp-code').fill(totpCode(secret));
  await page.getByTestId('totp-verify').click();
  const box = page.getByTestId('recovery-codes');
  await box.waitFor();
  const codes = (await box.locator('li').allInnerTexts()).map((c) => c.trim());
  expect(codes).toHaveLength(10);
  return codes;
}

/** An authenticator app set up through the API (set-up, then its first code): the secret. */
async function enrolByApi(accessToken: string): Promise<string> {
  const post = (path: string, body: unknown) =>
    fetch(`${journey.baseUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const { secret } = (await (await post('/auth/2fa/totp/setup', {})).json()) as { secret: string };
  expect((await post('/auth/2fa/totp/enable', { code: totpCode(secret) })).status).toBe(200);
  return secret;
}

async function expectAccessible(page: Page, what: string): Promise<void> {
  expect(await accessibilityProblems(page), what).toEqual([]);
}

async function signOut(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('sign-out').click();
  await page.waitForURL(/\/panel\/login/);
}

describe('Settings → Roles: requires second factor', () => {
  it.each(['ar', 'en'] as const)('switches the requirement per role (%s)', async (language) => {
    const page = await journey.newPage({ language, user: journey.admin });
    await openScreen(page, journey.baseUrl, '/panel/roles');
    const editorSwitch = page.getByTestId('second-factor-editor');
    await editorSwitch.waitFor();
    expect(await editorSwitch.isChecked()).toBe(false);
    const label = language === 'ar' ? 'يتطلّب عاملًا ثانيًا: ' : 'Requires a second factor: ';
    expect(await editorSwitch.getAttribute('aria-label')).toMatch(new RegExp(`^${label}`));
    await page
      .getByLabel(new RegExp(`^${label}`))
      .and(editorSwitch)
      .check();
    await expect
      .poll(
        async () =>
          (await journey.api(journey.admin, 'GET', '/api/role/editor')).body.data[0].requiresSecondFactor,
      )
      .toBe(true);
    await setEditorRequirement(false);
  });

  it('is accessible in Arabic and English, light and dark', async () => {
    await auditScreen(journey, '/panel/roles', 'roles-second-factor');
  });
});

describe.each(['ar', 'en'] as const)(
  'an editor whose role requires a second factor (%s)',
  (language: PanelLanguage) => {
    it('is led to the set-up at sign-in, reaches nothing else first, then gets in', async () => {
      await setEditorRequirement(true);
      const editor = await journey.createUser(['editor']);
      const page = await journey.newPage({ language });
      await openScreen(page, journey.baseUrl, '/panel/login');
      await signInWithForm(page, editor);
      await page.waitForURL(/\/panel\/two-factor-setup/);
      await screenReady(page);
      // The server, not the page, holds the line: the editor's own token reads nothing.
      const token = await page.evaluate(() => localStorage.getItem('token'));
      const refused = await fetch(`${journey.baseUrl}/api/factcheck`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect([refused.status, ((await refused.json()) as { code: string }).code]).toEqual([
        403,
        'SECOND_FACTOR_SETUP_REQUIRED',
      ]);
      await page.goto(`${journey.baseUrl}/panel/dashboard`);
      await page.waitForURL(/\/panel\/two-factor-setup\?next=%2Fpanel%2Fdashboard/);
      await screenReady(page);

      const secret = await startTotp(page);
      await expectAccessible(page, 'the set-up with its QR code');
      await enterCode(page, secret);
      await expectAccessible(page, 'the recovery codes');
      await page.getByTestId('recovery-done').click();
      await page.waitForURL(/\/panel\/dashboard$/);
      await screenReady(page);
      const allowed = await fetch(`${journey.baseUrl}/api/factcheck`, {
        headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token'))}` },
      });
      expect(allowed.status).toBe(200);
    });
  },
);

describe('the forced set-up screen', () => {
  it('is accessible in Arabic and English, light and dark', async () => {
    await setEditorRequirement(true);
    const editor = await journey.createUser(['editor']);
    await auditScreen(journey, '/panel/two-factor-setup', 'two-factor-setup', {
      user: editor,
      prepare: async (page) => {
        await startTotp(page);
      },
    });
  });
});

describe.each(['ar', 'en'] as const)(
  'the authenticator app from the profile (%s)',
  (language: PanelLanguage) => {
    let user: TestUser;
    let secret = '';
    let codes: string[] = [];

    it('enrols with a QR code and a first code; the recovery codes are shown once', async () => {
      user = await journey.createUser(['fact-checker']);
      const page = await journey.newPage({ language, user });
      await openScreen(page, journey.baseUrl, '/panel/profile');
      await page.getByTestId('totp-begin').click();
      secret = await startTotp(page);
      await expectAccessible(page, 'the profile with the QR code');
      codes = await enterCode(page, secret);
      await expectAccessible(page, 'the profile with the recovery codes');
      await page.getByTestId('recovery-done').click();
      await page.getByTestId('totp-on').waitFor();
      expect(await page.getByTestId('recovery-codes').count()).toBe(0);
      await expectAccessible(page, 'the profile with the authenticator app on');
      // Signing in with the password alone no longer gives tokens.
      const res = await fetch(`${journey.baseUrl}/auth`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ grant_type: 'password', email: user.email, password: user.password }),
      });
      expect([res.status, ((await res.json()) as { code: string }).code]).toEqual([
        401,
        'SECOND_FACTOR_REQUIRED',
      ]);
      await signOut(page);
    });

    it('asks for the code after the password; a wrong code is refused, the right one gets in', async () => {
      const page = await journey.newPage({ language });
      await openScreen(page, journey.baseUrl, '/panel/login');
      await signInWithForm(page, user);
      await page.getByTestId('second-factor-step').waitFor();
      await expectAccessible(page, 'the second step');
      await page.getByTestId('second-factor-code').fill('000000');
      await page.getByTestId('second-factor-submit').click();
      await page.getByTestId('second-factor-error').waitFor();
      // The set-up used the current step's code: the next one, as a phone a little ahead would show.
      await page.getByTestId('second-factor-code').fill(totpCode(secret, 30_000));
      await page.getByTestId('second-factor-submit').click();
      await page.waitForURL(/\/panel\/dashboard$/);
      await screenReady(page);
      await signOut(page);
    });

    it('takes a recovery code once', async () => {
      const page = await journey.newPage({ language });
      await openScreen(page, journey.baseUrl, '/panel/login');
      await signInWithForm(page, user);
      await page.getByTestId('second-factor-code').fill(codes[0]!);
      await page.getByTestId('second-factor-submit').click();
      await page.waitForURL(/\/panel\/dashboard$/);
      await signOut(page);
      await signInWithForm(page, user);
      await page.getByTestId('second-factor-code').fill(codes[0]!);
      await page.getByTestId('second-factor-submit').click();
      await page.getByTestId('second-factor-error').waitFor();
      expect(new URL(page.url()).pathname).toBe('/panel/login');
    });
  },
);

describe('a password an administrator reset', () => {
  it.each(['ar', 'en'] as const)(
    'still asks for the second factor, then for the new password (%s)',
    async (language) => {
      const user = await journey.createUser(['fact-checker']);
      const tokens = await journey.tokensOf(user);
      const secret = await enrolByApi(tokens.access_token);
      const reset = await journey.api(journey.admin, 'POST', '/auth/adminreset', {
        email: user.email,
        new_password: user.password,
      });
      expect(reset.status).toBe(200);
      const page = await journey.newPage({ language });
      await openScreen(page, journey.baseUrl, '/panel/login');
      await signInWithForm(page, user);
      await page.getByTestId('second-factor-code').fill(totpCode(secret, 30_000));
      await page.getByTestId('second-factor-submit').click();
      await page.waitForURL(/\/panel\/change-password$/);
      await screenReady(page);
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === 'ar' ? 'rtl' : 'ltr');
      await expectAccessible(page, `the forced password change (${language})`);
    },
  );
});

describe('the second step at sign-in', () => {
  it('is accessible in Arabic and English, light and dark', async () => {
    const user = await journey.createUser(['fact-checker']);
    await enrolByApi((await journey.tokensOf(user)).access_token);
    await auditScreen(journey, '/panel/login', 'two-factor-step', {
      signedOut: true,
      prepare: async (page) => {
        await signInWithForm(page, user);
        await page.getByTestId('second-factor-step').waitFor();
      },
    });
  });
});
