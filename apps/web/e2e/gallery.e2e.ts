// The widget gallery in Chromium, driven like a user: the web app's production build served by a
// bare Fastify with the site plugin (no database), NODE_ENV=test so the gallery is on.
// Needs a system Chromium (CHROME_PATH or /usr/bin/chromium); without one the suite fails.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CHROME_ARGS, CHROME_PATH } from './chromium.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SCREENSHOTS = join(REPO_ROOT, 'test-results', 'screenshots');
// The server's site plugin, loaded at run time: apps/web's TypeScript project does not include
// apps/server, so a static import would pull the server's sources into the web typecheck.
const SITE_PLUGIN_URL = new URL('../../server/src/modules/site/site.plugin.ts', import.meta.url).href;
// The server's builder, for the same reason: it builds under a lock the other journeys share, so a
// build never replaces files under a journey's running server (this file once had its own copy).
const WEB_BUILD_URL = new URL('../../server/src/modules/site/web-build.ts', import.meta.url).href;
type SitePlugin = FastifyPluginAsync<{ mode: 'development' | 'production' | 'test' }>;
const BUILD_TIMEOUT_MS = 180_000;
/** The engine focuses the first invalid field 400 ms after the submit (platform §4). */
const FOCUS_WAIT_MS = 500;

async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROME_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROME_PATH}: install it (apt-get install -y chromium) or set CHROME_PATH. ` +
        'The gallery browser test cannot run without it.',
    );
  }
  try {
    return await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_ARGS, headless: true });
  } catch (error) {
    throw new Error(`Chromium at ${CHROME_PATH} did not start: ${(error as Error).message}`);
  }
}

let app: FastifyInstance;
let browser: Browser;
let baseUrl: string;
let page: Page;

beforeAll(async () => {
  const { ensureWebBuild } = (await import(WEB_BUILD_URL)) as { ensureWebBuild: () => void };
  ensureWebBuild();
  const { sitePlugin } = (await import(SITE_PLUGIN_URL)) as { sitePlugin: SitePlugin };
  app = Fastify({ logger: false });
  await app.register(sitePlugin, { mode: 'test' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('The test server has no port');
  baseUrl = `http://127.0.0.1:${address.port}`;
  browser = await launchChromium();
}, BUILD_TIMEOUT_MS + 30_000);

