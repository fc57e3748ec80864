// Reader journeys in Chromium against the real server (production build, seeded PGlite, an
// ephemeral port). No test needs the internet: the comments widget and embeds stay off (no consent,
// and never under automation), and any request leaving the test server fails the test.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  BUILD_TIMEOUT_MS,
  REPO_ROOT,
  type SiteTestServer,
  startSiteTestServer,
} from '../app/site/testing/site-test-server.ts';
import { CHROME_ARGS, CHROME_PATH } from './chromium.ts';

const SCREENSHOTS = join(REPO_ROOT, 'test-results', 'screenshots');

let site: SiteTestServer;
let baseUrl: string;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let foreignRequests: string[];

async function newContext(options: Parameters<Browser['newContext']>[0] = {}): Promise<BrowserContext> {
  const created = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  await created.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(baseUrl) || url.startsWith('data:')) return route.continue();
    foreignRequests.push(url);
    return route.abort();
  });
  return created;
}

beforeAll(async () => {
  if (!existsSync(CHROME_PATH)) {
    throw new Error(`Chromium not found at ${CHROME_PATH}: apt-get install -y chromium, or set CHROME_PATH.`);
  }
  site = await startSiteTestServer();
  baseUrl = await site.listen();
  browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_ARGS, headless: true });
}, BUILD_TIMEOUT_MS + 90_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

beforeEach(async () => {
  foreignRequests = [];
  context = await newContext();
  page = await context.newPage();
});

afterEach(async () => {
  await context?.close();
  expect(foreignRequests).toEqual([]);
});

/** Waits until the site script has wired the page (site/enhance marks <html>; pages are not hydrated, ADR 056). */
async function enhanced(): Promise<void> {
  await page.waitForSelector('html[data-enhanced]', { state: 'attached' });
}

/** Where each part of the first date under `selector` is drawn (the middle of each part's box). */
async function datePartsAt(selector: string) {
  return page
    .locator(selector)
    .first()
    .evaluate((time) => {
      const text = time.firstChild as Text;
      const value = text.data;
      const xOf = (start: number, end: number) => {
        const range = document.createRange();
        range.setStart(text, start);
        range.setEnd(text, end);
        const box = range.getBoundingClientRect();
        return box.x + box.width / 2;
      };
      const timeAt = value.search(/\d{1,2}:\d{2}/);
      return {
        value,
        year: xOf(0, 4),
        dayOfMonth: xOf(8, 10),
        day: xOf(0, 10),
        time: xOf(timeAt, value.indexOf(' ', timeAt)),
        period: xOf(value.lastIndexOf(' ') + 1, value.length),
      };
    });
}

async function screenshots(path: string, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  for (const [suffix, viewport] of [
    ['desktop', { width: 1280, height: 900 }],
    ['mobile', { width: 390, height: 844 }],
  ] as const) {
    const shot = await newContext({ viewport, deviceScaleFactor: 1 });
    await shot.addInitScript(() => localStorage.setItem('cookie_consent', 'granted'));
    const p = await shot.newPage();
    await p.goto(`${baseUrl}${path}`);
    await p.evaluate(() => document.fonts.ready);
    await p.screenshot({ path: join(SCREENSHOTS, `site-${name}-${suffix}.png`), fullPage: true });
    await shot.close();
  }
}

