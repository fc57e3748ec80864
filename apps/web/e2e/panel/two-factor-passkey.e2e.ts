// Passkeys through Chromium's virtual authenticator (CDP WebAuthn.addVirtualAuthenticator: CTAP2,
// internal transport, user verification), in Arabic and English (issue 34, ADR 042): register one
// on the profile, sign in with it alone, and use it as the second step of a password sign-in.
// WebAuthn refuses IP addresses as relying party ids, so these pages are opened on
// http://localhost:<port> (the server's WEBAUTHN_RP_ID and WEBAUTHN_ORIGINS say so).
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import {
  accessibilityProblems,
  DESKTOP,
  expectToast,
  type PanelLanguage,
  screenReady,
  setUpPanelJourney,
  signInWithForm,
} from './harness.ts';

const journey = setUpPanelJourney({
  env: { WEBAUTHN_RP_ID: 'localhost', WEBAUTHN_ORIGINS: 'http://localhost:*' },
});

const contexts: BrowserContext[] = [];
afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close().catch(() => {});
});

/** The journey's server on localhost, in `language`, with a virtual platform authenticator. */
async function localhostPage(language: PanelLanguage): Promise<{ page: Page; origin: string }> {
  const origin = journey.baseUrl.replace('127.0.0.1', 'localhost');
  const context = await journey.browser.newContext({
    viewport: DESKTOP,
    locale: language === 'ar' ? 'ar-SY' : 'en-GB',
    colorScheme: 'light',
    reducedMotion: 'reduce',
    bypassCSP: true,
  });
  contexts.push(context);
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(origin) || !/^https?:/.test(url)) return route.continue();
    journey.foreignRequests.push(url);
    return route.abort();
  });
  await context.addInitScript((lang) => {
    if (sessionStorage.getItem('__journey_init')) return;
    sessionStorage.setItem('__journey_init', '1');
    localStorage.setItem('panelLanguage', lang);
    localStorage.setItem('theme', 'light');
  }, language);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`[page error] ${error.message}`));
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { page, origin };
}

async function signOut(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('sign-out').click();
  await page.waitForURL(/\/panel\/login/);
}

describe.each(['ar', 'en'] as const)('passkeys (%s)', (language: PanelLanguage) => {
  it('registers a passkey on the profile, then signs in with it alone and as the second step', async () => {
    const user = await journey.createUser(['fact-checker']);
    const { page, origin } = await localhostPage(language);
    await page.goto(`${origin}/panel/login`);
    await screenReady(page);
    await signInWithForm(page, user);
    await page.waitForURL(/\/panel\/dashboard$/);
    await page.goto(`${origin}/panel/profile`);
    await screenReady(page);
    await page.getByTestId('no-passkeys').waitFor();
    await page.getByTestId('passkey-name').fill('Chromium');
    await page.getByTestId('passkey-add').click();
    // A first factor comes with its recovery codes.
    await page.getByTestId('recovery-codes').waitFor();
    await expectToast(page, language === 'ar' ? 'أُضيف مفتاح المرور' : 'Passkey added');
    expect(await page.getByTestId('recovery-codes').locator('li').count()).toBe(10);
    await page.getByTestId('recovery-done').click();
    const list = page.getByTestId('passkey-list');
    await list.waitFor();
    expect(await list.innerText()).toContain('Chromium');
    expect(await accessibilityProblems(page), 'the profile with a passkey').toEqual([]);

    // Alone: no password.
    await signOut(page);
    await screenReady(page);
    expect(await accessibilityProblems(page), 'the login page with its passkey button').toEqual([]);
    await page.getByTestId('passkey-sign-in').click();
    // Back to the page the sign-out left (the login page's `next`).
    await page.waitForURL(/\/panel\/profile$/);
    await screenReady(page);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();

    // The second step of a password sign-in.
    await signOut(page);
    await signInWithForm(page, user);
    await page.getByTestId('second-factor-step').waitFor();
    expect(await accessibilityProblems(page), 'the second step with a passkey').toEqual([]);
    await page.getByTestId('second-factor-passkey').click();
    await page.waitForURL(/\/panel\/profile$/);
    await screenReady(page);

    // The server saw the passkey used.
    const tokens = await page.evaluate(() => localStorage.getItem('token'));
    const passkeys = await fetch(`${journey.baseUrl}/auth/webauthn/passkeys`, {
      headers: { authorization: `Bearer ${tokens}` },
    });
    const [stored] = ((await passkeys.json()) as { data: { name: string; lastUsedAt: string | null }[] })
      .data;
    expect(stored).toMatchObject({ name: 'Chromium' });
    expect(stored!.lastUsedAt).not.toBeNull();
  });
});
