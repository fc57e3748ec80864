// Sessions in the back office (issue 34): two tabs of one browser refreshing at once, and a reload
// while the start-up refresh is on its way, sign nobody out (weakness 9); the profile's devices list
// shows browser, address, last seen and this device, and "sign out everywhere else" sends the other
// browser to the sign-in page at its next refresh; an administrator signs a user out everywhere
// from the users screen; the refresh token lives in an HttpOnly cookie that no script reads, and
// signing out clears it (weakness 13, ADR 046). Arabic (right to left) and English.
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import {
  accessibilityProblems,
  DESKTOP,
  expectToast,
  openScreen,
  type PanelLanguage,
  screenReady,
  setUpPanelJourney,
  signInWithForm,
  type TestUser,
} from './harness.ts';

const journey = setUpPanelJourney();
const contexts: BrowserContext[] = [];
afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close().catch(() => {});
});

/**
 * One browser (a context: tabs share its local storage and cookies) with the user's remembered
 * tokens stored once, on the context's very first load, as an older panel stored them (the panel
 * moves the refresh token into its cookie at the first refresh): later tabs and reloads see what
 * the panel stored since.
 */
async function browserWithSession(user: TestUser, language: PanelLanguage): Promise<BrowserContext> {
  const context = await journey.browser.newContext({
    viewport: DESKTOP,
    locale: language === 'ar' ? 'ar-SY' : 'en-GB',
    reducedMotion: 'reduce',
  });
  contexts.push(context);
  await context.route('**/*', (route) =>
    route.request().url().startsWith(journey.baseUrl) || !/^https?:/.test(route.request().url())
      ? route.continue()
      : route.abort(),
  );
  const tokens = await journey.tokensOf(user);
  await context.addInitScript(
    ({ tokens, language }) => {
      if (localStorage.getItem('__sessions_journey')) return;
      localStorage.setItem('__sessions_journey', '1');
      localStorage.setItem('panelLanguage', language);
      localStorage.setItem('token', tokens.access_token);
      localStorage.setItem('refresh_token', tokens.refresh_token);
    },
    { tokens, language },
  );
  return context;
}

const onLoginPage = (page: Page) => new URL(page.url()).pathname === '/panel/login';

/** Storage keys of the page that hold a refresh token (by name, or by a value the server issued). */
const storedRefreshTokens = (page: Page, cookieValue?: string) =>
  page.evaluate((cookieValue) => {
    const found: string[] = [];
    for (const store of [localStorage, sessionStorage]) {
      for (const key of Object.keys(store)) {
        const value = store.getItem(key) ?? '';
        if (/refresh/i.test(key) || (cookieValue && value.includes(cookieValue))) found.push(key);
      }
    }
    return found;
  }, cookieValue);

/** The panel's own refresh call from the page (the cookie and its CSRF header): its status. */
const refreshFromPage = (page: Page) =>
  page.evaluate(async () => {
    const res = await fetch('/auth', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-session-cookie': '1' },
      body: JSON.stringify({ grant_type: 'refresh' }),
    });
    return res.status;
  });

const REFRESH_COOKIE = 'tabayyun_rt';

/** Refresh calls the page sends (POST {auth} with grant_type refresh). */
function countRefreshes(page: Page): { count: number } {
  const seen = { count: 0 };
  page.on('request', (request) => {
    if (request.method() === 'POST' && /"grant_type":"refresh"/.test(request.postData() ?? '')) seen.count++;
  });
  return seen;
}