describe('the public site in Chromium', () => {
  it('home in Arabic renders its four rating sections right to left', async () => {
    await page.goto(`${baseUrl}/`);
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
      'ar',
      'rtl',
    ]);
    const sections = page.locator('[data-section]');
    expect(await sections.evaluateAll((els) => els.map((el) => el.getAttribute('data-section')))).toEqual([
      'fraud',
      'confounding',
      'futility',
      'confirmed',
    ]);
    // Right to left: each section's heading sits at the right of its link bar, its large card at the right.
    for (const id of ['fraud', 'confirmed']) {
      const section = page.locator(`[data-section="${id}"]`);
      const title = await section.locator('.section-title').boundingBox();
      const bar = await section.locator('.link-bar').boundingBox();
      const large = await section.locator('.post-card-large').boundingBox();
      const titles = await section.locator('.section-titles').boundingBox();
      expect(title!.x).toBeGreaterThan(bar!.x);
      expect(large!.x).toBeGreaterThan(titles!.x);
    }
    await screenshots('/', 'home-ar');
    await screenshots('/en', 'home-en');
  });

  it("a date reads day, time, then AM/PM in the reader's direction (Arabic: from the right)", async () => {
    // Where each part of the first date is drawn (the middle of each part's box).
    const partsAt = async (path: string, selector = '.post-card-meta time') => {
      await page.goto(`${baseUrl}${path}`);
      return datePartsAt(selector);
    };
    const ar = await partsAt('/');
    expect(ar.value).toMatch(/^\d{4}-\d{2}-\d{2}، \d{1,2}:\d{2} [صم]$/);
    // The day itself is a number read left to right (2026-11-03, not 03-11-2026) in both.
    expect(ar.year).toBeLessThan(ar.dayOfMonth);
    expect(ar.day).toBeGreaterThan(ar.time);
    expect(ar.time).toBeGreaterThan(ar.period);
    // On a fact-check page the date follows Arabic words ("نُشر:") in the same line.
    const href = await page.locator('.post-card-title a').first().getAttribute('href');
    const published = await partsAt(href!, '.post-meta time');
    expect(published.year).toBeLessThan(published.dayOfMonth);
    expect(published.day).toBeGreaterThan(published.time);
    expect(published.time).toBeGreaterThan(published.period);
    const en = await partsAt('/en');
    expect(en.value).toMatch(/^\d{4}-\d{2}-\d{2}, \d{1,2}:\d{2} [AP]M$/);
    expect(en.year).toBeLessThan(en.dayOfMonth);
    expect(en.day).toBeLessThan(en.time);
    expect(en.time).toBeLessThan(en.period);
  });

  it('a correction notice reads its date day, time, then AM/PM from the right in Arabic', async () => {
    const admin = await site.createUser(['admin']);
    const signIn = await site.inject({
      url: '/auth',
      method: 'POST',
      payload: JSON.stringify({ grant_type: 'password', email: admin.email, password: admin.password }),
      headers: { 'content-type': 'application/json' },
    });
    const token = (JSON.parse(signIn.body) as { access_token: string }).access_token;
    const item = '0e0000000000000000000001';
    const made = await site.inject({
      url: '/api/correction',
      method: 'POST',
      payload: JSON.stringify({ item, itemType: 'factcheck', type: 'correction', note: 'صُحّح اسم المدينة.' }),
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    });
    expect(made.statusCode, made.body).toBe(200);
    // On the item's page and on /corrections, at a phone's width and a desktop's.
    for (const [path, width] of [
      [`/factcheck/${item}`, 1280],
      [`/factcheck/${item}`, 360],
      ['/corrections', 1280],
      ['/corrections', 360],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${baseUrl}${path}`);
      const parts = await datePartsAt('.correction-head time');
      mkdirSync(SCREENSHOTS, { recursive: true });
      await page.screenshot({ path: join(SCREENSHOTS, `site-correction-${path.length}-${width}.png`) });
      expect(parts.value, path).toMatch(/^\d{4}-\d{2}-\d{2}، \d{1,2}:\d{2} [صم]$/);
      expect(parts.year, `${path} ${width}`).toBeLessThan(parts.dayOfMonth);
      expect(parts.day, `${path} ${width}`).toBeGreaterThan(parts.time);
      expect(parts.time, `${path} ${width}`).toBeGreaterThan(parts.period);
    }
  });

  it('no page scrolls sideways on a 360 px phone, in Arabic or English', async () => {
    const phone = await newContext({ viewport: { width: 360, height: 760 } });
    const p = await phone.newPage();
    await p.goto(`${baseUrl}/`);
    const factcheck = await p.locator('.post-card-title a').first().getAttribute('href');
    const wider: string[] = [];
    const notFound: string[] = [];
    for (const path of [
      '/',
      factcheck!,
      `/search?keyword=${encodeURIComponent('سوريا')}`,
      '/search',
      '/en',
      '/en/search?keyword=syria',
      '/sources',
      '/contact-us',
      '/en/contact-us',
    ]) {
      const response = await p.goto(`${baseUrl}${path}`);
      // Each page is the page named, not the not-found page (whose width would prove nothing).
      if (response?.status() !== 200) notFound.push(`${path}: ${response?.status()}`);
      const width = await p.evaluate(() => document.documentElement.scrollWidth);
      if (width > 360) wider.push(`${path}: ${width}px`);
    }
    expect(notFound).toEqual([]);
    expect(wider).toEqual([]);
    await phone.close();
  });

  it('opens a fact-check from a card', async () => {
    await page.goto(`${baseUrl}/`);
    await enhanced();
    const card = page.locator('[data-section="fraud"] .post-card-large .post-card-title a');
    const title = (await card.textContent())!.trim();
    const href = await card.getAttribute('href');
    // A plain link: the fact-check is a document of its own (public pages are not hydrated, ADR 056).
    await card.click();
    await page.waitForURL(`${baseUrl}${href}`);
    expect((await page.locator('h1.post-title').textContent())!.trim()).toBe(title);
    expect(await page.title()).toBe(`${title} - تبيَّن`);
    await expect.poll(() => page.locator('[data-testid="evaluation"]').isVisible()).toBe(true);
  });

  it('search with a different alef form finds the fact-check', async () => {
    await page.goto(`${baseUrl}/`);
    await enhanced();
    const box = page.locator('.header-search input[name="keyword"]');
    await box.fill('الاردن');
    await box.press('Enter');
    await page.waitForURL(/\/search\?keyword=/);
    expect(await page.title()).toBe('بحث - الاردن - تبيَّن');
    const titles = await page.locator('.post-card-title').allTextContents();
    expect(titles.some((t) => t.includes('الأردن'))).toBe(true);
  });

  it('switches to English through the translation link', async () => {
    const api = await page.request.get(
      `${baseUrl}/api/factcheck?status=published&language=en&translation_id={exists}&per_page=1&select=slug,translation_id`,
    );
    const english = ((await api.json()) as { data: { slug: string; translation_id: string }[] }).data[0]!;
    await page.goto(`${baseUrl}/factcheck/${english.translation_id}`);
    await enhanced();
    await page.locator('.header-prefs .language-switcher a[hreflang="en"]').click();
    await page.waitForURL(`${baseUrl}/en/factcheck/${english.slug}`);
    await expect
      .poll(() => page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]))
      .toEqual(['en', 'ltr']);
    expect(await page.locator('.post-meta').textContent()).toContain('Published:');
  });

  it('paginates a category and keeps another query parameter', async () => {
    await page.goto(`${baseUrl}/category/fraud?source=newsletter`);
    await enhanced();
    const first = await page.locator('.post-card-title').allTextContents();
    await page.locator('.paginator a[rel="next"]').click();
    await page.waitForURL(`${baseUrl}/category/fraud?source=newsletter&page=2`);
    await expect.poll(() => page.locator('.paginator [aria-current="page"]').textContent()).toBe('2');
    const second = await page.locator('.post-card-title').allTextContents();
    expect(second.length).toBeGreaterThan(0);
    expect(second.some((t) => first.includes(t))).toBe(false);
  });

  it('a valid draft link shows the trial banner; a forged one gives 404', async () => {
    const draftId = '0e000000000000000000003c';
    const response = await page.goto(`${baseUrl}/factcheck/${draftId}?draft=${site.signDraft(draftId)}`);
    expect(response!.status()).toBe(200);
    expect(await page.getByTestId('trial-banner').textContent()).toBe('هذا المحتوى للعرض التجريبي فقط!');
    const forged = await page.goto(`${baseUrl}/factcheck/${draftId}?draft=MTk5OTk5OTk5OTk5OS0tZm9yZ2Vk`);
    expect(forged!.status()).toBe(404);
    expect(await page.getByTestId('not-found').isVisible()).toBe(true);
  });

  it('the contact form is disabled while invalid and posts to contract', async () => {
    await page.goto(`${baseUrl}/en/contact-us`);
    await enhanced();
    const send = page.getByRole('button', { name: 'Send' });
    expect(await send.isDisabled()).toBe(true);
    await page.getByLabel('Name').fill('Hiba');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Message').fill('Please check the photo of the queue in Aleppo.');
    expect(await send.isDisabled()).toBe(true);
    await page.getByLabel('Email').fill('hiba@example.org');
    expect(await send.isDisabled()).toBe(false);
    const posted = page.waitForResponse(
      (r) => r.url().endsWith('/api/contract') && r.request().method() === 'POST',
    );
    await send.click();
    const answer = await posted;
    expect(answer.status()).toBe(200);
    expect(answer.request().postDataJSON()).toEqual({
      name: 'Hiba',
      email: 'hiba@example.org',
      subject: 'Please check the photo of the queue in Aleppo.',
    });
    await page.getByTestId('contact-sent').waitFor();
  });

  it('a reading page works with JavaScript disabled', async () => {
    const noScript = await newContext({ javaScriptEnabled: false });
    const p = await noScript.newPage();
    const reads: string[] = [];
    p.on('request', (r) => {
      if (r.url().includes('/api/count/read')) reads.push(r.url());
    });
    await p.goto(`${baseUrl}/factcheck/0e0000000000000000000001`);
    expect(await p.locator('h1.post-title').textContent()).toContain('طوابير الخبز');
    expect(await p.locator('.post-section-claim').isVisible()).toBe(true);
    // <details> menus open without JavaScript.
    await p.locator('.share-menu summary').click();
    expect(await p.locator('.share-menu a[href*="wa.me"]').isVisible()).toBe(true);
    await p.locator('.main-nav #nav-criteria summary').click();
    await p.locator('.main-nav #nav-criteria a[href="/category/fraud"]').click();
    await p.waitForURL(`${baseUrl}/category/fraud`);
    expect(await p.locator('.post-card').count()).toBe(9);
    expect(reads).toEqual([]);
    await noScript.close();
  });

  it('on a phone, the menu button shows the one navigation, search and preferences; the site script leaves it open', async () => {
    const phone = await newContext({ viewport: { width: 390, height: 844 } });
    const p = await phone.newPage();
    // The page's JavaScript is held back until the menu is open: a reader on a slow phone taps the
    // menu before the script has run, and the script must not close it.
    let releaseScripts!: () => void;
    const scriptsHeld = new Promise<void>((resolve) => {
      releaseScripts = resolve;
    });
    await phone.route('**/assets/*.js', async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    // The deferred script holds back DOMContentLoaded, not the page.
    await p.goto(`${baseUrl}/en`, { waitUntil: 'commit' });
    await p.locator('.mobile-menu summary').waitFor();
    const nav = p.getByRole('navigation', { name: 'Menu' });
    expect(await p.locator('nav[aria-label="Menu"]').count()).toBe(1);
    expect(await nav.isVisible()).toBe(false);
    expect(await p.locator('.header-search').isVisible()).toBe(false);
    await p.locator('.mobile-menu summary').click();
    expect(await nav.isVisible()).toBe(true);
    expect(await p.locator('.header-search input[name="keyword"]').isVisible()).toBe(true);
    expect(await p.locator('.header-prefs .language-switcher a[hreflang="ar"]').isVisible()).toBe(true);
    releaseScripts();
    await p.waitForSelector('html[data-enhanced]', { state: 'attached' });
    expect(await nav.isVisible()).toBe(true);
    // A navigation closes it.
    await nav.getByRole('link', { name: 'Sources' }).click();
    await p.waitForURL(`${baseUrl}/en/sources`);
    await expect.poll(() => nav.isVisible()).toBe(false);
    expect(await p.locator('.mobile-menu').getAttribute('open')).toBeNull();
    await phone.close();
  });

  it("the search and contact fields keep the site's field style beside the header's own", async () => {
    const fieldStyle = (selector: string) =>
      page.locator(selector).evaluate((field) => {
        const style = getComputedStyle(field);
        return { radius: style.borderTopLeftRadius, border: style.borderTopWidth, font: style.fontFamily };
      });
    const bodyFont = async () => page.evaluate(() => getComputedStyle(document.body).fontFamily);
    for (const [path, selector] of [
      [`/en/search?keyword=syria`, '.search-box input[name="keyword"]'],
      ['/en/contact-us', '.contact-form textarea'],
    ] as const) {
      await page.goto(`${baseUrl}${path}`);
      expect(await fieldStyle(selector), path).toEqual({
        radius: '8px',
        border: '1px',
        font: await bodyFont(),
      });
    }
  });

  it('on a wide screen the navigation is in the header bar and the menu button is hidden', async () => {
    await page.goto(`${baseUrl}/en`);
    expect(await page.getByRole('navigation', { name: 'Menu' }).isVisible()).toBe(true);
    expect(await page.locator('.header-search').isVisible()).toBe(true);
    expect(await page.locator('.mobile-menu').isVisible()).toBe(false);
  });

  it('counts a read once per browser, only for published items, and purges old entries', async () => {
    const reads: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/count/read')) reads.push(r.postData() ?? '');
    });
    await page.addInitScript(() =>
      localStorage.setItem('reads_old', String(Date.now() - 3 * 24 * 3600 * 1000)),
    );
    await page.goto(`${baseUrl}/factcheck/0e0000000000000000000001`);
    await expect.poll(() => reads.length).toBe(1);
    expect(JSON.parse(reads[0]!)).toEqual({ _id: '0e0000000000000000000001' });
    expect(await page.evaluate(() => localStorage.getItem('reads_old'))).toBeNull();
    await page.reload();
    await enhanced();
    await page.waitForTimeout(300);
    expect(reads).toHaveLength(1);
    const draftId = '0e000000000000000000003c';
    await page.goto(`${baseUrl}/factcheck/${draftId}?draft=${site.signDraft(draftId)}`);
    await enhanced();
    await page.waitForTimeout(300);
    expect(reads).toHaveLength(1);
  });

  it('a fact-check page in Arabic and English, on a 360 px phone and a desktop, with and without JavaScript', async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    const api = await page.request.get(
      `${baseUrl}/api/factcheck?status=published&language=en&translation_id={exists}&per_page=1&select=slug,translation_id`,
    );
    const english = ((await api.json()) as { data: { slug: string; translation_id: string }[] }).data[0]!;
    for (const [language, path] of [
      ['ar', `/factcheck/${english.translation_id}`],
      ['en', `/en/factcheck/${english.slug}`],
    ] as const) {
      for (const width of [360, 1280]) {
        for (const javaScript of [true, false]) {
          const shot = await newContext({ viewport: { width, height: 800 }, javaScriptEnabled: javaScript });
          const p = await shot.newPage();
          await p.goto(`${baseUrl}${path}`);
          if (javaScript) await p.waitForSelector('html[data-enhanced]', { state: 'attached' });
          await p.evaluate(() => document.fonts.ready);
          // The share menu opens (a <details>), with or without JavaScript.
          await p.locator('.share-menu summary').click();
          expect(await p.locator('.share-menu a[href*="wa.me"]').isVisible()).toBe(true);
          // The theme switch and the cookie banner need JavaScript: shown only with it.
          if (width > 767) expect(await p.locator('.theme-switch').isVisible()).toBe(javaScript);
          expect(await p.getByTestId('cookie-banner').isVisible()).toBe(javaScript);
          expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
          const name = `site-factcheck-${language}-${width}-${javaScript ? 'js' : 'nojs'}`;
          await p.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
          if (width === 360) {
            await p.locator('.share-menu summary').click();
            await p.locator('.mobile-menu summary').click();
            await p.screenshot({ path: join(SCREENSHOTS, `${name}-menu.png`) });
          }
          await shot.close();
        }
      }
    }
  });

  it('a reading page runs one small deferred script, and no React', async () => {
    const response = await page.goto(`${baseUrl}/factcheck/2611190301`);
    const html = await response!.text();
    await enhanced();
    // No hydration: no module scripts, no preloads, no loader data handed to the browser.
    expect(html).not.toMatch(/modulepreload|type="module"|__reactRouter|hydration-modules/);
    const scripts = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g)];
    expect(scripts).toHaveLength(1);
    expect(scripts[0]![0]).toMatch(/\bdefer\b/);
    const loaded = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.endsWith('.js'))
        .map((entry) => new URL(entry.name).pathname),
    );
    expect(loaded).toEqual([scripts[0]![1]]);
  });

  it('takes cookie consent before the JavaScript has loaded', async () => {
    await context.route('**/assets/*.js', (route) => route.abort());
    await page.goto(`${baseUrl}/en`);
    const banner = page.getByTestId('cookie-banner');
    await banner.getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => banner.isVisible()).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('cookie_consent'))).toBe('granted');
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-enhanced'))).toBe(false);
    await page.reload();
    expect(await banner.isVisible()).toBe(false);
  });

  it('asks for cookie consent, then records page views; the stored theme applies before paint', async () => {
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await page.goto(`${baseUrl}/en`);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await enhanced();
    const views = () =>
      page.evaluate(() => (window as { __tabayyunPageViews?: unknown[] }).__tabayyunPageViews?.length ?? 0);
    expect(await views()).toBe(0);
    await page.getByTestId('cookie-banner').getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => page.getByTestId('cookie-banner').count()).toBe(0);
    await page.locator('.main-nav a[href="/en/sources"]').click();
    await page.waitForURL(`${baseUrl}/en/sources`);
    await expect.poll(views).toBe(1);
    await page.reload();
    await enhanced();
    expect(await page.getByTestId('cookie-banner').count()).toBe(0);
  });
});
