// The dashboard: its counters say what the API counts, a breakdown follows its period (a preset or
// a custom range picked in the calendar), and a row opens the published list filtered by that
// value and period, whose total is the row's count.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { auditScreen, openScreen, screenReady, setUpPanelJourney } from './harness.ts';

const journey = setUpPanelJourney();
const WAIT = { timeout: 15_000 };

const apiCount = async (path: string) => {
  const answer = await journey.api(journey.admin, 'GET', path);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as number;
};

interface Row {
  id: string;
  count: number;
}

/** The rows a breakdown card shows, once it has settled. */
async function cardRows(page: Page, field: string): Promise<Row[]> {
  const card = page.getByTestId(`breakdown-${field}`);
  await page.waitForFunction(
    (selector) => !document.querySelector(`${selector} [data-loading="true"]`),
    `[data-testid="breakdown-${field}"]`,
    WAIT,
  );
  return card.locator('[data-row-id]').evaluateAll((links) =>
    links.map((a) => ({
      id: a.getAttribute('data-row-id') ?? '',
      count: Number(a.getAttribute('data-count')),
    })),
  );
}

/** What the stats endpoint answers for the published fact-checks of a range. */
async function apiRows(field: string, start: number, end: number): Promise<Row[]> {
  const answer = await journey.api(
    journey.admin,
    'GET',
    `/api/stats/factcheck?by=${field}&status=published&publishedAt=${encodeURIComponent(`{btw}${start},${end}`)}`,
  );
  expect(answer.status).toBe(200);
  return (answer.body.data as { _id: string | null; count: number }[]).map((r) => ({
    id: r._id ?? '',
    count: r.count,
  }));
}

const sortRows = (rows: Row[]) => [...rows].sort((a, b) => a.id.localeCompare(b.id));

/** What the publish gate asks beside the verdict (issue 33 §2): a claim summary, a claim source whose
 * archiving is acknowledged, a conclusion. */
const publishable = (source: string) => ({
  claimSummary: 'A claim the dashboard counts',
  conclusion: '<p>Checked.</p>',
  sources: `<p><a href="${source}">${source}</a></p>`,
  evidenceAcknowledged: [source],
});