describe.each(['ar', 'en'] as const)('sessions across tabs (weakness 9, %s)', (language: PanelLanguage) => {
  it('two tabs starting at once, each refreshing, keep the session', async () => {
    const editor = await journey.createUser(['editor']);
    const context = await browserWithSession(editor, language);
    const first = await context.newPage();
    await first.goto(`${journey.baseUrl}/panel/profile`);
    await screenReady(first);
    // Two more tabs open together: both refresh at start with the same stored token.
    const [second, third] = [await context.newPage(), await context.newPage()];
    await Promise.all([
      second.goto(`${journey.baseUrl}/panel/profile`),
      third.goto(`${journey.baseUrl}/panel/dashboard`),
    ]);
    await Promise.all([screenReady(second), screenReady(third)]);
    // And all three reload at once.
    await Promise.all([first.reload(), second.reload(), third.reload()]);
    await Promise.all([screenReady(first), screenReady(second), screenReady(third)]);
    for (const page of [first, second, third]) expect(onLoginPage(page), page.url()).toBe(false);
    // The session the tabs share is alive on the server: its cookie rotates, and no refresh token
    // is left in storage.
    expect(await storedRefreshTokens(first)).toEqual([]);
    expect(await refreshFromPage(first)).toBe(200);
  });

  it('a reload while the start-up refresh is on its way keeps the session', async () => {
    const editor = await journey.createUser(['editor']);
    const context = await browserWithSession(editor, language);
    const page = await context.newPage();
    // The first load exchanges the stored token for the cookie; the reloads below run on the cookie.
    await page.goto(`${journey.baseUrl}/panel/profile`);
    await screenReady(page);
    const refreshes = countRefreshes(page);
    let rotated!: () => void;
    const serverRotated = new Promise<void>((resolve) => {
      rotated = resolve;
    });
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let held = false;
    // The first refresh reaches the server (which rotates the token) but its answer never reaches
    // the page: the reload comes first, as when an editor presses F5 at the wrong moment.
    await page.route(`${journey.baseUrl}/auth`, async (route) => {
      const body = route.request().postData() ?? '';
      if (held || route.request().method() !== 'POST' || !body.includes('"refresh"')) return route.continue();
      held = true;
      await route.fetch();
      rotated();
      await released;
      await route.abort('aborted').catch(() => {});
    });
    await page.reload();
    await serverRotated;
    await page.reload();
    release();
    await screenReady(page);
    expect(onLoginPage(page), page.url()).toBe(false);
    expect(refreshes.count).toBeGreaterThanOrEqual(2);
    // The session goes on: the next start-up refresh works too.
    await page.reload();
    await screenReady(page);
    expect(onLoginPage(page)).toBe(false);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === 'ar' ? 'rtl' : 'ltr');
  });
});

async function signInThroughForm(context: BrowserContext, user: TestUser, next: string): Promise<Page> {
  const page = await context.newPage();
  await openScreen(page, journey.baseUrl, `/panel/login?next=${encodeURIComponent(next)}`);
  await signInWithForm(page, user);
  await page.waitForURL((url) => url.pathname === next);
  await screenReady(page);
  return page;
}

async function plainBrowser(language: PanelLanguage, userAgent?: string): Promise<BrowserContext> {
  const context = await journey.browser.newContext({
    viewport: DESKTOP,
    locale: language === 'ar' ? 'ar-SY' : 'en-GB',
    reducedMotion: 'reduce',
    // axe-core is injected as an inline script, which the panel's CSP would refuse.
    bypassCSP: true,
    ...(userAgent ? { userAgent } : {}),
  });
  contexts.push(context);
  await context.addInitScript((language) => {
    if (!localStorage.getItem('panelLanguage')) localStorage.setItem('panelLanguage', language);
  }, language);
  return context;
}

const FIREFOX_UA = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

describe('the sessions list on the profile', () => {
  for (const language of ['ar', 'en'] as const) {
    it(`shows each device and signs out everywhere else; the other browser is out at its next refresh (${language})`, async () => {
      const editor = await journey.createUser(['editor']);
      const laptop = await signInThroughForm(await plainBrowser(language), editor, '/panel/profile');
      const phone = await signInThroughForm(
        await plainBrowser(language, FIREFOX_UA),
        editor,
        '/panel/dashboard',
      );
      await openScreen(laptop, journey.baseUrl, '/panel/profile');
      expect(await laptop.evaluate(() => document.documentElement.dir)).toBe(
        language === 'ar' ? 'rtl' : 'ltr',
      );
      const here = await laptop.evaluate(() => localStorage.getItem('device'));
      const there = await phone.evaluate(() => localStorage.getItem('device'));
      const mine = laptop.locator(`[data-device-id="${here}"]`);
      const other = laptop.locator(`[data-device-id="${there}"]`);
      expect(await mine.getAttribute('data-current')).toBe('true');
      expect(await mine.innerText()).toContain(language === 'ar' ? 'هذا الجهاز' : 'This device');
      expect(await other.getAttribute('data-current')).toBeNull();
      expect(await other.locator('[data-field="browser"]').innerText()).toContain('Firefox 128');
      expect(await other.locator('[data-field="address"]').innerText()).toContain('127.0.0.1');
      expect(await other.locator('[data-field="last-seen"]').innerText()).toMatch(
        language === 'ar' ? /آخر نشاط/ : /Last seen/,
      );

      await laptop
        .getByRole('button', {
          name: language === 'ar' ? 'تسجيل الخروج من كل الأجهزة الأخرى' : 'Sign out everywhere else',
        })
        .click();
      await laptop
        .getByRole('dialog')
        .getByRole('button', { name: language === 'ar' ? 'سجّل خروجها' : 'Sign them out' })
        .click();
      await expectToast(
        laptop,
        language === 'ar' ? 'سُجّل خروج كل الأجهزة الأخرى' : 'Every other device has been signed out',
      );
      await other.waitFor({ state: 'detached' });
      expect(await laptop.locator('[data-action="sign-out-others"]').count()).toBe(0);
      expect(await accessibilityProblems(laptop), `the sessions list (${language})`).toEqual([]);
      await laptop.screenshot({ path: `/tmp/h1-sessions-${language}.png`, fullPage: true });

      // The phone's next refresh is refused: it is at the sign-in page.
      await phone.reload();
      await phone.waitForURL(/\/panel\/login/);
      // The laptop goes on.
      await laptop.reload();
      await screenReady(laptop);
      expect(onLoginPage(laptop)).toBe(false);
    });
  }
});

