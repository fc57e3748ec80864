// The fact-check and article lists: search narrows the total to what the API says, paging shows
// other rows, the address keeps the view through a reload, filters from the controls show as
// removable chips.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openScreen, screenReady, setUpPanelJourney } from './harness.ts';

const journey = setUpPanelJourney();
const WAIT = { timeout: 15_000 };

const total = (page: Page) => page.getByTestId('table-total').getAttribute('data-total');
const rowIds = (page: Page) =>
  page.locator('tbody tr[data-row-id]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-row-id')));
const apiTotal = async (path: string) => {
  const answer = await journey.api(journey.admin, 'GET', path);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return String(answer.body.total);
};
const FACTCHECK_SEARCH = (q: string) =>
  `title=${encodeURIComponent(`*${q}*`)}${[
    'claimsNormalized',
    'againstClaimNormalized',
    'conclusionNormalized',
  ]
    .map((f) => encodeURIComponent(`|${f}=*${q}*`))
    .join('')}`;

describe('the content lists', () => {
  it('editors search the published fact-checks, page through them, and a reload keeps the view', async () => {
    const page = await journey.newPage({ language: 'ar', user: journey.admin });
    await openScreen(page, journey.baseUrl, '/panel/factcheck/published');
    const all = await apiTotal('/api/factcheck?status=published&per_page=1');
    expect(Number(all)).toBeGreaterThan(25);
    expect(await total(page)).toBe(all);
    const firstPage = await rowIds(page);
    expect(firstPage).toHaveLength(25);

    // Page 2 shows other rows and is in the address.
    await page
      .getByRole('navigation', { name: 'الصفحات' })
      .getByRole('button', { name: 'الصفحة 2', exact: true })
      .click();
    await page.waitForURL(/[?&]page=2/);
    await expect.poll(async () => (await rowIds(page))[0], WAIT).not.toBe(firstPage[0]);
    await screenReady(page);
    const secondPage = await rowIds(page);
    expect(secondPage.length).toBe(Math.min(25, Number(all) - 25));
    expect(secondPage.filter((id) => firstPage.includes(id))).toEqual([]);
    await page.reload();
    await screenReady(page);
    expect(await rowIds(page)).toEqual(secondPage);

    // Search (after the pause) narrows the total to the API's, goes back to page 1 and stays on reload.
    await page.getByTestId('table-search').fill('حلب');
    await page.waitForURL((url) => url.searchParams.get('q') === 'حلب' && !url.searchParams.has('page'));
    await screenReady(page);
    const expected = await apiTotal(`/api/factcheck?status=published&per_page=1&${FACTCHECK_SEARCH('حلب')}`);
    expect(Number(expected)).toBeGreaterThan(0);
    expect(Number(expected)).toBeLessThan(Number(all));
    await expect.poll(() => total(page), WAIT).toBe(expected);
    await page.reload();
    await screenReady(page);
    expect(await page.getByTestId('table-search').inputValue()).toBe('حلب');
    expect(await total(page)).toBe(expected);
  });

  it('editors search the published articles and the total follows the API', async () => {
    const page = await journey.newPage({ language: 'en', user: journey.admin });
    await openScreen(page, journey.baseUrl, '/panel/article/published');
    expect(await total(page)).toBe(await apiTotal('/api/article?status=published&per_page=1'));
    await page.getByTestId('table-search').fill('سوري');
    await page.waitForURL((url) => url.searchParams.get('q') === 'سوري');
    await screenReady(page);
    const expected = await apiTotal(
      `/api/article?status=published&per_page=1&title=${encodeURIComponent('*سوري*|contentNormalized=*سوري*')}`,
    );
    await expect.poll(() => total(page), WAIT).toBe(expected);
    const titles = await page.locator('tbody [data-row-title]').allInnerTexts();
    expect(titles.length).toBe(Math.min(25, Number(expected)));
  });

  it('editors filter by author from the filter bar, see the chip, and remove it', async () => {
    const page = await journey.newPage({ language: 'en', user: journey.admin });
    await openScreen(page, journey.baseUrl, '/panel/factcheck/published');
    const all = await total(page);
    await page.getByTestId('filters-toggle').click();
    const author = page.locator('input[data-filter="author"]');
    await author.click();
    await author.fill('لينا');
    await page.getByRole('option').first().click();
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => url.searchParams.has('author'));
    await screenReady(page);
    const authorId = new URL(page.url()).searchParams.get('author')!;
    const expected = await apiTotal(`/api/factcheck?status=published&per_page=1&author=${authorId}`);
    await expect.poll(() => total(page), WAIT).toBe(expected);
    expect(Number(expected)).toBeLessThan(Number(all));
    const chip = page.locator('[data-filter-chip="author"]');
    expect(await chip.innerText()).toMatch(/^Author: لينا القاسم/);
    await chip.getByRole('button', { name: 'Remove the filter Author: لينا القاسم' }).click();
    await page.waitForURL((url) => !url.searchParams.has('author'));
    await expect.poll(() => total(page), WAIT).toBe(all);
  });
});
