// The reader site audited with axe-core in Chromium: home, a fact-check, an article, a category,
// search and contact, in Arabic and English, on a 390 px phone and a 1280 px desktop, in the light
// and the dark theme. No serious or critical violation, and color-contrast must have read every
// visible heading, link-bar link and footer link: axe once skipped all Arabic text unread.
import { existsSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  BUILD_TIMEOUT_MS,
  type SiteTestServer,
  startSiteTestServer,
} from '../app/site/testing/site-test-server.ts';
import { auditPage, describeProblems } from './axe.ts';
import { CHROME_ARGS, CHROME_PATH } from './chromium.ts';

type Language = 'ar' | 'en';
type Theme = 'light' | 'dark';

interface State {
  width: number;
  theme: Theme;
}

const STATES: State[] = [
  { width: 390, theme: 'light' },
  { width: 390, theme: 'dark' },
  { width: 1280, theme: 'light' },
  { width: 1280, theme: 'dark' },
];

/** Text whose contrast axe must have examined on every page, wherever it is shown. */
const MUST_CHECK_CONTRAST = 'main h1, main h2, main h3, .link-bar a, .site-footer a';

let site: SiteTestServer;
let baseUrl: string;
let browser: Browser;
/** One browser tab per width and theme, reused by every page of the journey. */
const tabs = new Map<State, Page>();
const contexts: BrowserContext[] = [];
const foreignRequests: string[] = [];

/** The newest published fact-check or article in a language. */
async function newestSlug(type: 'factcheck' | 'article', language: Language): Promise<string> {
  const response = await site.inject({
    url: `/api/${type}?status=published&language=${language}&sort_by=-publishedAt&per_page=1&select=slug`,
  });
  const slug = (JSON.parse(response.body) as { data: { slug: string }[] }).data[0]?.slug;
  if (!slug) throw new Error(`no published ${type} in ${language}`);
  return slug;
}

beforeAll(async () => {
  if (!existsSync(CHROME_PATH)) {
    throw new Error(`Chromium not found at ${CHROME_PATH}: apt-get install -y chromium, or set CHROME_PATH.`);
  }
  site = await startSiteTestServer();
  baseUrl = await site.listen();
  browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_ARGS, headless: true });
  for (const state of STATES) {
    const context = await browser.newContext({
      viewport: { width: state.width, height: state.width < 768 ? 844 : 900 },
      deviceScaleFactor: 1,
      colorScheme: state.theme,
      reducedMotion: 'reduce',
      // axe-core is injected as an inline script, which the site's CSP would refuse.
      bypassCSP: true,
    });
    // The reader's own choice (System, Light or Dark), as the theme switch stores it; the head
    // script turns it into data-theme before the first paint.
    await context.addInitScript((theme) => localStorage.setItem('theme', theme), state.theme);
    await context.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith(baseUrl) || !/^https?:/.test(url)) return route.continue();
      foreignRequests.push(url);
      return route.abort();
    });
    contexts.push(context);
    tabs.set(state, await context.newPage());
  }
}, BUILD_TIMEOUT_MS + 90_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await site?.close();
});

afterEach(() => {
  expect(foreignRequests.splice(0)).toEqual([]);
});

/**
 * Opens `path` at each width and theme and audits it. Returns the problems, each with the states it
 * was seen in, e.g. "color-contrast (serious) .link-bar > a: #ffffff on #ff9f1c: 2.05 (needs 4.5:1)
 * [390 light, 1280 light]"; empty when the page passes everywhere.
 */
async function auditEverywhere(path: string, language: Language): Promise<string[]> {
  const seen = new Map<string, string[]>();
  for (const state of STATES) {
    const page = tabs.get(state)!;
    await page.goto(`${baseUrl}${path}`);
    await page.waitForSelector('html[data-enhanced]', { state: 'attached' });
    await page.evaluate(() => document.fonts.ready);
    // The page is in the language and the theme it is audited for (else the audit proves nothing).
    expect(
      await page.evaluate(() => [
        document.documentElement.lang,
        document.documentElement.dataset.theme,
        getComputedStyle(document.documentElement).colorScheme,
      ]),
    ).toEqual([language, state.theme, state.theme]);
    const report = await auditPage(page, {
      noIconFonts: true,
      mustCheckContrast: MUST_CHECK_CONTRAST,
      maxNodes: 20,
    });
    for (const problem of describeProblems(report)) {
      seen.set(problem, [...(seen.get(problem) ?? []), `${state.width} ${state.theme}`]);
    }
  }
  return [...seen].map(([problem, states]) => `${problem} [${states.join(', ')}]`);
}

describe.each([
  { language: 'ar' as const, prefix: '', keyword: 'سوريا' },
  { language: 'en' as const, prefix: '/en', keyword: 'syria' },
])(
  'the reader site in $language passes axe at 390 and 1280 px, light and dark',
  ({ language, prefix, keyword }) => {
    it('home', async () => {
      expect(await auditEverywhere(prefix || '/', language)).toEqual([]);
    });

    it('a fact-check', async () => {
      const slug = await newestSlug('factcheck', language);
      expect(await auditEverywhere(`${prefix}/factcheck/${slug}`, language)).toEqual([]);
    });

    it('an article', async () => {
      const slug = await newestSlug('article', language);
      expect(await auditEverywhere(`${prefix}/article/${slug}`, language)).toEqual([]);
    });

    it('a rating category with its sibling links', async () => {
      expect(await auditEverywhere(`${prefix}/category/confounding`, language)).toEqual([]);
    });

    it('search results', async () => {
      expect(
        await auditEverywhere(`${prefix}/search?keyword=${encodeURIComponent(keyword)}`, language),
      ).toEqual([]);
    });

    it('contact', async () => {
      expect(await auditEverywhere(`${prefix}/contact-us`, language)).toEqual([]);
    });
  },
);
