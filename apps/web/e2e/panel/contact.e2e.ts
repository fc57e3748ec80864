// Contact messages at /panel/contact: a message a reader posts (POST /api/contract, anonymous)
// appears at the top; editors mark it handled and filter by it (in the address); search.
import { describe, expect, it } from 'vitest';
import { auditScreen, expectToast, openScreen, screenReady, setUpPanelJourney } from './harness.ts';

const journey = setUpPanelJourney();

async function postMessage(name: string, email: string, subject: string) {
  const answer = await fetch(`${journey.baseUrl}/api/contract`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, email, subject }),
  });
  expect(answer.status).toBeLessThan(300);
  const list = await journey.api(journey.admin, 'GET', `/api/contact?email=${encodeURIComponent(email)}`);
  return list.body.data[0] as { _id: string; handled: boolean };
}

describe('contact messages', () => {
  it('a message posted from the site appears first, and editors mark it handled', async () => {
    await postMessage('Older reader', 'older@example.org', 'An older message');
    const message = await postMessage(
      'سامر',
      'samer@example.org',
      'الصورة المتداولة عن حلب قديمة، من عام 2016.',
    );
    expect(message.handled).toBe(false);
    const editor = await journey.createUser(['editor']);
    const page = await journey.newPage({ language: 'en', user: editor });
    await openScreen(page, journey.baseUrl, '/panel/contact');
    expect(await page.title()).toBe('Contact - Tabayyun');
    const first = page.locator('tr[data-row-id]').first();
    expect(await first.getAttribute('data-row-id')).toBe(message._id);
    expect(await first.innerText()).toContain('الصورة المتداولة عن حلب قديمة');

    await page.getByTestId('contact-filter').getByText('Unhandled').click();
    await page.waitForURL(/handled=false/);
    await screenReady(page);
    const row = page.locator(`tr[data-row-id="${message._id}"]`);
    await row.getByRole('checkbox', { name: 'Handled: message from سامر' }).click();
    await expectToast(page, 'Marked as handled');
    const stored = await journey.api(journey.admin, 'GET', `/api/contact/${message._id}`);
    expect(stored.body.data[0].handled).toBe(true);
    await row.waitFor({ state: 'detached' });

    await page.getByTestId('contact-filter').getByText('Handled', { exact: true }).click();
    await page.waitForURL(/handled=true/);
    await row.waitFor();
    expect(await page.locator('tr[data-row-id]').count()).toBe(1);
  });

  it('searches messages by their text, and the search stays in the address', async () => {
    await postMessage('Nour', 'nour@example.org', 'Is the video of the flood in Idlib real?');
    const page = await journey.newPage({ language: 'ar', user: journey.admin });
    await openScreen(page, journey.baseUrl, '/panel/contact');
    await page.getByTestId('table-search').fill('flood in Idlib');
    await page.waitForURL(/q=flood/);
    await expect.poll(() => page.locator('tr[data-row-id]').count(), { timeout: 5000 }).toBe(1);
    expect(await page.locator('tr[data-row-id]').innerText()).toContain('Nour');
  });

  it('the contact screen is accessible in both languages and themes', async () => {
    await postMessage('Reem', 'reem@example.org', 'شكرًا على التحقق من خبر الجسر.');
    await auditScreen(journey, '/panel/contact', 'contact');
  });
});
