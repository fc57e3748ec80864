// The article editor (an article is written and published, its public page shows it), and both
// editors audited: axe-core in Arabic and English, light and dark, new and existing records,
// screenshots of every section, and a 360 px phone without sideways scrolling.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  auditScreen,
  expectToast,
  openScreen,
  PHONE,
  SCREENSHOTS,
  screenReady,
  setUpPanelJourney,
} from './harness.ts';

const journey = setUpPanelJourney();
const WAIT = { timeout: 15_000 };
const field = (page: Page, name: string) => page.locator(`[data-field-name="${name}"]`).first();

async function pick(page: Page, name: string, option: string | RegExp): Promise<void> {
  await field(page, name).locator('input:not([type=hidden])').first().click();
  await page.getByRole('option', { name: option }).first().click();
  await page.keyboard.press('Escape');
}

/** Screenshots of each section of the editor (light theme), named panel-editor-<section>-<dir>.png. */
async function sectionShots(page: Page, prefix: string): Promise<void> {
  const dark = await page.evaluate(
    () => document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark',
  );
  if (dark) return;
  const dir = await page.evaluate(() => document.documentElement.dir);
  for (const section of await page.locator('[data-section]').all()) {
    const name = await section.getAttribute('data-section');
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({ path: `${SCREENSHOTS}/panel-${prefix}-${name}-${dir}.png` });
  }
}

describe('the article editor', () => {
  it('an editor writes an article and publishes it; the public page shows it', async () => {
    const editor = await journey.createUser(['editor']);
    const title = `Why old war photos return every winter ${Date.now()}`;
    const page = await journey.newPage({ language: 'en', user: editor });
    await openScreen(page, journey.baseUrl, '/panel/article/edit/new');
    expect(await page.title()).toBe('New article - Tabayyun');
    expect(await field(page, 'slug').locator('input').inputValue()).toMatch(/^\d{10}$/);
    await field(page, 'title').locator('input').fill(title);
    await field(page, 'description').locator('textarea').fill('A look at recycled images in the news.');
    await pick(page, 'language', 'English');
    await pick(page, 'status', 'Published');
    await pick(page, 'author', /./);
    await page.getByTestId('rich-text-content').click();
    await page.keyboard.insertText('Every winter the same photographs of destroyed streets circulate again.');
    await pick(page, 'topic', /./);
    await page.locator('form button[type="submit"]').click();
    await expectToast(page, 'Saved successfully');
    await page.waitForURL(/\/panel\/article\/published$/, WAIT);
    await screenReady(page);
    const found = await journey.api(journey.admin, 'GET', `/api/article?title=${encodeURIComponent(title)}`);
    expect(found.body.total).toBe(1);
    const saved = found.body.data[0];
    expect(saved).toMatchObject({ status: 'published', language: 'en' });
    expect(saved.content).toBe(
      '<p>Every winter the same photographs of destroyed streets circulate again.</p>',
    );
    const reader = await journey.newPage({ language: 'en' });
    const response = await reader.goto(`${journey.baseUrl}/en/article/${encodeURIComponent(saved.slug)}`);
    expect(response?.status()).toBe(200);
    expect(await reader.locator('h1').first().innerText()).toContain(
      'Why old war photos return every winter',
    );
    expect(await reader.locator('body').innerText()).toContain('Every winter the same photographs');
  });
});

describe('the editors look right and are accessible', () => {
  it('the fact-check editor, new and existing, in both languages and themes', async () => {
    const existing = (await journey.api(journey.admin, 'GET', '/api/factcheck?status=published&per_page=1'))
      .body.data[0];
    await auditScreen(journey, '/panel/factcheck/edit/new', 'editor-factcheck-new', {
      prepare: (page) => sectionShots(page, 'editor'),
    });
    await auditScreen(journey, `/panel/factcheck/edit/${existing._id}`, 'editor-factcheck-existing');
  }, 300_000);

  it('the article editor, new and existing, in both languages and themes', async () => {
    const existing = (await journey.api(journey.admin, 'GET', '/api/article?status=published&per_page=1'))
      .body.data[0];
    await auditScreen(journey, '/panel/article/edit/new', 'editor-article-new', {
      prepare: (page) => sectionShots(page, 'editor-article'),
    });
    await auditScreen(journey, `/panel/article/edit/${existing._id}`, 'editor-article-existing');
  }, 300_000);

  it('fits a 360 px phone: no sideways scrolling, the toolbar wraps', async () => {
    for (const language of ['ar', 'en'] as const) {
      const page = await journey.newPage({ language, user: journey.admin, viewport: PHONE });
      await openScreen(page, journey.baseUrl, '/panel/factcheck/edit/new');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      const toolbar = field(page, 'content').locator('[role="toolbar"]');
      const box = await toolbar.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
      const dir = language === 'ar' ? 'rtl' : 'ltr';
      await field(page, 'content').screenshot({
        path: `${SCREENSHOTS}/panel-editor-phone-content-${dir}.png`,
      });
      await page.locator('[data-section="evaluation"]').screenshot({
        path: `${SCREENSHOTS}/panel-editor-phone-evaluation-${dir}.png`,
      });
    }
  });
});