describe('the refresh token in an HttpOnly cookie (weakness 13)', () => {
  for (const language of ['ar', 'en'] as const) {
    it(`never reaches storage or scripts, survives a reload, and sign-out clears it (${language})`, async () => {
      const editor = await journey.createUser(['editor']);
      const context = await plainBrowser(language);
      const page = await signInThroughForm(context, editor, '/panel/profile');
      const cookieOf = async () =>
        (await context.cookies(`${journey.baseUrl}/auth`)).find((c) => c.name === REFRESH_COOKIE);
      const cookie = await cookieOf();
      expect(cookie, 'the refresh cookie').toBeDefined();
      expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/auth' });
      expect(await storedRefreshTokens(page, cookie!.value)).toEqual([]);
      expect(await page.evaluate(() => document.cookie)).not.toContain(REFRESH_COOKIE);

      await page.reload();
      await screenReady(page);
      expect(onLoginPage(page)).toBe(false);
      const rotated = await cookieOf();
      expect(await storedRefreshTokens(page, rotated!.value)).toEqual([]);
      // A script cannot replay it from the page without the panel's header: refused.
      const forged = await page.evaluate(async () => {
        const res = await fetch('/auth', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ grant_type: 'refresh' }),
        });
        return (await res.json()) as { code: string };
      });
      expect(forged.code).toBe('CSRF_REJECTED');

      await page.getByTestId('user-menu').click();
      await page.getByTestId('sign-out').click();
      await page.waitForURL(/\/panel\/login/);
      await expect.poll(cookieOf, { timeout: 5000 }).toBeUndefined();
      // The session is over on the server too: its last token is refused.
      const res = await fetch(`${journey.baseUrl}/auth`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ grant_type: 'refresh', refresh_token: rotated!.value }),
      });
      expect(res.status).toBe(401);
      await page.reload();
      await page.waitForURL(/\/panel\/login/);
    });
  }
});

const END_SESSIONS_TEXTS = {
  ar: {
    text: 'ويبقى حسابه مفتوحًا',
    confirm: 'سجّل خروجه',
    done: (email: string) => `سُجّل خروج ${email} من كل أجهزته`,
  },
  en: {
    text: 'Their account stays open',
    confirm: 'Sign them out',
    done: (email: string) => `${email} has been signed out everywhere`,
  },
} as const;

describe.each(['ar', 'en'] as const)(
  'an administrator ends a user’s sessions (%s)',
  (language: PanelLanguage) => {
    it('from the users screen: the user’s browser is at the sign-in page at its next refresh', async () => {
      const texts = END_SESSIONS_TEXTS[language];
      const editor = await journey.createUser(['editor']);
      const editorPage = await signInThroughForm(await plainBrowser(language), editor, '/panel/dashboard');
      const admin = await journey.newPage({ language, user: journey.admin });
      await openScreen(admin, journey.baseUrl, '/panel/users');
      await admin.getByTestId('table-search').fill(editor.email);
      const row = admin.locator('tr[data-row-id]', { hasText: editor.email });
      await row.waitFor();
      await expect.poll(() => admin.locator('tr[data-row-id]').count(), { timeout: 5000 }).toBe(1);
      await row.getByTestId('user-actions').click();
      await admin.locator('[data-action="end-sessions"]').click();
      const dialog = admin.getByRole('dialog');
      expect(await dialog.innerText()).toContain(texts.text);
      expect(await accessibilityProblems(admin), `the end-sessions dialog (${language})`).toEqual([]);
      await admin.screenshot({ path: `/tmp/h1-end-sessions-${language}.png` });
      await dialog.getByRole('button', { name: texts.confirm }).click();
      await expectToast(admin, texts.done(editor.email));
      await editorPage.reload();
      await editorPage.waitForURL(/\/panel\/login/);
    });
  },
);
