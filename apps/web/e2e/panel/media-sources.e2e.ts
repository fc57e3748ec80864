// Media sources: editors create and edit the sources the newsroom monitors; each links to its runs;
// scrape reports and runs are read-only lists filtered by source from the address.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  auditScreen,
  expectToast,
  openScreen,
  screenReady,
  setUpPanelJourney,
  type TestUser,
} from './harness.ts';

const journey = setUpPanelJourney();

let editor: TestUser | undefined;
const editorUser = async () => {
  editor ??= await journey.createUser(['editor'], { name: 'Karim Editor' });
  return editor;
};
const dialog = (page: Page) => page.getByRole('dialog');
const field = (page: Page, name: string) =>
  dialog(page).locator(`[data-field-name="${name}"] :is(input,textarea)`).first();
const SHAM = '0b0000000000000000000001';
const EVENT = '0b0000000000000000000002';

describe('media sources', () => {
  beforeAll(async () => {
    const run = async (mediaSource: string, status: string, results: unknown) =>
      (
        await journey.api(journey.admin, 'POST', '/api/media-source-run', {
          mediaSource,
          status,
          date: new Date().toISOString(),
          results,
        })
      ).body._id;
    const shamRun = await run(SHAM, 'done', { found: 12, added: 3 });
    await run(EVENT, 'running', null);
    await journey.api(journey.admin, 'POST', '/api/scraping-report', {
      mediaSource: SHAM,
      mediaSourceRun: shamRun,
      status: 'partial',
      itemsFound: 12,
      itemsAdded: 3,
      message: 'Two posts could not be read (login wall).',
    });
    await journey.api(journey.admin, 'POST', '/api/scraping-report', {
      mediaSource: EVENT,
      status: 'failed',
      itemsFound: 0,
      itemsAdded: 0,
      message: 'The channel did not answer.',
    });
  });

  it('editors create a media source with its rating', async () => {
    const page = await journey.newPage({ language: 'en', user: await editorUser() });
    await openScreen(page, journey.baseUrl, '/panel/media-sources');
    await expect.poll(() => page.title()).toBe('Media sources - Tabayyun');
    await page.getByRole('button', { name: 'New media source' }).click();
    await field(page, 'name').fill('Desk Watch Network');
    await field(page, 'link').fill('https://watch.example.com');
    await field(page, 'category').click();
    await page.getByRole('option', { name: 'زائف', exact: true }).click();
    await field(page, 'score').fill('22.5');
    await field(page, 'falseClaims').fill('9');
    await field(page, 'levelOfCredibility').click();
    await page.getByRole('option', { name: 'Low' }).click();
    await field(page, 'description').fill('A page that recycles old war footage.');
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Saved successfully');
    await dialog(page).waitFor({ state: 'detached' });
    const saved = (await journey.api(journey.admin, 'GET', '/api/media-source?name=Desk Watch Network')).body
      .data[0];
    expect(saved).toMatchObject({
      link: 'https://watch.example.com',
      category: 'fraud',
      score: 22.5,
      falseClaims: 9,
      levelOfCredibility: 'low',
      description: 'A page that recycles old war footage.',
    });
    await page.getByTestId('table-search').fill('Desk Watch');
    await expect.poll(() => page.locator(`tr[data-row-id="${saved._id}"]`).innerText()).toContain('22.5');
  });

  it('editors edit a media source, then open its runs from its row', async () => {
    const source = (await journey.api(journey.admin, 'GET', `/api/media-source/${SHAM}`)).body.data[0];
    const page = await journey.newPage({ language: 'ar', user: await editorUser() });
    await openScreen(page, journey.baseUrl, `/panel/media-sources?q=${encodeURIComponent(source.name)}`);
    await page.getByRole('button', { name: `تحرير ${source.name}` }).click();
    await expect.poll(() => field(page, 'name').inputValue()).toBe(source.name);
    await field(page, 'falseClaims').fill('48');
    await dialog(page).getByRole('button', { name: 'حفظ' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    await expect
      .poll(async () => {
        const saved = (await journey.api(journey.admin, 'GET', `/api/media-source/${SHAM}`)).body.data[0];
        return [saved.falseClaims, saved.score, saved.category, saved.slug];
      })
      .toEqual([48, source.score, source.category, source.slug]);

    await page.getByRole('link', { name: `الجولات لمصدر ${source.name}` }).click();
    await page.waitForURL(/\/panel\/media-source-runs\?mediaSource=/);
    await screenReady(page);
    await expect.poll(() => page.getByTestId('table-total').getAttribute('data-total')).toBe('1');
    expect(await page.locator('tbody tr[data-row-id]').innerText()).toContain(source.name);
    await expect.poll(() => page.getByTestId('media-source-filter').inputValue()).toBe(source.name);
  });

  it('scrape reports list what each scrape found, filtered by media source', async () => {
    const page = await journey.newPage({ language: 'en', user: await editorUser() });
    await openScreen(page, journey.baseUrl, '/panel/scrape-reports');
    await expect.poll(() => page.title()).toBe('Scrape reports - Tabayyun');
    await expect.poll(() => page.getByTestId('table-total').getAttribute('data-total')).toBe('2');
    expect(await page.locator('tbody').innerText()).toContain('Two posts could not be read');
    await page.getByTestId('media-source-filter').click();
    await page.getByRole('option', { name: 'قناة الحدث السوري' }).click();
    await page.waitForURL(new RegExp(`mediaSource=${EVENT}`));
    await expect.poll(() => page.getByTestId('table-total').getAttribute('data-total')).toBe('1');
    expect(await page.locator('tbody tr[data-row-id]').innerText()).toContain('Failed');
  });

  it('media sources, their create dialog, scrape reports and runs are accessible in both languages and themes', async () => {
    await auditScreen(journey, '/panel/media-sources', 'media-sources');
    await auditScreen(journey, '/panel/media-sources', 'media-sources-create-dialog', {
      prepare: async (page) => {
        await page.getByTestId('create-button').click();
        await page
          .getByRole('dialog')
          .getByRole('button', { name: /Save|حفظ/ })
          .waitFor();
      },
    });
    await auditScreen(journey, '/panel/scrape-reports', 'scrape-reports');
    await auditScreen(journey, '/panel/media-source-runs', 'media-source-runs');
  });
});
