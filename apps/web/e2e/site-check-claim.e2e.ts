// "Is this true?" (issue 36 §1) in Chromium, in Arabic and in English: a reader types a claim we
// have checked and sees the fact-check before sending anything; a reader sends a new claim with a
// screenshot and the newsroom finds it in the feed, with source "reader"; without JavaScript the
// same form posts to the page, which answers with the matches. axe finds nothing serious.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BUILD_TIMEOUT_MS,
  REPO_ROOT,
  type SiteTestServer,
  startSiteTestServer,
} from '../app/site/testing/site-test-server.ts';
import { auditPage, describeProblems } from './axe.ts';
import { CHROME_ARGS, CHROME_PATH } from './chromium.ts';

const SCREENSHOTS = join(REPO_ROOT, 'test-results', 'screenshots');

let site: SiteTestServer;
let baseUrl: string;
let browser: Browser;
let staffToken: string;
let checked: { title: string; slug: string; claimSummary: string };
const screenshot = join(REPO_ROOT, 'test-results', 'tip-screenshot.png');

async function staffApi(url: string): Promise<{ data: Record<string, unknown>[]; total: number }> {
  const res = await site.inject({ url, headers: { authorization: `Bearer ${staffToken}` } });
  return JSON.parse(res.body);
}

beforeAll(async () => {
  site = await startSiteTestServer();
  baseUrl = await site.listen();
  browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_ARGS, headless: true });
  const user = await site.createUser(['editor']);
  const signIn = await site.inject({
    url: '/auth',
    method: 'POST',
    payload: JSON.stringify({ grant_type: 'password', email: user.email, password: user.password }),
    headers: { 'content-type': 'application/json' },
  });
  staffToken = (JSON.parse(signIn.body) as { access_token: string }).access_token;
  // A published Arabic demo fact-check with a claim summary: what a reader would paste.
  const { data } = await staffApi(
    '/api/factcheck?status=published&language=ar&per_page=50&select=title,slug,claimSummary',
  );
  const found = data.find(
    (d) => typeof d.claimSummary === 'string' && (d.claimSummary as string).length > 20,
  );
  checked = found as typeof checked;
  mkdirSync(join(REPO_ROOT, 'test-results'), { recursive: true });
  await sharp({ create: { width: 320, height: 200, channels: 3, background: '#4466aa' } })
    .png()
    .withExif({ IFD0: { Artist: 'reader-phone' } })
    .toFile(screenshot);
}, BUILD_TIMEOUT_MS + 90_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

async function newPage(
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    // axe is injected as a script; the site's CSP (ADR 044) would refuse it.
    bypassCSP: true,
    ...options,
  });
  await context.route('**/*', (route) =>
    route.request().url().startsWith(baseUrl) || route.request().url().startsWith('data:')
      ? route.continue()
      : route.abort(),
  );
  return { context, page: await context.newPage() };
}

const PATHS = { ar: '/check-a-claim', en: '/en/check-a-claim' } as const;

describe.each(['ar', 'en'] as const)('check a claim (%s)', (language) => {
  it('shows the fact-check we published as the reader types its claim', async () => {
    const { context, page } = await newPage();
    try {
      await page.goto(`${baseUrl}${PATHS[language]}`);
      await page.waitForSelector('html[data-enhanced]', { state: 'attached' });
      expect(await page.getAttribute('html', 'dir')).toBe(language === 'ar' ? 'rtl' : 'ltr');
      await page.locator('#tip-claim').pressSequentially(checked.claimSummary, { delay: 5 });
      const match = page.locator('[data-testid="tip-match"] a', { hasText: checked.title });
      await match.first().waitFor({ timeout: 10_000 });
      expect(await match.first().getAttribute('href')).toBe(`/factcheck/${encodeURIComponent(checked.slug)}`);
      mkdirSync(SCREENSHOTS, { recursive: true });
      await page.screenshot({
        path: join(SCREENSHOTS, `check-a-claim-matches-${language}.png`),
        fullPage: true,
      });
      const report = await auditPage(page, { noIconFonts: true });
      expect(describeProblems(report)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('sends a new claim with a screenshot, which the newsroom finds in the feed', async () => {
    const { context, page } = await newPage();
    const claim =
      language === 'ar'
        ? `منشور يقول إن امتحانات الشهادة الثانوية أُلغيت هذا العام في حلب ${Date.now()}`
        : `A post says the secondary school exams were cancelled this year in Aleppo ${Date.now()}`;
    try {
      await page.goto(`${baseUrl}${PATHS[language]}`);
      await page.waitForSelector('html[data-enhanced]', { state: 'attached' });
      await page.locator('#tip-claim').fill(claim);
      await page.locator('#tip-link').fill('https://example.org/post/1');
      await page.locator('#tip-images').setInputFiles(screenshot);
      await page.locator('#tip-email').fill(`${language}-reader@example.org`);
      await page.locator('#tip-consent').check();
      await page.locator('.tip-form button[type="submit"]').click();
      await page.locator('[data-testid="tip-sent"]').waitFor();
      await page.screenshot({
        path: join(SCREENSHOTS, `check-a-claim-sent-${language}.png`),
        fullPage: true,
      });
      expect(describeProblems(await auditPage(page, { noIconFonts: true }))).toEqual([]);
    } finally {
      await context.close();
    }
    const { data } = await staffApi('/api/feed?source=reader&sort_by=-createdAt&per_page=10');
    const item = data.find((d) => d.description === claim);
    expect(item, 'the submission in the feed').toBeDefined();
    expect(item).toMatchObject({
      source: 'reader',
      askedCount: 1,
      status: 'new',
      link: 'https://example.org/post/1',
    });
    expect((item!.featuredImage as { path: string }[])[0]?.path).toMatch(/reader-tips\//);
  });

  it('works without JavaScript: the form posts to the page, which answers with the matches', async () => {
    const { context, page } = await newPage({ javaScriptEnabled: false });
    try {
      await page.goto(`${baseUrl}${PATHS[language]}`);
      await page.locator('#tip-claim').fill(`${checked.claimSummary} — ${language} ${Date.now()}`);
      await page.locator('.tip-form button[type="submit"]').click();
      await page.locator('[data-testid="tip-sent"]').waitFor();
      const match = page.locator('[data-testid="tip-match"] a', { hasText: checked.title });
      expect(await match.count()).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });
});
