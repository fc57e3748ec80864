// Moving fact-checks between the draft, review and published lists (one by one and in bulk) and
// deleting them with the spec's confirmation; the server's state is checked after each action.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectToast, openScreen, type PanelJourney, screenReady, setUpPanelJourney } from './harness.ts';

const journey = setUpPanelJourney();
const WAIT = { timeout: 15_000 };

/** A fact-check made through the API for this test (a unique title to find it by). */
async function createFactcheck(
  j: PanelJourney,
  status: 'draft' | 'review' | 'published',
  title: string,
): Promise<string> {
  // Complete enough for the publish gate (issue 33 §2): verdict, claim summary, a claim source
  // whose archiving is acknowledged, a conclusion.
  const source = 'https://example.org/posts/bread-prices';
  const answer = await j.api(j.admin, 'POST', '/api/factcheck', {
    title,
    description: `${title} (description)`,
    status,
    category: 'fraud',
    author: '0a0000000000000000000001',
    claimSummary: 'Bread prices in Aleppo doubled overnight',
    conclusion: '<p>Prices rose by a tenth.</p>',
    sources: `<p><a href="${source}">${source}</a></p>`,
    evidenceAcknowledged: [source],
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body._id as string;
}

const statusOf = async (id: string) =>
  (await journey.api(journey.admin, 'GET', `/api/factcheck/${id}`)).body.data[0].status;

const row = (page: Page, id: string) => page.locator(`tr[data-row-id="${id}"]`);

async function openRowMenu(page: Page, id: string) {
  await row(page, id).getByTestId('row-menu').click();
  await page.locator('.mantine-Menu-dropdown').waitFor();
}

describe('moving and deleting fact-checks', () => {
  it('editors move a fact-check from draft to review and from review to published', async () => {
    const id = await createFactcheck(journey, 'draft', 'Workflow: a claim about bread prices in Aleppo');
    const page = await journey.newPage({ language: 'en', user: journey.admin });
    await openScreen(page, journey.baseUrl, '/panel/factcheck/draft');
    await openRowMenu(page, id);
    await page.getByRole('menuitem', { name: 'Move to Review' }).click();
    await expectToast(page, 'Saved successfully');
    await row(page, id).waitFor({ state: 'detached' });
    expect(await statusOf(id)).toBe('review');

    // It is now in the review list (through the status link), and leaves it when published.
    await page.locator('[data-status-link="review"]').click();
    await page.waitForURL(/\/panel\/factcheck\/review$/);
    await screenReady(page);
    await row(page, id).waitFor();
    await openRowMenu(page, id);
    await page.getByRole('menuitem', { name: 'Move to Published' }).click();
    await row(page, id).waitFor({ state: 'detached' });
    const stored = (await journey.api(journey.admin, 'GET', `/api/factcheck/${id}`)).body.data[0];
    expect([stored.status, Boolean(stored.publishedAt)]).toEqual(['published', true]);

    await page.locator('[data-status-link="published"]').click();
    await page.waitForURL(/\/panel\/factcheck\/published$/);
    await screenReady(page);
    // Newest publication first: it heads the published list, and opens on the site.
    await expect.poll(() => page.locator('tbody tr').first().getAttribute('data-row-id'), WAIT).toBe(id);
    await openRowMenu(page, id);
    const open = page.getByRole('menuitem', { name: 'Open on the site' });
    expect(await open.getAttribute('href')).toBe(`/factcheck/${stored.slug}`);
  });

  it('editors move several selected fact-checks to review with one confirmation and one toast', async () => {
    const ids = [
      await createFactcheck(journey, 'draft', 'Bulk: first claim about fuel'),
      await createFactcheck(journey, 'draft', 'Bulk: second claim about fuel'),
      await createFactcheck(journey, 'draft', 'Bulk: third claim about fuel'),
    ];
    const page = await journey.newPage({ language: 'ar', user: journey.admin });
    await openScreen(page, journey.baseUrl, '/panel/factcheck/draft?q=Bulk');
    await expect.poll(() => page.getByTestId('table-total').getAttribute('data-total'), WAIT).toBe('3');
    for (const id of ids) await row(page, id).getByRole('checkbox').check();
    await page.getByTestId('bulk-move').click();
    await page.locator('[data-bulk-move="review"]').click();
    const dialog = page.getByRole('dialog');
    await expect
      .poll(() => dialog.innerText(), WAIT)
      .toContain('هل تريد نقل 3 من العناصر إلى «قيد المراجعة»؟');
    await dialog.getByRole('button', { name: 'تأكيد' }).click();
    await expectToast(page, 'تمّ تنفيذ 3 من أصل 3');
    await expect.poll(() => page.getByTestId('table-total').getAttribute('data-total'), WAIT).toBe('0');
    expect(await Promise.all(ids.map(statusOf))).toEqual(['review', 'review', 'review']);
  });

  it("editors delete a fact-check only after confirming: 'Keep it' keeps it, 'Delete' deletes it", async () => {
    const id = await createFactcheck(journey, 'draft', 'Delete: a rumour about the border crossing');
    const page = await journey.newPage({ language: 'en', user: journey.admin });
    await openScreen(page, journey.baseUrl, '/panel/factcheck/draft');
    await openRowMenu(page, id);
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.innerText(), WAIT).toContain('Are you sure you want to delete this item?');
    // The dialog's corner close button is named 'Keep it' too (it keeps the item): the footer's is clicked.
    await dialog.getByRole('button').filter({ hasText: 'Keep it' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await journey.api(journey.admin, 'GET', `/api/factcheck/${id}`)).status).toBe(200);
    expect(await row(page, id).count()).toBe(1);

    await openRowMenu(page, id);
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Deleted');
    await row(page, id).waitFor({ state: 'detached' });
    expect((await journey.api(journey.admin, 'GET', `/api/factcheck/${id}`)).status).toBe(404);
  });
});
