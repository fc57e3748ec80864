// The news feed desk: editors triage feed items between New, Review and Archive, investigate one into
// a draft fact-check, edit and create feed items; fact-checkers only investigate.
import { describe, expect, it } from 'vitest';
import {
  auditScreen,
  expectToast,
  openScreen,
  screenReady,
  setUpPanelJourney,
  type TestUser,
} from './harness.ts';

const journey = setUpPanelJourney();

interface Feed {
  _id: string;
  status: string;
  title: string;
  factcheck?: { _id: string; title: string } | null;
  updateLog?: { from?: string; to?: string; action?: string }[];
  mediaSource?: string[];
}

let editor: TestUser | undefined;
const editorUser = async () => {
  editor ??= await journey.createUser(['editor'], { name: 'Huda Editor' });
  return editor;
};
const feedsOf = async (status: string): Promise<Feed[]> =>
  (await journey.api(journey.admin, 'GET', `/api/feed?status=${status}&per_page=100&select=!body`)).body.data;
const feed = async (id: string): Promise<Feed> =>
  (await journey.api(journey.admin, 'GET', `/api/feed/${id}`)).body.data[0];
const listPath = (status: string, title: string) =>
  `/panel/feeds/list/${status}?q=${encodeURIComponent(title)}`;

describe('the news feed desk', () => {
  it('editors archive a feed item from the new list, and it moves to the archive', async () => {
    const item = (await feedsOf('new'))[0]!;
    const page = await journey.newPage({ language: 'en', user: await editorUser() });
    await openScreen(page, journey.baseUrl, listPath('new', item.title));
    await expect.poll(() => page.title()).toBe('New feed items - Tabayyun');
    const card = page.locator(`[data-feed-id="${item._id}"]`);
    await expect
      .poll(() => card.locator('[data-action]').evaluateAll((b) => b.map((x) => x.textContent)))
      .toEqual(['Archive', 'Review']);
    await card.getByRole('button', { name: `Archive: ${item.title}` }).click();
    await expectToast(page, 'Saved successfully');
    await card.waitFor({ state: 'detached' });
    expect((await feed(item._id)).status).toBe('archive');
    // The archive tab keeps the search and shows the card with Review only.
    await page
      .getByRole('navigation', { name: 'Feed status' })
      .getByRole('link', { name: 'Archive' })
      .click();
    await page.waitForURL(/\/panel\/feeds\/list\/archive\?q=/);
    await screenReady(page);
    await expect
      .poll(() => page.locator(`[data-feed-id="${item._id}"] [data-action]`).allInnerTexts())
      .toEqual(['Review']);
  });

  it('editors send a new item to review, and bring an archived one back to review', async () => {
    const fresh = (await feedsOf('new'))[0]!;
    const archived = (await feedsOf('archive')).find((f) => f._id !== fresh._id)!;
    const page = await journey.newPage({ language: 'ar', user: await editorUser() });
    await openScreen(page, journey.baseUrl, listPath('new', fresh.title));
    await page.getByRole('button', { name: `إحالة للمراجعة: ${fresh.title}` }).click();
    await page.locator(`[data-feed-id="${fresh._id}"]`).waitFor({ state: 'detached' });
    expect((await feed(fresh._id)).status).toBe('review');

    await openScreen(page, journey.baseUrl, listPath('archive', archived.title));
    await page.getByRole('button', { name: `إحالة للمراجعة: ${archived.title}` }).click();
    await page.locator(`[data-feed-id="${archived._id}"]`).waitFor({ state: 'detached' });
    const after = await feed(archived._id);
    expect(after.status).toBe('review');
    expect(after.updateLog?.at(-1)).toMatchObject({ from: 'archive', to: 'review' });
    await openScreen(page, journey.baseUrl, listPath('review', archived.title));
    await expect.poll(() => page.locator(`[data-feed-id="${archived._id}"]`).count()).toBe(1);
  });

  it('investigating a feed item in review opens its new draft fact-check, and the card then links it', async () => {
    const item = (await feedsOf('review')).find((f) => !f.factcheck)!;
    const page = await journey.newPage({ language: 'en', user: await editorUser() });
    await openScreen(page, journey.baseUrl, listPath('review', item.title));
    const card = page.locator(`[data-feed-id="${item._id}"]`);
    expect(await card.locator('[data-action]').allInnerTexts()).toEqual(['Archive', 'Investigate']);
    await card.getByRole('button', { name: `Investigate: ${item.title}` }).click();
    await page.waitForURL(/\/panel\/factcheck\/edit\/[^/]+$/);
    const factcheckId = decodeURIComponent(page.url().split('/').pop()!);
    const factcheck = (await journey.api(journey.admin, 'GET', `/api/factcheck/${factcheckId}`)).body.data[0];
    expect([factcheck.status, factcheck.newsFeed, factcheck.title]).toEqual(['draft', item._id, item.title]);
    expect((await feed(item._id)).factcheck).toEqual({ _id: factcheckId, title: item.title });

    await openScreen(page, journey.baseUrl, listPath('review', item.title));
    expect(await card.locator('[data-action]').allInnerTexts()).toEqual(['Archive']);
    const link = card.getByTestId('feed-factcheck').getByRole('link', { name: item.title });
    expect(await link.getAttribute('href')).toBe(`/panel/factcheck/edit/${factcheckId}`);
  });

  it('editors edit a feed item, and its history shows the status changes', async () => {
    const item = (await feedsOf('archive')).find((f) => (f.updateLog ?? []).length > 0)!;
    const page = await journey.newPage({ language: 'en', user: await editorUser() });
    await openScreen(page, journey.baseUrl, `/panel/feeds/edit/${item._id}`);
    await expect.poll(() => page.title()).toBe('Edit feed item - Tabayyun');
    expect(await page.getByTestId('feed-status').innerText()).toBe('Archive');
    expect(await page.getByTestId('feed-history').innerText()).toContain('New → Archive');
    const title = page.getByLabel('Title');
    expect(await title.inputValue()).toBe(item.title);
    await title.fill(`${item.title} (edited)`);
    await page.getByLabel('Description').fill('A description written by the desk.');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Saved successfully');
    await expect
      .poll(async () => {
        const saved = await feed(item._id);
        return [saved.title, saved.status];
      })
      .toEqual([`${item.title} (edited)`, 'archive']);
  });

  it('editors create a feed item with a media source, and it lands in the new list', async () => {
    const page = await journey.newPage({ language: 'en', user: await editorUser() });
    await openScreen(page, journey.baseUrl, '/panel/feeds/list/new');
    await page.getByTestId('new-feed-item').click();
    await page.waitForURL(/\/panel\/feeds\/edit\/new$/);
    await screenReady(page);
    await expect.poll(() => page.title()).toBe('New feed item - Tabayyun');
    await page.getByLabel('Title').fill('Desk journey: a viral photo of a bread queue');
    const sources = page.getByLabel('Media sources');
    await sources.click();
    await page.getByRole('option').first().click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Saved successfully');
    await page.waitForURL(/\/panel\/feeds\/edit\/(?!new)[^/]+$/);
    const id = page.url().split('/').pop()!;
    const saved = await feed(id);
    expect([saved.status, saved.title, saved.mediaSource?.length]).toEqual([
      'new',
      'Desk journey: a viral photo of a bread queue',
      1,
    ]);
  });

  it('fact-checkers see Investigate but neither Archive nor Review', async () => {
    const checker = await journey.createUser(['fact-checker']);
    const item = (await feedsOf('review')).find((f) => !f.factcheck)!;
    const page = await journey.newPage({ language: 'en', user: checker });
    await openScreen(page, journey.baseUrl, listPath('review', item.title));
    await expect
      .poll(() => page.locator(`[data-feed-id="${item._id}"] [data-action]`).allInnerTexts())
      .toEqual(['Investigate']);
    expect(await page.getByTestId('new-feed-item').count()).toBe(0);
  });

  it('the review list is accessible in both languages and themes', async () => {
    await auditScreen(journey, '/panel/feeds/list/review', 'feeds-review');
  });

  it('the archive list is accessible in both languages and themes', async () => {
    await auditScreen(journey, '/panel/feeds/list/archive', 'feeds-archive');
  });

  it('the feed item page, with a linked fact-check and its history, is accessible in both languages and themes', async () => {
    const item = (await feedsOf('review')).find((f) => f.factcheck)!;
    await auditScreen(journey, `/panel/feeds/edit/${item._id}`, 'feed-edit');
  });
});