beforeEach(async () => {
  // A fresh page per journey. Smooth scrolling stalls half-way in headless Chromium under load, so
  // the page asks for reduced motion: the engine then scrolls at once, which is what we check.
  page = await browser.newPage({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
});

afterEach(async () => {
  await page?.close();
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

/** Opens the gallery and waits for the client render (the server sends only the fallback). */
async function openGallery(dir: 'rtl' | 'ltr' = 'rtl'): Promise<void> {
  await page.goto(`${baseUrl}/dev/gallery${dir === 'ltr' ? '?dir=ltr' : ''}`);
  await page.locator(`[data-gallery="${dir}"] form`).waitFor();
  await formDrawn();
  // Popovers and accordions animate: screenshots and positions must not catch them half-way.
  await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; animation: none !important; }',
  });
}

/**
 * Waits until every section is drawn (those far below the window are drawn when the browser is
 * idle, ADR 024) and every widget has loaded (a skeleton stands in until then).
 */
async function formDrawn(): Promise<void> {
  await page.waitForFunction(
    () =>
      !document.querySelector('[data-section-pending]') && !document.querySelector('[data-loading="true"]'),
  );
}

async function values(): Promise<Record<string, unknown>> {
  return JSON.parse((await page.getByTestId('values-json').textContent()) ?? '{}');
}

const field = (name: string) => page.locator(`[data-field-name="${name}"]`);

describe('the widget gallery in Chromium', () => {
  it('shows every field type right to left in Arabic and left to right in English', async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    await openGallery('rtl');
    expect(await page.evaluate(() => [document.documentElement.dir, document.documentElement.lang])).toEqual([
      'rtl',
      'ar',
    ]);
    expect(await page.locator('[data-field-name]').count()).toBeGreaterThanOrEqual(27);
    await page.screenshot({ path: join(SCREENSHOTS, 'gallery-rtl.png'), fullPage: true });

    await page.getByTestId('direction-toggle').click();
    await page.locator('[data-gallery="ltr"] form').waitFor();
    expect(await page.evaluate(() => [document.documentElement.dir, document.documentElement.lang])).toEqual([
      'ltr',
      'en',
    ]);
    await page.getByRole('button', { name: 'Save' }).waitFor();
    await formDrawn();
    await page.screenshot({ path: join(SCREENSHOTS, 'gallery-ltr.png'), fullPage: true });
    expect(existsSync(join(SCREENSHOTS, 'gallery-rtl.png'))).toBe(true);
  });

  it('choices: arrow keys move and select (mirrored in RTL), Home and End, Space toggles', async () => {
    await openGallery('rtl');
    const cards = field('topics').getByRole('option');
    await cards.first().focus();
    const focusedText = () => page.evaluate(() => document.activeElement?.textContent ?? '');
    // Right to left, ArrowLeft goes forward.
    await page.keyboard.press('ArrowLeft');
    await page.waitForTimeout(150);
    expect(await focusedText()).toContain('سياسة');
    expect((await values()).topics).toEqual(['politics']);
    await page.keyboard.press('End');
    await page.waitForTimeout(150);
    expect(await focusedText()).toContain('علوم');
    await page.keyboard.press('Home');
    await page.waitForTimeout(150);
    expect(await focusedText()).toContain('صحة');
    expect((await values()).topics).toEqual(['politics', 'science', 'health']);
    await page.keyboard.press('Space');
    expect((await values()).topics).toEqual(['politics', 'science']);
    expect(await cards.first().getAttribute('aria-selected')).toBe('false');
    await page.keyboard.press('Space');
    expect((await values()).topics).toEqual(['politics', 'science', 'health']);
  });

  it('date range: the first day is the start, the second the end; an end before the start restarts', async () => {
    await openGallery('ltr');
    const input = field('period').getByRole('textbox');
    expect(await input.inputValue()).toBe('2025-03-10 – 2025-03-12');
    const openCalendar = () => field('period').getByRole('button', { name: 'Open calendar' }).click();
    const day = (label: string) =>
      page.locator('.mantine-Popover-dropdown:visible').getByRole('button', { name: label, exact: true });

    await openCalendar();
    await day('5 March 2025').click();
    expect((await values()).period).toEqual({ start: '2025-03-05', end: null });
    await day('20 March 2025').click();
    expect((await values()).period).toEqual({ start: '2025-03-05', end: '2025-03-20' });
    expect(await input.inputValue()).toBe('2025-03-05 – 2025-03-20');
    // The calendar closes once the end is set.
    await expect
      .poll(() =>
        field('period').getByRole('button', { name: 'Open calendar' }).getAttribute('aria-expanded'),
      )
      .toBe('false');

    await openCalendar();
    await day('15 March 2025').click();
    expect((await values()).period).toEqual({ start: '2025-03-15', end: null });
    await day('8 March 2025').click();
    expect((await values()).period).toEqual({ start: '2025-03-08', end: null });
    await day('9 March 2025').click();
    expect((await values()).period).toEqual({ start: '2025-03-08', end: '2025-03-09' });
  });

  it('phone: a Syrian number typed locally is parsed to E.164', async () => {
    await openGallery('rtl');
    const number = field('mobile').getByPlaceholder('(xxx) xxx xx xx');
    await number.fill('');
    await number.pressSequentially('0944 123 456');
    const mobile = (await values()).mobile as Record<string, unknown>;
    expect(mobile).toMatchObject({ formatted: '+963944123456', isValid: true, countryCode: 'SY' });
  });

  it('chips: comma and Enter turn the typed text into chips', async () => {
    await openGallery('rtl');
    const input = field('keywords').getByRole('textbox');
    await input.click();
    await input.pressSequentially('صحة,');
    await input.pressSequentially('لقاحات');
    await page.keyboard.press('Enter');
    expect((await values()).keywords).toEqual(['صحة', 'لقاحات']);
    expect(await input.inputValue()).toBe('');
    expect(await field('keywords').getByText('لقاحات', { exact: true }).isVisible()).toBe(true);
  });

  it('an invalid submit scrolls to the first invalid field and focuses it; a valid one submits, then pristine', async () => {
    await openGallery('rtl');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const submit = page.getByRole('button', { name: 'حفظ' });
    // Enter in the first field submits the form from the top of the page (implicit submission).
    await field('title').getByRole('textbox').click();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.keyboard.press('Enter');
    await page.waitForTimeout(FOCUS_WAIT_MS + 100);
    const focused = () =>
      page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null;
        const rect = element?.getBoundingClientRect();
        return {
          field: element?.closest<HTMLElement>('[data-field-name]')?.dataset.fieldName,
          tag: element?.tagName,
          isInViewport: Boolean(
            rect && rect.top >= 0 && rect.bottom <= window.innerHeight && rect.height > 0,
          ),
          scrollY: window.scrollY,
        };
      });
    // ~500 ms is enough on an idle machine; a loaded one runs timers late, so allow for that.
    await expect.poll(async () => (await focused()).field, { timeout: 5000 }).toBe('reviewer');
    expect(await focused()).toMatchObject({ field: 'reviewer', tag: 'INPUT' });
    await expect.poll(async () => (await focused()).isInViewport, { timeout: 5000 }).toBe(true);
    expect((await focused()).scrollY).toBeGreaterThan(1000);
    expect(await page.getByTestId('submit-result').textContent()).toContain('FORM_IS_INVALID');

    await page.keyboard.type('هبة');
    await field('terms').getByRole('checkbox').check();
    await submit.click();
    await expect
      .poll(async () => page.getByTestId('submit-result').textContent())
      .toContain('"reviewer": "هبة"');
    expect(await page.getByTestId('submit-result').textContent()).not.toContain('FORM_IS_');
    await submit.click();
    await expect
      .poll(async () => page.getByTestId('submit-result').textContent())
      .toContain('FORM_IS_PRISTINE');
  });
});
