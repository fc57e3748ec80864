// The back office's browser journeys: one seeded server (production build, private PGlite copy)
// and one Chromium per journey file; any request leaving the test server fails the journey.
// Helpers sign in (through the form or by storing real tokens), audit a screen with axe-core in
// both languages and both themes, and write right-to-left and left-to-right screenshots to
// test-results/screenshots/panel-*.png.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import {
  BUILD_TIMEOUT_MS,
  type CreateUserOptions,
  REPO_ROOT,
  type SiteTestServer,
  startSiteTestServer,
  type TestUser,
} from '../../app/site/testing/site-test-server.ts';
import { type AxeOptions, auditPage, describeProblems } from '../axe.ts';
import { CHROME_ARGS, CHROME_PATH } from '../chromium.ts';

export type { AxeViolation } from '../axe.ts';
export type { TestUser };
export type PanelLanguage = 'ar' | 'en';
export type Theme = 'light' | 'dark';

/** Where screenshots go: test-results/screenshots, or E2E_SCREENSHOTS_DIR when set (to look at one run's). */
export const SCREENSHOTS = process.env.E2E_SCREENSHOTS_DIR || join(REPO_ROOT, 'test-results', 'screenshots');
export const DESKTOP = { width: 1280, height: 860 };
export const PHONE = { width: 360, height: 800 };

export interface PageOptions {
  language?: PanelLanguage;
  theme?: Theme;
  viewport?: { width: number; height: number };
  /** Tokens of this user are stored before the first page loads (no login form). */
  user?: TestUser;
  rememberMe?: boolean;
}

export interface PanelJourney {
  readonly baseUrl: string;
  readonly server: SiteTestServer;
  readonly browser: Browser;
  /** The super-admin every journey may use. */
  readonly admin: TestUser;
  createUser(roles: string[], opts?: CreateUserOptions): Promise<TestUser>;
  /** A new browser context and page; closed after each test. */
  newPage(opts?: PageOptions): Promise<Page>;
  /** Real tokens for a user, from POST /auth. */
  tokensOf(user: TestUser): Promise<{ access_token: string; refresh_token: string }>;
  /** Calls the API as a user (bearer), from the test process: for set-up and for server checks. */
  // biome-ignore lint/suspicious/noExplicitAny: journeys read answers of many shapes; the default keeps them short.
  api<T = any>(
    user: TestUser,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: T }>;
  /** Fails on foreign requests seen so far. */
  foreignRequests: string[];
}

/**
 * Registers the hooks of a journey file and returns its handle (valid inside tests). `env` configures
 * the server under test (the monitoring journey allows its local feed server through it).
 */
