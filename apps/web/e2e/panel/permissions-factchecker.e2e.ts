// A fact-checker's back office: no Users, Roles, Contact or Audit entries, never offered to publish
// (the server refuses it anyway), and a dashboard without the contact messages they cannot read.
import { describe, expect, it } from 'vitest';
import { openScreen, setUpPanelJourney } from './harness.ts';

const journey = setUpPanelJourney();

describe('a fact-checker in the back office', () => {
  it('sees no Users, Roles, Contact or Audit menu items', async () => {
    const checker = await journey.createUser(['fact-checker'], { name: 'Sami Checker' });
    const page = await journey.newPage({ language: 'en', user: checker });
    await openScreen(page, journey.baseUrl, '/panel/dashboard');
    const menu = page.getByTestId('side-menu');
    const links = await menu.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(links).toEqual(
      expect.arrayContaining(['/panel/dashboard', '/panel/factcheck/draft', '/panel/article/review']),
    );
    for (const hidden of ['/panel/users', '/panel/roles', '/panel/contact', '/panel/audit']) {
      expect(links).not.toContain(hidden);
    }
    // The dashboard leaves out the contact messages, and still shows what waits for review.
    await page.getByTestId('attention-factcheck-review').waitFor();
    expect(await page.getByTestId('attention-contact').count()).toBe(0);
  });

  it('is offered only Draft when moving an item in review, and the server refuses to publish', async () => {
    const checker = await journey.createUser(['fact-checker'], { name: 'Huda Checker' });
    const created = await journey.api(journey.admin, 'POST', '/api/factcheck', {
      title: 'Permissions: a claim waiting for review',
      description: 'A fact-check in review.',
      status: 'review',
    });
    expect(created.status).toBe(200);
    const id = created.body._id as string;

    const page = await journey.newPage({ language: 'en', user: checker });
    await openScreen(page, journey.baseUrl, '/panel/factcheck/review');
    await page.locator(`tr[data-row-id="${id}"]`).getByTestId('row-menu').click();
    const moves = await page
      .locator('.mantine-Menu-dropdown [data-move-to]')
      .evaluateAll((items) => items.map((i) => i.getAttribute('data-move-to')));
    expect(moves).toEqual(['draft']);
    await page.keyboard.press('Escape');

    // Bulk moves offer the same.
    await page.locator(`tr[data-row-id="${id}"]`).getByRole('checkbox').check();
    await page.getByTestId('bulk-move').click();
    // The menu opens with a transition: read its items once the first one is there.
    await page.locator('[data-bulk-move]').first().waitFor({ timeout: 15_000 });
    const bulk = await page
      .locator('[data-bulk-move]')
      .evaluateAll((items) => items.map((i) => i.getAttribute('data-bulk-move')));
    expect(bulk).toEqual(['draft']);

    // The server is the judge: publishing is refused, a move to draft (with its reason) is not.
    const refused = await journey.api(checker, 'PATCH', `/api/factcheck/${id}`, [
      { op: 'replace', path: '/status', value: 'published' },
    ]);
    expect(refused.status).toBe(403);
    const stored = await journey.api(journey.admin, 'GET', `/api/factcheck/${id}`);
    expect(stored.body.data[0].status).toBe('review');
    const allowed = await journey.api(checker, 'PATCH', `/api/factcheck/${id}`, [
      { op: 'replace', path: '/status', value: 'draft' },
      { op: 'replace', path: '/statusReason', value: 'The claim needs a second source.' },
    ]);
    expect(allowed.status).toBe(200);
  });
});
