// Administering users at /panel/users: create (sign-up with the admin token), change roles, reset a
// password, rename, ban then unban, delete, and the super-admin refusal; each checked on the server.
// An administrator resets a user's lost second factor (issue 34), in Arabic and English.
import { createHmac } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  accessibilityProblems,
  auditScreen,
  expectToast,
  openScreen,
  screenReady,
  setUpPanelJourney,
  type TestUser,
} from './harness.ts';

const journey = setUpPanelJourney();

async function usersPage(language: 'ar' | 'en' = 'en'): Promise<Page> {
  const page = await journey.newPage({ language, user: journey.admin });
  await openScreen(page, journey.baseUrl, '/panel/users');
  return page;
}

/** Opens a user's row menu (found by searching their email) and picks an action. */
async function rowAction(page: Page, user: TestUser, action: string): Promise<void> {
  const search = page.getByTestId('table-search');
  await search.fill(user.email);
  const row = page.locator(`tr[data-row-id]`, { hasText: user.email });
  await row.waitFor();
  await expect.poll(() => page.locator('tr[data-row-id]').count(), { timeout: 5000 }).toBe(1);
  await row.getByTestId('user-actions').click();
  await page.locator(`[data-action="${action}"]`).click();
}

/** The control a label names (the password box changes its type when shown). */
async function labelled(scope: Locator, label: string): Promise<Locator> {
  const id = await scope.locator('label', { hasText: label }).first().getAttribute('for');
  return scope.locator(`[id="${id}"]`);
}

/** Opens the roles pick list by keyboard and picks one. */
async function pickRole(page: Page, name: string): Promise<void> {
  await page.getByRole('dialog').getByLabel('Roles').focus();
  await page.keyboard.press('ArrowDown');
  await page.getByRole('option', { name }).click();
  await page.keyboard.press('Escape');
}

async function serverUser(email: string) {
  const answer = await journey.api(journey.admin, 'GET', `/api/user?email=${encodeURIComponent(email)}`);
  expect(answer.status).toBe(200);
  return answer.body.data[0] as Record<string, unknown> | undefined;
}

