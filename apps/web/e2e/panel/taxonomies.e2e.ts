// Taxonomies as trees: editors create topics and criteria categories in dialogs, under a parent of the
// same taxonomy; the server keeps path and level; edits and deletions go through the same screens.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { auditScreen, expectToast, openScreen, setUpPanelJourney, type TestUser } from './harness.ts';

const journey = setUpPanelJourney();

let editor: TestUser | undefined;
const editorUser = async () => {
  editor ??= await journey.createUser(['editor'], { name: 'Omar Editor' });
  return editor;
};
const category = async (id: string) => journey.api(journey.admin, 'GET', `/api/category/${id}`);
const dialog = (page: Page) => page.getByRole('dialog');
const field = (page: Page, name: string) =>
  dialog(page).locator(`[data-field-name="${name}"] :is(input,textarea)`).first();
const rowOf = (page: Page, id: string) => page.locator(`tr[data-row-id="${id}"]`);

describe('taxonomies', () => {
  it('editors create a topic and a child under it, shown indented under its parent', async () => {
    const page = await journey.newPage({ language: 'en', user: await editorUser() });
    await openScreen(page, journey.baseUrl, '/panel/topics/list');
    await expect.poll(() => page.title()).toBe('Topics - Tabayyun');
    await page.getByRole('button', { name: 'New topic' }).click();
    await field(page, '_id').fill('desk-water');
    await field(page, 'name').fill('المياه');
    await field(page, 'slug').fill('water');
    await field(page, 'nameEn').fill('Water');
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Saved successfully');
    await dialog(page).waitFor({ state: 'detached' });
    const parent = await category('desk-water');
    expect(parent.body.data[0]).toMatchObject({
      path: '/topic/desk-water',
      level: 1,
      parent: 'topic',
      nameEn: 'Water',
    });

    await page.getByTestId('table-search').fill('المياه');
    await rowOf(page, 'desk-water').waitFor();
    await page.getByRole('button', { name: 'Add under المياه' }).click();
    await expect.poll(() => field(page, 'parent').inputValue()).toContain('المياه');
    await field(page, '_id').fill('desk-water-cuts');
    await field(page, 'name').fill('انقطاع المياه');
    await field(page, 'slug').fill('water-cuts');
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    expect((await category('desk-water-cuts')).body.data[0]).toMatchObject({
      path: '/topic/desk-water/desk-water-cuts',
      level: 2,
      parent: 'desk-water',
    });
    // Path order: the child comes right after its parent, one step further in.
    await rowOf(page, 'desk-water-cuts').waitFor();
    const order = await page
      .locator('tbody tr[data-row-id]')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-row-id')));
    expect(order.indexOf('desk-water-cuts')).toBe(order.indexOf('desk-water') + 1);
    const indent = (id: string) =>
      rowOf(page, id)
        .getByTestId('category-name')
        .evaluate((el) => Number.parseFloat(getComputedStyle(el).paddingInlineStart));
    expect(await indent('desk-water-cuts')).toBeGreaterThan(await indent('desk-water'));
    expect(await rowOf(page, 'desk-water-cuts').innerText()).toContain('under المياه');
  });

  it('editors create a criteria category with a score under a rating', async () => {
    const page = await journey.newPage({ language: 'ar', user: await editorUser() });
    await openScreen(page, journey.baseUrl, '/panel/categories/list');
    await expect.poll(() => page.title()).toBe('معايير التقييم - تبيَّن');
    await page.getByRole('button', { name: 'معيار تقييم جديد' }).click();
    await field(page, '_id').fill('desk-old-photo');
    await field(page, 'name').fill('صورة قديمة');
    await field(page, 'slug').fill('old-photo');
    await field(page, 'parent').click();
    await page.getByRole('option', { name: '— زائف' }).click();
    await field(page, 'score').fill('-1.5');
    await dialog(page).getByRole('button', { name: 'حفظ' }).click();
    await expectToast(page, 'تم الحفظ بنجاح');
    await dialog(page).waitFor({ state: 'detached' });
    expect((await category('desk-old-photo')).body.data[0]).toMatchObject({
      path: '/criteria/fraud/desk-old-photo',
      level: 2,
      score: -1.5,
    });
    await page.getByTestId('table-search').fill('صورة قديمة');
    await expect.poll(() => rowOf(page, 'desk-old-photo').innerText()).toContain('-1.5');
    expect(await rowOf(page, 'desk-old-photo').innerText()).toContain('فرع من زائف');
  });

  it('editors rename a tag in English and delete a country after confirming', async () => {
    await journey.api(journey.admin, 'POST', '/api/category', {
      _id: 'desk-atlantis',
      slug: 'atlantis',
      name: 'أطلانتس',
      parent: 'country',
    });
    const tag = (await journey.api(journey.admin, 'GET', '/api/category?path=/tag/*&per_page=1')).body
      .data[0];
    const page = await journey.newPage({ language: 'en', user: await editorUser() });
    await openScreen(page, journey.baseUrl, '/panel/tags/list');
    await page.getByRole('button', { name: `Edit ${tag.name}` }).click();
    expect(await field(page, '_id').getAttribute('readonly')).not.toBeNull();
    await field(page, 'nameEn').fill('Featured on the home page');
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await category(tag._id)).body.data[0].nameEn)
      .toBe('Featured on the home page');

    await openScreen(page, journey.baseUrl, '/panel/countries/list?q=atlantis');
    await page.getByRole('button', { name: 'Delete أطلانتس' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await rowOf(page, 'desk-atlantis').waitFor({ state: 'detached' });
    expect((await category('desk-atlantis')).status).toBe(404);
  });

  for (const [path, name] of [
    ['/panel/categories/list', 'criteria'],
    ['/panel/topics/list', 'topics'],
    ['/panel/tags/list', 'tags'],
    ['/panel/countries/list', 'countries'],
  ] as const) {
    it(`the ${name} tree is accessible in both languages and themes`, async () => {
      await auditScreen(journey, path, name);
    });
  }

  it('the create dialog is accessible in both languages and themes', async () => {
    await auditScreen(journey, '/panel/categories/list', 'criteria-create-dialog', {
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
