// The command palette (Ctrl/Cmd+K): jumping to a screen by its name in English and Arabic, finding
// a seeded fact-check by part of its title and opening its editor with Enter, users only for those
// who may read them, and the audit with the palette open.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { auditScreen, openScreen, PHONE, screenshot, setUpPanelJourney } from './harness.ts';

const journey = setUpPanelJourney();

const palette = (page: Page, name: string) => page.getByRole('dialog', { name });

async function optionsOf(page: Page): Promise<{ group: string; label: string; link: string }[]> {
  return page.locator('[data-palette-entry]').evaluateAll((els) =>
    els.map((el) => ({
      group: el.closest('[data-palette-group]')?.getAttribute('data-palette-group') ?? '',
      label: (el.textContent ?? '').trim(),
      link: el.getAttribute('data-link') ?? '',
    })),
  );
}

describe('the command palette', () => {
  it('Ctrl+K opens it, and typing a screen name then Enter jumps there', async () => {
    const page = await journey.newPage({ language: 'en', user: journey.admin });
    await openScreen(page, journey.baseUrl, '/panel/media/list');
    await page.keyboard.press('Control+K');
    const dialog = palette(page, 'Command palette');
    await dialog.waitFor();
    const search = dialog.getByRole('combobox', { name: 'Search screens and content' });
    expect(await search.evaluate((el) => el === document.activeElement)).toBe(true);
    // Every screen the admin may read is offered before anything is typed.
    const links = (await optionsOf(page)).map((o) => o.link);
    expect(links).toContain('/panel/users');
    expect(links).toContain('/panel/factcheck/review');

    await search.fill('roles');
    await expect.poll(async () => (await optionsOf(page))[0]?.label).toBe('Settings · Roles');
    expect(await search.getAttribute('aria-activedescendant')).toBeTruthy();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/panel\/roles$/);
    await dialog.waitFor({ state: 'detached' });

    // The top bar's button opens it too; in Arabic, Arabic names lead (diacritics need not be typed).
    await page.evaluate(() => localStorage.setItem('panelLanguage', 'ar'));
    await openScreen(page, journey.baseUrl, '/panel/media/list');
    await page.getByRole('button', { name: /ابحث وانتقل/ }).click();
    const arabic = palette(page, 'لوحة الأوامر');
    await arabic.getByRole('combobox').fill('التحققات قيد المراجعة');
    await expect.poll(async () => (await optionsOf(page))[0]?.label).toBe('التحقّقات · قيد المراجعة');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/panel\/factcheck\/review$/);
  });

  it('finds a seeded fact-check by part of its title and opens its editor with Enter', async () => {
    const title = 'Old photo of bread queues shared as if taken in Aleppo today';
    const found = await journey.api(
      journey.admin,
      'GET',
      `/api/factcheck?title=${encodeURIComponent(title)}&select=_id,title`,
    );
    const id = found.body.data[0]._id as string;
    const page = await journey.newPage({ language: 'en', user: journey.admin });
    await openScreen(page, journey.baseUrl, '/panel/media/list');
    await page.keyboard.press('Control+K');
    const dialog = palette(page, 'Command palette');
    await dialog.getByRole('combobox').pressSequentially('bread queues', { delay: 20 });
    await expect
      .poll(async () => (await optionsOf(page)).find((o) => o.group === 'factcheck')?.label, {
        timeout: 10_000,
      })
      .toContain(title);
    expect(await dialog.getByRole('group', { name: 'Fact-checks' }).isVisible()).toBe(true);
    expect((await optionsOf(page))[0]?.link).toBe(`/panel/factcheck/edit/${id}`);
    // Enter as the results show, before the palette has marked the first one (it does so in the
    // next frame): under load that frame came after the key, and Enter did nothing.
    await page.evaluate(() =>
      document.querySelector('#command-palette-list [data-selected]')?.removeAttribute('data-selected'),
    );
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/panel/factcheck/edit/${id}$`));
  });

  it('admins find a user by e-mail; the result opens the users list searched on it', async () => {
    const user = await journey.createUser(['editor'], { name: 'Lina Haddad' });
    const page = await journey.newPage({ language: 'en', user: journey.admin });
    await openScreen(page, journey.baseUrl, '/panel/media/list');
    await page.keyboard.press('Control+K');
    await palette(page, 'Command palette').getByRole('combobox').fill(user.email);
    const userOption = page.locator(`[data-palette-entry="user:${user.sub}"]`);
    await userOption.waitFor();
    expect(await userOption.innerText()).toContain('Lina Haddad');
    await userOption.click();
    await page.waitForURL(
      (url) => url.pathname === '/panel/users' && url.searchParams.get('q') === user.email,
    );
  });

  it('a fact-checker does not see Users in the palette', async () => {
    const checker = await journey.createUser(['fact-checker']);
    const page = await journey.newPage({ language: 'en', user: checker });
    await openScreen(page, journey.baseUrl, '/panel/media/list');
    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    await page.keyboard.press('Control+K');
    const dialog = palette(page, 'Command palette');
    await dialog.waitFor();
    const links = (await optionsOf(page)).map((o) => o.link);
    expect(links).toContain('/panel/factcheck/draft');
    expect(links).toContain('/panel/media/list');
    expect(links).not.toContain('/panel/users');
    expect(links).not.toContain('/panel/roles');
    await dialog.getByRole('combobox').fill('users');
    await expect.poll(() => dialog.innerText()).toContain('Nothing found');
    // Searching content never asks for users it may not read.
    await dialog.getByRole('combobox').fill(journey.admin.email);
    await expect.poll(() => requests.some((path) => path === '/api/factcheck')).toBe(true);
    expect(requests).not.toContain('/api/user');
    expect(await dialog.getByRole('group', { name: 'Users' }).count()).toBe(0);
  });

  it('on a phone the top bar keeps a compact search button that opens the palette', async () => {
    const page = await journey.newPage({ language: 'ar', user: journey.admin, viewport: PHONE });
    await openScreen(page, journey.baseUrl, '/panel/media/list');
    expect(await page.getByTestId('palette-button').isVisible()).toBe(false);
    await page.getByTestId('palette-button-compact').click();
    const dialog = palette(page, 'لوحة الأوامر');
    await dialog.waitFor();
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
    await screenshot(page, 'palette-phone-rtl');
  });

  it('the palette is accessible open, in both languages and themes', async () => {
    await auditScreen(journey, '/panel/media/list', 'palette', {
      prepare: async (page) => {
        await page.keyboard.press('Control+K');
        const search = page.locator('[data-testid="palette-search"]');
        await search.waitFor();
        const language = await page.evaluate(() => document.documentElement.lang);
        await search.fill(language === 'ar' ? 'حلب' : 'Aleppo');
        await page.locator('[data-palette-group="factcheck"]').waitFor({ timeout: 10_000 });
      },
    });
  });
});