describe('administering users', () => {
  it('admins create a user: email lower-cased, username defaults to the email, roles given', async () => {
    const page = await usersPage();
    expect(await page.title()).toBe('Users - Tabayyun');
    await page.getByTestId('create-user').click();
    const dialog = page.getByRole('dialog', { name: 'Create user' });
    await dialog.getByLabel('Email').fill('  New.Editor@Example.ORG ');
    await dialog.getByLabel('Full name').fill('  Lina Haddad ');
    await (await labelled(dialog, 'Password')).fill('Str0ng-Passw0rd!');
    await pickRole(page, 'Editor');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Saved successfully');
    await dialog.waitFor({ state: 'detached' });
    await page.locator('tr[data-row-id]', { hasText: 'new.editor@example.org' }).waitFor();
    const created = await serverUser('new.editor@example.org');
    expect(created).toMatchObject({
      email: 'new.editor@example.org',
      username: 'new.editor@example.org',
      name: 'Lina Haddad',
      roles: ['editor'],
    });
    // The password given works.
    const tokens = await journey.tokensOf({
      email: 'new.editor@example.org',
      password: 'Str0ng-Passw0rd!',
    } as TestUser);
    expect(tokens.access_token).toBeTruthy();
  });

  it("shows 'Failed to save user' when the server refuses the new user", async () => {
    const existing = await journey.createUser(['editor']);
    const page = await usersPage();
    await page.getByTestId('create-user').click();
    const dialog = page.getByRole('dialog', { name: 'Create user' });
    await dialog.getByLabel('Email').fill(existing.email);
    await dialog.getByLabel('Full name').fill('Duplicate');
    await dialog.getByRole('button', { name: 'Generate password' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Failed to save user');
    // The dialog stays open with the typing kept.
    expect(await dialog.getByLabel('Full name').inputValue()).toBe('Duplicate');
  });

  it("admins change a user's roles", async () => {
    const user = await journey.createUser(['fact-checker']);
    const page = await usersPage();
    await rowAction(page, user, 'change-roles');
    const dialog = page.getByRole('dialog');
    await pickRole(page, 'Editor');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'User roles have been changed!');
    expect((await serverUser(user.email))?.roles).toEqual(['fact-checker', 'editor']);
  });

  it("admins reset a user's password with a generated one; Submit waits for a valid change", async () => {
    const user = await journey.createUser(['editor']);
    const page = await usersPage();
    await rowAction(page, user, 'reset-password');
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByLabel('Email').inputValue()).toBe(user.email);
    expect(await dialog.getByLabel('Email').getAttribute('readonly')).not.toBeNull();
    const submit = dialog.getByRole('button', { name: 'Submit' });
    expect(await submit.isDisabled()).toBe(true);
    await (await labelled(dialog, 'New password')).fill('short');
    await (await labelled(dialog, 'New password')).blur();
    expect(await submit.isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Generate password' }).click();
    const password = await (await labelled(dialog, 'New password')).inputValue();
    expect(password.length).toBeGreaterThanOrEqual(8);
    expect(await submit.isDisabled()).toBe(false);
    await submit.click();
    await expectToast(page, 'Password has been reset!');
    await dialog.waitFor({ state: 'detached' });
    // forceChangePwd was on: signing in with the new password asks for another.
    const answer = await fetch(`${journey.baseUrl}/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'password', email: user.email, password }),
    });
    expect(answer.status).toBe(200);
    expect(Object.keys((await answer.json()) as object)).toContain('reset_token');
  });

  it('admins rename a user; the full name is required', async () => {
    const user = await journey.createUser(['editor'], { name: 'Old Name' });
    const page = await usersPage();
    await rowAction(page, user, 'rename');
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Full name').fill('');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('required', { exact: false }).first().waitFor();
    await dialog.getByLabel('Full name').fill('  Omar Khaled ');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Saved successfully');
    expect((await serverUser(user.email))?.name).toBe('Omar Khaled');
    await page.locator('tr[data-row-id]', { hasText: 'Omar Khaled' }).waitFor();
  });

  it('admins ban a user, then unban them, after confirming each', async () => {
    const user = await journey.createUser(['editor']);
    const page = await usersPage();
    await rowAction(page, user, 'ban');
    const ban = page.getByRole('dialog');
    expect(await ban.innerText()).toContain('halts all their current activities');
    await ban.getByRole('button', { name: 'Discard' }).waitFor();
    await ban.getByRole('button', { name: 'Yes, Ban' }).click();
    await expectToast(page, `User ${user.email} has been banned`);
    expect((await serverUser(user.email))?.disabled).toBe(true);
    await page.locator(`tr[data-row-id] [data-state="banned"]`).waitFor();

    await page.locator('tr[data-row-id]').getByTestId('user-actions').click();
    await page.locator('[data-action="unban"]').click();
    const unban = page.getByRole('dialog');
    expect(await unban.innerText()).toContain('continue using the platform');
    await unban.getByRole('button', { name: 'Yes, Unban' }).click();
    await expect
      .poll(() => page.locator('.mantine-Notification-root').allInnerTexts())
      .toContainEqual(expect.stringContaining(`User ${user.email} has been unbanned`));
    expect((await serverUser(user.email))?.disabled).toBe(false);
  });

  it("admins delete a user after 'Do you really want to delete this user permanently?'", async () => {
    const user = await journey.createUser(['editor']);
    const page = await usersPage();
    await rowAction(page, user, 'delete');
    const dialog = page.getByRole('dialog');
    expect(await dialog.innerText()).toContain('Do you really want to delete this user permanently?');
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    expect(await serverUser(user.email)).toBeDefined();
    await page.locator('tr[data-row-id]').getByTestId('user-actions').click();
    await page.locator('[data-action="delete"]').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete it' }).click();
    await expectToast(page, 'User deleted!');
    expect(await serverUser(user.email)).toBeUndefined();
  });

  it('refuses to delete a super-admin user, in Arabic', async () => {
    const other = await journey.createUser(['super-admin']);
    const page = await usersPage('ar');
    await rowAction(page, other, 'delete');
    await expectToast(page, 'لا يمكن حذف مستخدم يحمل دور المدير العام!');
    expect(await serverUser(other.email)).toBeDefined();
    // The server refuses too, whatever the browser does.
    const answer = await journey.api(
      journey.admin,
      'DELETE',
      `/api/user/${(await serverUser(other.email))?._id}`,
    );
    expect([answer.status, answer.body.message]).toEqual([403, 'You cannot delete a super admin user!']);
  });

  it('the users screen and the create dialog are accessible in both languages and themes', async () => {
    await auditScreen(journey, '/panel/users', 'users');
    await auditScreen(journey, '/panel/users', 'users-create', {
      prepare: async (page) => {
        await page.getByTestId('create-user').click();
        await page
          .getByRole('dialog')
          .getByRole('button', { name: /Generate password|توليد/ })
          .waitFor();
        await screenReady(page);
      },
    });
  });
});

/** An authenticator app: RFC 6238 (HMAC-SHA1, 30 s, 6 digits) over a base32 secret. */
function totpCode(secret: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secret.toUpperCase()) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((b) => Number.parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

const RESET_TEXTS = {
  ar: {
    title: 'إعادة تعيين عامل التحقق الثاني لـ',
    confirm: 'أعد التعيين',
    done: (email: string) => `أُعيد تعيين عامل التحقق الثاني لـ ${email}`,
  },
  en: {
    title: 'Reset the second factor of',
    confirm: 'Reset it',
    done: (email: string) => `The second factor of ${email} has been reset`,
  },
} as const;

describe('an administrator resets a user’s second factor (issue 34)', () => {
  for (const language of ['ar', 'en'] as const) {
    it(`removes the factor and ends the user's sessions; the password alone signs in (${language})`, async () => {
      const user = await journey.createUser(['editor']);
      const tokens = await journey.tokensOf(user);
      const post = (path: string, body: unknown, token?: string) =>
        fetch(`${journey.baseUrl}${path}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body: JSON.stringify(body),
        });
      const { secret } = (await (await post('/auth/2fa/totp/setup', {}, tokens.access_token)).json()) as {
        secret: string;
      };
      expect(
        (await post('/auth/2fa/totp/enable', { code: totpCode(secret) }, tokens.access_token)).status,
      ).toBe(200);
      const signInAnswer = async () =>
        (
          (await (await post('/auth', { email: user.email, password: user.password })).json()) as {
            code?: string;
          }
        ).code;
      expect(await signInAnswer()).toBe('SECOND_FACTOR_REQUIRED');

      const page = await usersPage(language);
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === 'ar' ? 'rtl' : 'ltr');
      await rowAction(page, user, 'reset-second-factor');
      const dialog = page.getByRole('dialog');
      expect(await dialog.innerText()).toContain(RESET_TEXTS[language].title);
      expect(await accessibilityProblems(page), `reset dialog ${language}`).toEqual([]);
      await page.screenshot({ path: `/tmp/h1-users-reset-2fa-${language}.png` });
      await dialog.getByRole('button', { name: RESET_TEXTS[language].confirm }).click();
      await expectToast(page, RESET_TEXTS[language].done(user.email));
      // The user's sessions are over, and the password alone signs in now.
      const refreshed = await post('/auth', { grant_type: 'refresh', refresh_token: tokens.refresh_token });
      expect(refreshed.status).toBe(401);
      expect(await signInAnswer()).toBeUndefined();
    });
  }
});