export function setUpPanelJourney(opts: { env?: Record<string, string> } = {}): PanelJourney {
  const contexts: BrowserContext[] = [];
  const state = {} as {
    server: SiteTestServer;
    baseUrl: string;
    browser: Browser;
    admin: TestUser;
  };
  const foreignRequests: string[] = [];
  const tokenCache = new Map<string, { access_token: string; refresh_token: string }>();

  const journey: PanelJourney = {
    get baseUrl() {
      return state.baseUrl;
    },
    get server() {
      return state.server;
    },
    get browser() {
      return state.browser;
    },
    get admin() {
      return state.admin;
    },
    foreignRequests,
    createUser: (roles, opts) => state.server.createUser(roles, opts),
    async tokensOf(user) {
      const response = await fetch(`${state.baseUrl}/auth`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          grant_type: 'password',
          email: user.email,
          password: user.password,
          rememberMe: true,
        }),
      });
      if (!response.ok)
        throw new Error(`sign-in of ${user.email}: ${response.status} ${await response.text()}`);
      const tokens = (await response.json()) as { access_token: string; refresh_token: string };
      tokenCache.set(user.email, tokens);
      return tokens;
    },
    async api(user, method, path, body) {
      const tokens = tokenCache.get(user.email) ?? (await journey.tokensOf(user));
      const response = await fetch(`${state.baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${tokens.access_token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // text answer
      }
      return { status: response.status, body: parsed as never };
    },
    async newPage(opts = {}) {
      const language = opts.language ?? 'ar';
      const context = await state.browser.newContext({
        viewport: opts.viewport ?? DESKTOP,
        deviceScaleFactor: 1,
        locale: language === 'ar' ? 'ar-SY' : 'en-GB',
        colorScheme: opts.theme ?? 'light',
        reducedMotion: 'reduce',
        // axe-core is injected as an inline script, which the panel's CSP would refuse.
        bypassCSP: true,
      });
      contexts.push(context);
      await context.route('**/*', (route) => {
        const url = route.request().url();
        // The server under test, inline data, and Chromium's own pages (its PDF viewer) only.
        if (url.startsWith(state.baseUrl) || !/^https?:/.test(url)) return route.continue();
        foreignRequests.push(url);
        return route.abort();
      });
      const tokens = opts.user ? await journey.tokensOf(opts.user) : undefined;
      await context.addInitScript(
        ({ language, theme, tokens, remember }) => {
          // Only on the first load of this context: later loads keep what the app stored.
          if (sessionStorage.getItem('__journey_init')) return;
          sessionStorage.setItem('__journey_init', '1');
          localStorage.setItem('panelLanguage', language);
          localStorage.setItem('theme', theme);
          if (tokens) {
            const store = remember ? localStorage : sessionStorage;
            store.setItem('token', tokens.access_token);
            store.setItem('refresh_token', tokens.refresh_token);
          }
        },
        { language, theme: opts.theme ?? 'light', tokens, remember: opts.rememberMe ?? true },
      );
      const page = await context.newPage();
      page.on('pageerror', (error) => console.error(`[page error] ${error.message}`));
      return page;
    },
  };

  beforeAll(async () => {
    state.server = await startSiteTestServer(opts.env ? { env: opts.env } : {});
    state.baseUrl = await state.server.listen();
    state.browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_ARGS, headless: true });
    state.admin = await state.server.createUser(['super-admin'], { name: 'Rania Admin' });
  }, BUILD_TIMEOUT_MS + 90_000);

  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close().catch(() => {});
    expect(foreignRequests.splice(0)).toEqual([]);
  });

  afterAll(async () => {
    await state.browser?.close();
    await state.server?.close();
  });

  return journey;
}

/** Goes to a panel address and waits until its screen has drawn its heading and settled. */
export async function openScreen(page: Page, baseUrl: string, path: string): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  await screenReady(page);
}

/** The screen's h1 is there, no request is in flight and no loader spins. */
export async function screenReady(page: Page): Promise<void> {
  try {
    await page.waitForSelector('main h1', { timeout: 20_000 });
  } catch (error) {
    // Say what the browser shows instead, so a failure reads as more than a time-out.
    const shown = await page.evaluate(() => document.body?.innerText.slice(0, 400)).catch(() => '');
    throw new Error(`no screen heading at ${page.url()}; the page shows: ${shown}`, { cause: error });
  }
  await screenSettled(page);
}

/** No request is in flight, no loader spins and no form field waits for its widget's code. */
export async function screenSettled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(
    () => !document.querySelector('.mantine-Loader-root, [data-loading="true"]'),
    null,
    {
      timeout: 20_000,
    },
  );
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: join(SCREENSHOTS, `panel-${name}.png`), fullPage: true });
}

/**
 * Text whose contrast axe must have read on every panel screen: headings, form labels, links (the
 * side menu's and the top bar's included), buttons, table headers and cells, tabs, menu items and
 * options. `auditPage` leaves out what axe rightly does not read: text not drawn (scrolled out of a
 * box, off the page, visually hidden) and an inactive control's text (WCAG 1.4.3 asks nothing of
 * it). Text axe examined but could not decide (on an image or a gradient, half scrolled out of a
 * table, a lone glyph, a chart's SVG labels) counts as read: it comes back "incomplete", not as a
 * violation, and is judged by eye from the screenshots.
 */
const PANEL_MUST_CHECK_CONTRAST = [
  'h1',
  'h2',
  'h3',
  'h4',
  'label',
  'a',
  'button',
  'th',
  'td',
  '[role="tab"]',
  '[role="menuitem"]',
  '[role="option"]',
].join(', ');

/**
 * The panel's axe options: it draws its icons as SVG, so no font is an icon font (axe would take
 * Arabic words for icon ligatures and skip all Arabic text), and color-contrast must have read the
 * text that matters.
 */
const PANEL_AXE_OPTIONS: AxeOptions = {
  noIconFonts: true,
  mustCheckContrast: PANEL_MUST_CHECK_CONTRAST,
  maxNodes: 20,
};

/** axe-core on the page as it is, with the panel's options: one line per problem, empty when accessible. */
export async function accessibilityProblems(page: Page): Promise<string[]> {
  return describeProblems(await auditPage(page, PANEL_AXE_OPTIONS));
}

/**
 * Opens a screen as `user` in Arabic and English, light and dark: axe-core must report no serious
 * or critical violation in any of the four, and no unread text; writes panel-<name>-rtl.png,
 * -ltr.png (light) and -rtl-dark.png, -ltr-dark.png. A failure lists every problem with the states
 * it was seen in, e.g. "color-contrast (serious) .x: #868e96 on #ffffff: 3.32 (needs 4.5:1) [ar
 * light, en light]".
 */
export async function auditScreen(
  journey: PanelJourney,
  path: string,
  name: string,
  opts: { user?: TestUser; signedOut?: boolean; prepare?: (page: Page) => Promise<void> } = {},
): Promise<void> {
  const seen = new Map<string, string[]>();
  for (const language of ['ar', 'en'] as const) {
    for (const theme of ['light', 'dark'] as const) {
      const user = opts.signedOut ? undefined : (opts.user ?? journey.admin);
      const page = await journey.newPage({ language, theme, ...(user ? { user } : {}) });
      await openScreen(page, journey.baseUrl, path);
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === 'ar' ? 'rtl' : 'ltr');
      if (opts.prepare) {
        await opts.prepare(page);
        // A dialog opened by `prepare` may still be loading its fields' widgets: axe would read a
        // placeholder, and React would swap in the field while axe reads.
        await screenSettled(page);
      }
      // The screen is in the theme it is audited for (else the audit proves nothing).
      expect(await page.evaluate(() => document.documentElement.dataset.mantineColorScheme)).toBe(theme);
      for (const problem of await accessibilityProblems(page)) {
        seen.set(problem, [...(seen.get(problem) ?? []), `${language} ${theme}`]);
      }
      await screenshot(
        page,
        `${name}-${language === 'ar' ? 'rtl' : 'ltr'}${theme === 'dark' ? '-dark' : ''}`,
      );
      await page.context().close();
    }
  }
  const problems = [...seen].map(([problem, states]) => `${problem} [${states.join(', ')}]`);
  expect(problems, `${name}: axe-core in Arabic and English, light and dark`).toEqual([]);
}

/** Signs in through the login form. */
export async function signInWithForm(
  page: Page,
  user: TestUser,
  opts: { rememberMe?: boolean } = {},
): Promise<void> {
  await page.getByLabel(/Email|البريد الإلكتروني/).fill(user.email);
  await page.locator('input[type="password"]').first().fill(user.password);
  if (opts.rememberMe === false) await page.getByLabel(/Remember me|تذكّرني/).uncheck();
  await page.locator('form button[type="submit"]').click();
}

/**
 * Waits for a toast that says `text` and returns its whole text. The newest toast is not always
 * the last one drawn, and an earlier step's toast may still be up: a toast is found by its words,
 * never by its place. Once read it is closed, so a later step waiting for the same words sees its
 * own toast, not this one.
 */
export async function expectToast(page: Page, text: string | RegExp): Promise<string> {
  const toast = page.locator('.mantine-Notification-root').filter({ hasText: text }).first();
  await toast.waitFor();
  const shown = (await toast.innerText()).trim();
  // Playwright matches a string in any case; the toast must say it as written.
  if (typeof text === 'string') expect(shown).toContain(text);
  // Closed by an event, not a click, so the focus stays where the journey left it. It may close
  // itself first (3 s for a success): then there is nothing left to close.
  await toast
    .locator('.mantine-Notification-closeButton')
    .dispatchEvent('click', undefined, { timeout: 2000 })
    .catch(() => undefined);
  await toast.waitFor({ state: 'detached' });
  return shown;
}
