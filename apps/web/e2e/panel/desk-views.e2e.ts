// Saved views (issue 35 §4), in Arabic and in English: an editor saves the view of a filtered list
// and shares it with the editors; a second editor finds it under the list in the side menu and
// opens the same filtered list; the owner renames and deletes it, the colleague cannot. The save
// dialog passes axe in both languages and themes.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  auditScreen,
  expectToast,
  openScreen,
  screenReady,
  screenshot,
  setUpPanelJourney,
} from './harness.ts';

const journey = setUpPanelJourney();
const WAIT = { timeout: 15_000 };

const TEXT = {
  ar: {
    save: 'حفظ هذا العرض',
    name: 'الاسم',
    editor: 'محرّر',
    saved: 'حُفظ العرض',
    views: 'العروض',
    deleted: 'حُذف العرض',
  },
  en: {
    save: 'Save this view',
    name: 'Name',
    editor: 'Editor',
    saved: 'The view is saved',
    views: 'Views',
    deleted: 'The view is deleted',
  },
} as const;

const total = (page: Page) => page.getByTestId('table-total').getAttribute('data-total');

describe.each(['ar', 'en'] as const)('saved views (%s)', (language) => {
  const t = TEXT[language];

  it('an editor saves a shared view of a filtered list; a colleague with the role opens it from the side menu', async () => {
    const owner = await journey.createUser(['editor'], { name: `Owner ${language}` });
    const colleague = await journey.createUser(['editor'], { name: `Colleague ${language}` });
    const outsider = await journey.createUser(['fact-checker'], { name: `Outsider ${language}` });
    const marker = `عرض-${language}-${Date.now() % 100000}`;
    for (let i = 0; i < 3; i++) {
      const res = await journey.api(journey.admin, 'POST', '/api/factcheck', {
        title: `ادعاء ${marker} رقم ${i}`,
        description: 'وصف',
        status: 'draft',
        language: 'ar',
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }

    const page = await journey.newPage({ language, user: owner });
    await openScreen(
      page,
      journey.baseUrl,
      `/panel/factcheck/draft?q=${encodeURIComponent(marker)}&sort_by=title`,
    );
    await expect.poll(() => total(page), WAIT).toBe('3');
    await page.getByTestId('save-view').click();
    const name = `${language === 'ar' ? 'مسودات' : 'Drafts'} — ${marker}`;
    await page.getByLabel(t.name).fill(name);
    await page.getByRole('checkbox', { name: t.editor }).check();
    await page.getByTestId('view-save').click();
    await expectToast(page, t.saved);
    // Listed under its list in the side menu, and marked as the view shown.
    const ownLink = page.getByTestId('side-menu').locator(`a[data-saved-view="${name}"]`);
    await ownLink.waitFor(WAIT);
    expect(await ownLink.getAttribute('data-active')).toBe('true');
    await screenshot(page, `desk-views-saved-${language === 'ar' ? 'rtl' : 'ltr'}`);

    const stored = await journey.api(owner, 'GET', '/api/view?resource=factcheck');
    const view = (
      stored.body.data as { _id: string; name: string; query: string; sharedWith: string[] }[]
    ).find((v) => v.name === name)!;
    expect(view.sharedWith).toEqual(['editor']);
    expect(new URLSearchParams(view.query).get('q')).toBe(marker);

    // A colleague with the role sees it in the side menu and opens the same filtered list.
    const other = await journey.newPage({ language, user: colleague });
    await openScreen(other, journey.baseUrl, '/panel/dashboard');
    const shared = other.getByTestId('side-menu').locator(`a[data-saved-view="${name}"]`);
    await shared.waitFor(WAIT);
    await shared.click();
    await other.waitForURL(
      (url) => url.pathname === '/panel/factcheck/draft' && url.searchParams.get('q') === marker,
    );
    await screenReady(other);
    await expect.poll(() => total(other), WAIT).toBe('3');
    expect(await other.getByTestId('table-search').inputValue()).toBe(marker);
    // Not theirs: they open it, they do not rename or delete it (the server says so too).
    expect((await journey.api(colleague, 'DELETE', `/api/view/${view._id}`)).status).toBe(403);

    // Someone without the role does not see it at all.
    expect((await journey.api(outsider, 'GET', '/api/view')).body.data).toEqual([]);

    // The owner deletes it from the list's Views menu.
    await page.getByTestId('views-menu').click();
    await page.getByRole('menuitem', { name: new RegExp(language === 'ar' ? 'حذف' : 'Delete') }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: language === 'ar' ? 'حذف' : 'Delete' })
      .click();
    await expectToast(page, t.deleted);
    await ownLink.waitFor({ state: 'detached', ...WAIT });
  });
});

describe('the save-view dialog', () => {
  it('passes axe in Arabic and English, light and dark', async () => {
    // An empty list behind the dialog: the overlay covers the rows, whose text axe could not read.
    await auditScreen(
      journey,
      '/panel/factcheck/draft?q=%D9%84%D8%A7-%D8%B4%D9%8A%D8%A1',
      'desk-views-dialog',
      {
        prepare: async (page) => {
          await page.getByTestId('save-view').click();
          await page.getByTestId('view-name').waitFor();
        },
      },
    );
  });
});
