// On a 360×800 phone: the review list scrolls inside its table (never the page), and an editor
// signs in through the form and publishes a fact-check from the row's action menu.
import { describe, expect, it } from 'vitest';
import { expectToast, PHONE, screenReady, setUpPanelJourney, signInWithForm } from './harness.ts';

const journey = setUpPanelJourney();

describe('fact-checks on a phone', () => {
  it('an editor signs in on a 360×800 phone and publishes a fact-check in review from its action menu', async () => {
    const editor = await journey.createUser(['editor'], { name: 'Sara Phone' });
    const created = await journey.api(journey.admin, 'POST', '/api/factcheck', {
      title: 'هاتف: ادعاء ينتظر المراجعة عن انقطاع الكهرباء في حمص',
      description: 'تحقّق قيد المراجعة',
      status: 'review',
      // What the publish gate asks (issue 33 §2): verdict, claim summary, an acknowledged claim
      // source, a conclusion.
      category: 'fraud',
      claimSummary: 'انقطاع الكهرباء في حمص مستمر منذ أسبوع',
      conclusion: '<p>عادت الكهرباء بعد يومين.</p>',
      sources: '<p><a href="https://example.org/homs-power">https://example.org/homs-power</a></p>',
      evidenceAcknowledged: ['https://example.org/homs-power'],
    });
    expect(created.status).toBe(200);
    const id = created.body._id as string;

    const page = await journey.newPage({ language: 'ar', viewport: PHONE });
    await page.goto(`${journey.baseUrl}/panel/factcheck/review`);
    await page.waitForURL(/\/panel\/login\?next=/);
    await screenReady(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await signInWithForm(page, editor);
    await page.waitForURL(/\/panel\/factcheck\/review$/);
    await screenReady(page);
    // No horizontal scroll of the page itself; the table scrolls inside.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const row = page.locator(`tr[data-row-id="${id}"]`);
    await row.getByTestId('row-menu').click();
    await page.getByRole('menuitem', { name: 'نقل إلى «منشور»' }).click();
    await expectToast(page, 'تم الحفظ بنجاح');
    await row.waitFor({ state: 'detached' });
    const stored = await journey.api(journey.admin, 'GET', `/api/factcheck/${id}`);
    expect([stored.body.data[0].status, Boolean(stored.body.data[0].publishedAt)]).toEqual([
      'published',
      true,
    ]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
