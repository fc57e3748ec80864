// Media-source monitoring (issue 15): an editor adds a media source with a feed served by a local
// HTTP server, runs it, finds its entries in the New list with a "possibly already checked" badge
// on the one that restates a published fact-check, and investigates another one.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditScreen,
  expectToast,
  openScreen,
  screenReady,
  setUpPanelJourney,
  type TestUser,
} from './harness.ts';

// The feed server listens on 127.0.0.1: the app under test must be allowed to fetch from it.
const journey = setUpPanelJourney({ env: { FETCH_ALLOW_HOSTS: '127.0.0.1', FETCH_TIMEOUT_MS: '3000' } });

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABgAAAAQCAIAAACDRijCAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAIElEQVQ4jWOQqbtGFcQwapDMaBjJjKajutEsUkd+OgAAd0YoHwkBdXwAAAAASUVORK5CYII=',
  'base64',
);
const FRESH = 'مجلس المدينة يعلن خطة لإصلاح شبكة المياه في حماة';
const SOURCE_NAME = 'Hama Morning Desk';

let feedServer: Server;
let feedBase = '';
/** The published fact-check the feed restates, and the restated title. */
let checked: { _id: string; title: string };
let editor: TestUser;

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

beforeAll(async () => {
  feedServer = createServer((req, res) => {
    if (req.url === '/news.xml') {
      res.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' });
      res.end(`<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><title>صباح حماة</title>
<item><title>${xml(checked.title)}</title><guid>restated-1</guid><link>${feedBase}/a/1</link>
<description>يتداول ناشطون الخبر مجدداً</description><pubDate>Tue, 24 Nov 2026 07:00:00 GMT</pubDate></item>
<item><title>${xml(FRESH)}</title><guid>fresh-1</guid><link>${feedBase}/a/2</link>
<description>خطة من ثلاث مراحل تبدأ الشهر المقبل</description><pubDate>Tue, 24 Nov 2026 08:00:00 GMT</pubDate>
<media:content url="${feedBase}/img/water.png" medium="image" type="image/png"/></item>
</channel></rss>`);
      return;
    }
    if (req.url === '/img/water.png') {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(PNG);
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  });
  await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
  feedBase = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}`;
  const published = await journey.api(
    journey.admin,
    'GET',
    '/api/factcheck?status=published&language=ar&per_page=1&sort_by=-publishedAt&select=_id,title',
  );
  checked = published.body.data[0];
  editor = await journey.createUser(['editor'], { name: 'Huda Editor' });
});
afterAll(() => new Promise<void>((resolve) => (feedServer ? feedServer.close(() => resolve()) : resolve())));

const dialog = (page: Page) => page.getByRole('dialog');
const field = (page: Page, name: string) =>
  dialog(page).locator(`[data-field-name="${name}"] :is(input,textarea)`).first();
const card = (page: Page, title: string) =>
  page.locator('[data-testid="feed-card"]').filter({ has: page.getByRole('heading', { name: title }) });

describe('media-source monitoring', () => {
  let sourceId: string;

  it('editors add a media source with a feed and run it now; the run is listed with its counts', async () => {
    const page = await journey.newPage({ language: 'en', user: editor });
    await openScreen(page, journey.baseUrl, '/panel/media-sources');
    await page.getByRole('button', { name: 'New media source' }).click();
    await field(page, 'name').fill(SOURCE_NAME);
    // A working feed and a missing one: the run goes on and the failure gets its report.
    await field(page, 'feeds').fill(`${feedBase}/news.xml\n${feedBase}/gone.xml`);
    await field(page, 'pollInterval').fill('30');
    expect(await dialog(page).getByRole('switch', { name: 'Watch this source' }).isChecked()).toBe(true);
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Saved successfully');
    await dialog(page).waitFor({ state: 'detached' });
    const saved = (await journey.api(journey.admin, 'GET', `/api/media-source?name=${SOURCE_NAME}`)).body
      .data[0];
    expect(saved).toMatchObject({
      feeds: [`${feedBase}/news.xml`, `${feedBase}/gone.xml`],
      pollInterval: 30,
      monitoringEnabled: true,
    });
    sourceId = saved._id;

    await page.getByTestId('table-search').fill(SOURCE_NAME);
    // The search reaches the address once typing settles; an editor reads the filtered list then.
    await page.waitForURL((url) => url.searchParams.get('q') === SOURCE_NAME);
    await screenReady(page);
    const row = page.locator(`tr[data-row-id="${sourceId}"]`);
    await expect.poll(() => row.innerText(), { timeout: 15_000 }).toContain('Every 30 min · 2 feeds');
    await row.getByRole('button', { name: `Run now: ${SOURCE_NAME}` }).click();
    await expect
      .poll(() => page.locator('.mantine-Notification-root', { hasText: `${SOURCE_NAME} —` }).innerText(), {
        // The run fetches every feed before it answers.
        timeout: 30_000,
      })
      .toContain(`${SOURCE_NAME} — new: 2, already seen: 0, errors: 1`);

    await row.getByRole('link', { name: `Runs of ${SOURCE_NAME}` }).click();
    await page.waitForURL(/\/panel\/media-source-runs\?mediaSource=/);
    await screenReady(page);
    const run = page.locator('tbody tr[data-row-id]').first();
    await expect
      .poll(() => run.locator('[data-status]').getAttribute('data-status'), { timeout: 15_000 })
      .toBe('done');
    expect(await run.locator('[data-count="new"]').innerText()).toBe('2');
    expect(await run.locator('[data-count="errors"]').innerText()).toBe('1');

    await openScreen(page, journey.baseUrl, `/panel/scrape-reports?mediaSource=${sourceId}`);
    await expect
      .poll(() => page.getByTestId('table-total').getAttribute('data-total'), { timeout: 15_000 })
      .toBe('1');
    const report = page.locator('tbody tr[data-row-id]').first();
    expect(await report.getByTestId('report-url').innerText()).toBe(`${feedBase}/gone.xml`);
    expect(await report.innerText()).toContain('HTTP error');
  });

  it('the items are in the New list with source and image; the restated claim shows its match', async () => {
    const page = await journey.newPage({ language: 'ar', user: editor });
    await openScreen(page, journey.baseUrl, `/panel/feeds/list/new?q=${encodeURIComponent('حماة')}`);
    const fresh = card(page, FRESH);
    await fresh.waitFor();
    expect(await fresh.getByTestId('feed-sources').innerText()).toContain(SOURCE_NAME);
    expect(await fresh.locator('img').getAttribute('src')).toMatch(/storage\/news-feed\/.+\.png/);
    expect(await fresh.getByTestId('feed-match').count()).toBe(0);

    await openScreen(page, journey.baseUrl, `/panel/feeds/list/new?q=${encodeURIComponent(checked.title)}`);
    const restated = page
      .locator('[data-testid="feed-card"]')
      .filter({ has: page.getByTestId('feed-match') });
    await restated.first().waitFor();
    const badge = restated.first().getByTestId('feed-match');
    expect(await badge.innerText()).toContain('ربما سبق التحقّق منه:');
    const link = badge.getByRole('link', { name: checked.title });
    expect(await link.getAttribute('href')).toBe(`/panel/factcheck/edit/${checked._id}`);
  });

  it('an editor investigates the new item: Review, then Investigate opens its draft fact-check', async () => {
    const page = await journey.newPage({ language: 'en', user: editor });
    await openScreen(page, journey.baseUrl, `/panel/feeds/list/new?q=${encodeURIComponent(FRESH)}`);
    await card(page, FRESH)
      .getByRole('button', { name: `Review: ${FRESH}` })
      .click();
    await card(page, FRESH).waitFor({ state: 'detached' });
    await openScreen(page, journey.baseUrl, `/panel/feeds/list/review?q=${encodeURIComponent(FRESH)}`);
    await card(page, FRESH)
      .getByRole('button', { name: `Investigate: ${FRESH}` })
      .click();
    await page.waitForURL(/\/panel\/factcheck\/edit\/[0-9a-f]{24}$/);
    const factcheckId = page.url().split('/').pop()!;
    const item = (
      await journey.api(
        journey.admin,
        'GET',
        `/api/feed?title=${encodeURIComponent(FRESH)}&mediaSource=${sourceId}`,
      )
    ).body.data[0];
    expect(item.factcheck).toEqual({ _id: factcheckId, title: FRESH });
  });

  it('the feed cards, the media-source dialog and the scrape reports are accessible in both languages and themes', async () => {
    await auditScreen(
      journey,
      `/panel/feeds/list/new?q=${encodeURIComponent(checked.title)}`,
      'monitoring-feed-match',
      {
        user: editor,
        prepare: (page) => page.getByTestId('feed-match').first().waitFor(),
      },
    );
    await auditScreen(
      journey,
      `/panel/media-sources?q=${encodeURIComponent(SOURCE_NAME)}`,
      'monitoring-source-dialog',
      {
        user: editor,
        prepare: async (page) => {
          await page.getByRole('button', { name: new RegExp(`^(Edit|تحرير) ${SOURCE_NAME}$`) }).click();
          await expect
            .poll(() =>
              page.getByRole('dialog').locator('[data-field-name="feeds"] textarea').first().inputValue(),
            )
            .toContain('/news.xml');
        },
      },
    );
    await auditScreen(journey, `/panel/scrape-reports?mediaSource=${sourceId}`, 'monitoring-scrape-reports', {
      user: editor,
      prepare: (page) => page.getByTestId('report-url').first().waitFor(),
    });
  });
});
