// Signing in and out of the back office: redirect to the login page and back to the page asked
// for, 'Login failed', remember-me off, the forced password change, forgot password.
import { describe, expect, it } from 'vitest';
import {
  auditScreen,
  expectToast,
  openScreen,
  screenReady,
  setUpPanelJourney,
  signInWithForm,
} from './harness.ts';

const journey = setUpPanelJourney();

describe('signing in to the back office', () => {
  it('sends a visitor without a session to the login page and back to the page asked for', async () => {
    const page = await journey.newPage({ language: 'en' });
    await page.goto(`${journey.baseUrl}/panel/factcheck/review?page=1`);
    await page.waitForURL(/\/panel\/login\?next=/);
    await expect.poll(() => page.title()).toBe('Login - Tabayyun');
    await signInWithForm(page, journey.admin);
    await page.waitForURL(/\/panel\/factcheck\/review\?page=1$/);
    await screenReady(page);
    // Remembered: the access token and the cookie's marker in local storage; the refresh token in
    // the HttpOnly cookie only (ADR 046).
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    expect(await page.evaluate(() => localStorage.getItem('session_cookie'))).toBe('1');
    expect(await page.evaluate(() => localStorage.getItem('refresh_token'))).toBeNull();
  });

  it("shows 'Login failed' for a wrong password and stays on the login page", async () => {
    const page = await journey.newPage({ language: 'en' });
    await openScreen(page, journey.baseUrl, '/panel/login');
    await signInWithForm(page, { ...journey.admin, password: 'wrong-Passw0rd!' });
    await expectToast(page, 'Login failed');
    expect(new URL(page.url()).pathname).toBe('/panel/login');
  });

  it('sends /panel to the dashboard, and signs out from the user menu in Arabic', async () => {
    const page = await journey.newPage({ language: 'ar', user: journey.admin });
    await page.goto(`${journey.baseUrl}/panel`);
    await page.waitForURL(/\/panel\/dashboard$/);
    await screenReady(page);
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
      'ar',
      'rtl',
    ]);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('sign-out').click();
    await page.waitForURL(/\/panel\/login/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.goto(`${journey.baseUrl}/panel/dashboard`);
    await page.waitForURL(/\/panel\/login\?next=%2Fpanel%2Fdashboard/);
  });

  it('keeps the tokens out of local storage without remember-me', async () => {
    const page = await journey.newPage({ language: 'en' });
    await openScreen(page, journey.baseUrl, '/panel/login');
    await signInWithForm(page, journey.admin, { rememberMe: false });
    await page.waitForURL(/\/panel\/dashboard$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeTruthy();
  });

  it('makes a user with a forced password change set a new one, then lets them in', async () => {
    const user = await journey.createUser(['editor'], { forceChangePwd: true });
    const page = await journey.newPage({ language: 'en' });
    await openScreen(page, journey.baseUrl, '/panel/login');
    await signInWithForm(page, user);
    await page.waitForURL(/\/panel\/change-password$/);
    await screenReady(page);
    const newPassword = 'N3w-Passw0rd!x';
    const fields = page.locator('input[type="password"]');
    await fields.nth(0).fill(newPassword);
    await fields.nth(1).fill(newPassword);
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL(/\/panel\/dashboard$/);
    // The old password no longer works; the new one does.
    const old = await fetch(`${journey.baseUrl}/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'password', email: user.email, password: user.password }),
    });
    expect([old.status, ((await old.json()) as { code: string }).code]).toEqual([400, 'INVALID_CREDENTIALS']);
    const tokens = await journey.tokensOf({ ...user, password: newPassword });
    expect(tokens.access_token).toBeTruthy();
  });

  it('asks for a reset link by email', async () => {
    const page = await journey.newPage({ language: 'ar' });
    await openScreen(page, journey.baseUrl, '/panel/login');
    await page.getByRole('link', { name: 'نسيت كلمة المرور؟' }).click();
    // The sign-in screen has a heading and an e-mail field too: wait for this screen's own heading,
    // or the e-mail goes into the sign-in form while the navigation is still on its way.
    await page.getByRole('heading', { name: 'استعادة كلمة المرور' }).waitFor();
    await screenReady(page);
    await page.getByLabel('البريد الإلكتروني').fill(journey.admin.email);
    await page.getByRole('button', { name: 'أرسل الرابط' }).click();
    await expect.poll(() => page.getByTestId('link-sent').innerText()).toContain(journey.admin.email);
  });

  it('login and forgot-password screens are accessible in both languages and themes', async () => {
    await auditScreen(journey, '/panel/login', 'login', { signedOut: true });
    await auditScreen(journey, '/panel/forgot-password', 'forgot-password', { signedOut: true });
  });
});
