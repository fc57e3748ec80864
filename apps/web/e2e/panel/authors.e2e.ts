// Authors: editors create, edit and delete authors in the back office; the table shows image, name,
// position and whether they are active or hidden.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { auditScreen, expectToast, openScreen, setUpPanelJourney, type TestUser } from './harness.ts';

const journey = setUpPanelJourney();

let editor: TestUser | undefined;
const editorUser = async () => {
  editor ??= await journey.createUser(['editor'], { name: 'Lina Editor' });
  return editor;
};
const dialog = (page: Page) => page.getByRole('dialog');
const field = (page: Page, name: string) =>
  dialog(page).locator(`[data-field-name="${name}"] :is(input,textarea)`).first();
const authorNamed = async (name: string) =>
  (await journey.api(journey.admin, 'GET', `/api/author?name=${encodeURIComponent(name)}`)).body.data[0];

describe('authors', () => {
  it('editors create a hidden author with their links, and the table lists them', async () => {
    const page = await journey.newPage({ language: 'en', user: await editorUser() });
    await openScreen(page, journey.baseUrl, '/panel/author');
    await expect.poll(() => page.title()).toBe('Authors - Tabayyun');
    await page.getByRole('button', { name: 'New author' }).click();
    await field(page, 'name').fill('Nour Desk');
    await field(page, 'position').fill('Verification editor');
    await field(page, 'email').fill('nour.desk@example.org');
    await field(page, 'bio').fill('Checks images and videos from the north of Syria.');
    await field(page, 'twitter').fill('https://x.com/nour_desk');
    await dialog(page).getByRole('switch', { name: 'Hidden' }).check({ force: true });
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Saved successfully');
    await dialog(page).waitFor({ state: 'detached' });
    const saved = await authorNamed('Nour Desk');
    expect(saved).toMatchObject({
      position: 'Verification editor',
      email: 'nour.desk@example.org',
      twitter: 'https://x.com/nour_desk',
      hidden: true,
      active: true,
    });
    expect(saved.slug).toBeTruthy();
    await page.getByTestId('table-search').fill('Nour');
    const row = page.locator(`tr[data-row-id="${saved._id}"]`);
    await expect.poll(() => row.innerText()).toContain('Verification editor');
    // Active and hidden columns both say Yes.
    expect((await row.innerText()).match(/Yes/g)).toHaveLength(2);
  });

  it('editors edit an author: a new position, and no longer active', async () => {
    const author = (await journey.api(journey.admin, 'GET', '/api/author?active=true&per_page=1')).body
      .data[0];
    const page = await journey.newPage({ language: 'ar', user: await editorUser() });
    await openScreen(page, journey.baseUrl, `/panel/author?q=${encodeURIComponent(author.name)}`);
    await page.getByRole('button', { name: `تحرير ${author.name}` }).click();
    expect(await field(page, 'name').inputValue()).toBe(author.name);
    await field(page, 'position').fill('محرر أول');
    await dialog(page).getByRole('switch', { name: 'على رأس عمله' }).uncheck({ force: true });
    await dialog(page).getByRole('button', { name: 'حفظ' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    await expect
      .poll(async () => {
        const saved = (await journey.api(journey.admin, 'GET', `/api/author/${author._id}`)).body.data[0];
        return [saved.position, saved.active, saved.slug, saved.email];
      })
      .toEqual(['محرر أول', false, author.slug, author.email]);
    await expect
      .poll(() => page.locator(`tr[data-row-id="${author._id}"]`).innerText())
      .toContain('محرر أول');
  });

  it('editors delete an author after confirming', async () => {
    const created = await journey.api(journey.admin, 'POST', '/api/author', { name: 'Temporary Author' });
    const page = await journey.newPage({ language: 'en', user: await editorUser() });
    await openScreen(page, journey.baseUrl, '/panel/author?q=Temporary');
    await page.getByRole('button', { name: 'Delete Temporary Author' }).click();
    const confirm = page.getByRole('dialog');
    expect(await confirm.innerText()).toContain('Are you sure you want to delete this item?');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.locator(`tr[data-row-id="${created.body._id}"]`).waitFor({ state: 'detached' });
    expect((await journey.api(journey.admin, 'GET', `/api/author/${created.body._id}`)).status).toBe(404);
  });

  it('the authors screen and its create dialog are accessible in both languages and themes', async () => {
    await auditScreen(journey, '/panel/author', 'authors');
    await auditScreen(journey, '/panel/author', 'authors-create-dialog', {
      prepare: async (page) => {
        await page.getByTestId('create-button').click();
        await page
          .getByRole('dialog')
          .getByRole('button', { name: /Save|حفظ/ })
          .waitFor();
      },
    });
  });
});
