// Triage on a 360×800 phone: the feed cards fit the screen (no sideways scrolling of the page), and
// Review, Archive and Investigate work from them.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openScreen, PHONE, screenshot, setUpPanelJourney } from './harness.ts';

const journey = setUpPanelJourney();

interface Feed {
  _id: string;
  title: string;
  status: string;
  factcheck?: { _id: string } | null;
}
const feedsOf = async (status: string): Promise<Feed[]> =>
  (await journey.api(journey.admin, 'GET', `/api/feed?status=${status}&per_page=100&select=!body`)).body.data;
const feed = async (id: string): Promise<Feed> =>
  (await journey.api(journey.admin, 'GET', `/api/feed/${id}`)).body.data[0];
const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('feed triage on a phone', () => {
  it('editors review, archive and investigate feed items from the cards on a 360 px screen', async () => {
    const editor = await journey.createUser(['editor']);
    const page = await journey.newPage({ language: 'ar', viewport: PHONE, user: editor });
    const [fresh] = await feedsOf('new');
    await openScreen(page, journey.baseUrl, '/panel/feeds/list/new');
    expect(await noSidewaysScroll(page)).toBe(true);
    await screenshot(page, 'phone-feeds-new-rtl');
    const first = page.getByTestId('feed-card').first();
    const box = await first.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);

    // Review a new item.
    await openScreen(page, journey.baseUrl, `/panel/feeds/list/new?q=${encodeURIComponent(fresh!.title)}`);
    const review = page.getByRole('button', { name: `إحالة للمراجعة: ${fresh!.title}` });
    await review.scrollIntoViewIfNeeded();
    await review.click();
    await page.locator(`[data-feed-id="${fresh!._id}"]`).waitFor({ state: 'detached' });
    expect((await feed(fresh!._id)).status).toBe('review');

    // Archive it from the review list.
    await openScreen(page, journey.baseUrl, `/panel/feeds/list/review?q=${encodeURIComponent(fresh!.title)}`);
    expect(await noSidewaysScroll(page)).toBe(true);
    await page.getByRole('button', { name: `أرشفة: ${fresh!.title}` }).click();
    await page.locator(`[data-feed-id="${fresh!._id}"]`).waitFor({ state: 'detached' });
    expect((await feed(fresh!._id)).status).toBe('archive');

    // Investigate another one: the draft fact-check opens.
    const open = (await feedsOf('review')).find((f) => !f.factcheck)!;
    await openScreen(page, journey.baseUrl, `/panel/feeds/list/review?q=${encodeURIComponent(open.title)}`);
    await page.getByRole('button', { name: `فتح تحقّق في: ${open.title}` }).click();
    await page.waitForURL(/\/panel\/factcheck\/edit\/[^/]+$/);
    expect((await feed(open._id)).factcheck?._id).toBe(decodeURIComponent(page.url().split('/').pop()!));
  });

  it('the feed item page fits a phone screen', async () => {
    const [item] = await feedsOf('review');
    const page = await journey.newPage({ language: 'ar', viewport: PHONE, user: journey.admin });
    await openScreen(page, journey.baseUrl, `/panel/feeds/edit/${item!._id}`);
    expect(await noSidewaysScroll(page)).toBe(true);
    await screenshot(page, 'phone-feed-edit-rtl');
  });
});