describe('the dashboard', () => {
  it("shows counters equal to the API's counts", async () => {
    await journey.api(journey.admin, 'POST', '/api/contract', {
      name: 'Reader',
      email: 'reader@example.org',
      subject: 'A correction request about a published fact-check',
    });
    const page = await journey.newPage({ language: 'en', user: journey.admin });
    await openScreen(page, journey.baseUrl, '/panel/dashboard');
    // The side menu marks the screen shown, for screen readers too, and only that one.
    const current = page.getByTestId('side-menu').locator('a[aria-current="page"]');
    expect(await current.count()).toBe(1);
    expect(await current.getAttribute('href')).toBe('/panel/dashboard');
    const shown = (testId: string) => page.getByTestId(testId).getAttribute('data-count');
    for (const kind of ['factcheck', 'article']) {
      for (const status of ['published', 'draft', 'review']) {
        const expected = await apiCount(`/api/${kind}/count?status=${status}`);
        expect(await shown(`counter-${kind}-${status}`), `${kind} ${status}`).toBe(String(expected));
      }
    }
    const published = await apiCount('/api/factcheck/count?status=published');
    expect((await page.getByTestId('counter-factcheck').innerText()).replace(/\s+/g, ' ')).toContain(
      `Factchecks ${published} published ${await apiCount('/api/factcheck/count?status=draft')} drafts`,
    );
    const unhandled = await apiCount('/api/contact/count?handled=false');
    expect(unhandled).toBeGreaterThan(0);
    expect(await shown('attention-contact')).toBe(String(unhandled));
    expect(await shown('attention-factcheck-review')).toBe(
      String(await apiCount('/api/factcheck/count?status=review')),
    );
  });

  it('a breakdown follows its period, and a row opens the published list with the same total', async () => {
    // Something published today, so "Today" has rows of its own.
    const created = await journey.api(journey.admin, 'POST', '/api/factcheck', {
      title: 'Dashboard: a video from 2019 shared as new',
      description: 'An old video presented as recent.',
      status: 'published',
      category: 'confounding',
      author: '0a0000000000000000000002',
      ...publishable('https://example.org/dashboard/video-2019'),
    });
    expect(created.status).toBe(200);

    const page = await journey.newPage({ language: 'en', user: journey.admin });
    await openScreen(page, journey.baseUrl, '/panel/dashboard');
    const today = await page.evaluate(() => {
      const now = new Date();
      return {
        start: new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime(),
        end: new Date(now.getFullYear(), now.getMonth(), now.getDate(), 23, 59, 59, 999).getTime(),
      };
    });
    const todayRows = await cardRows(page, 'category');
    expect(todayRows.map((r) => r.id)).toContain('confounding');
    expect(sortRows(todayRows)).toEqual(sortRows(await apiRows('category', today.start, today.end)));

    // A custom range over 2024, picked in the calendar.
    const card = page.getByTestId('breakdown-category');
    await card.getByTestId('period-select').selectOption({ label: 'Custom range' });
    await card.getByTestId('period-dates').click();
    const pickDay = async (year: string, month: string, day: string) => {
      await page.getByRole('button', { name: 'Choose a month' }).click();
      await page.getByRole('button', { name: 'Choose a year' }).click();
      await page.getByRole('button', { name: year, exact: true }).click();
      await page.getByRole('button', { name: month, exact: true }).click();
      await page
        .locator('.mantine-DatePickerInput-day:not([data-outside])', { hasText: new RegExp(`^${day}$`) })
        .click();
    };
    await pickDay('2024', 'Jan', '1');
    await pickDay('2024', 'Dec', '31');
    await expect.poll(() => card.getByTestId('period-dates').innerText(), WAIT).toContain('1 Jan 2024');
    const start = new Date(2024, 0, 1).getTime();
    const end = new Date(2024, 11, 31, 23, 59, 59, 999).getTime();
    const expected = await apiRows('category', start, end);
    await expect
      .poll(async () => sortRows(await cardRows(page, 'category')), WAIT)
      .toEqual(sortRows(expected));
    const sum = (rows: Row[]) => rows.reduce((n, r) => n + r.count, 0);
    expect(sum(expected)).toBeGreaterThan(sum(todayRows));

    // The "False" row opens the published list filtered by that rating and period.
    const fraud = expected.find((r) => r.id === 'fraud')!;
    await card.locator('[data-row-id="fraud"]').click();
    await page.waitForURL(/\/panel\/factcheck\/published\?/);
    await screenReady(page);
    const url = new URL(page.url());
    expect([url.searchParams.get('category'), url.searchParams.get('publishedAt')]).toEqual([
      'fraud',
      `{btw}${start},${end}`,
    ]);
    await expect
      .poll(() => page.getByTestId('table-total').getAttribute('data-total'), WAIT)
      .toBe(String(fraud.count));
    expect(await page.locator('[data-filter-chip="category"]').innerText()).toContain('Rating: False');
  });

  it('links a row without a value with a "not exists" filter', async () => {
    const created = await journey.api(journey.admin, 'POST', '/api/factcheck', {
      title: 'لوحة المتابعة: ادعاء بلا دولة',
      description: 'تحقّق بلا دولة',
      status: 'published',
      category: 'fraud',
      ...publishable('https://example.org/dashboard/no-country'),
    });
    expect(created.status).toBe(200);
    const page = await journey.newPage({ language: 'ar', user: journey.admin });
    await openScreen(page, journey.baseUrl, '/panel/dashboard');
    const card = page.getByTestId('breakdown-country');
    await card.getByTestId('period-select').selectOption({ label: 'آخر 30 يوماً' });
    const none = card.locator('[data-row-id=""]');
    await none.waitFor(WAIT);
    expect(await none.innerText()).toContain('بلا قيمة');
    const count = await none.getAttribute('data-count');
    await none.click();
    await page.waitForURL((u) => u.searchParams.get('country') === '{exists}false');
    await screenReady(page);
    await expect.poll(() => page.getByTestId('table-total').getAttribute('data-total'), WAIT).toBe(count);
  });

  it('is accessible in both languages and themes', async () => {
    await auditScreen(journey, '/panel/dashboard', 'dashboard');
  });
});
