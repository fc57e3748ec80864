// The audit log at /panel/audit: an impersonation shows with readable names in both languages,
// filtered by what, who and when from the controls, the filters kept in the address.
import { describe, expect, it } from 'vitest';
import { auditScreen, openScreen, screenReady, setUpPanelJourney } from './harness.ts';

const journey = setUpPanelJourney();

const day = (offset: number) => {
  const d = new Date(Date.now() + offset * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

describe('the audit log', () => {
  it('shows an impersonation by the admin, filtered by what, who and when', async () => {
    const editor = await journey.createUser(['editor']);
    const other = await journey.createUser(['admin']);
    const started = await journey.api(journey.admin, 'POST', '/auth/impersonate', { sub: editor.sub });
    expect(started.status).toBe(200);
    await journey.tokensOf(other);

    const page = await journey.newPage({ language: 'en', user: journey.admin });
    await openScreen(page, journey.baseUrl, '/panel/audit');
    expect(await page.title()).toBe('Audit log - Tabayyun');
    await page.getByRole('combobox', { name: 'What' }).click();
    await page.getByRole('option', { name: 'Started acting as a user' }).click();
    await page.waitForURL(/type=impersonate/);
    await screenReady(page);
    const rows = page.locator('tr[data-row-id]');
    await expect.poll(() => rows.count()).toBe(1);
    const text = await rows.first().innerText();
    expect(text).toContain('Started acting as a user');
    expect(text).toContain(journey.admin.email);
    expect(text).toContain(editor.email);

    // Who: another admin did not impersonate anyone.
    await page.getByRole('combobox', { name: 'Who' }).fill(other.email);
    await page.getByRole('option', { name: other.email }).click();
    await page.waitForURL(new RegExp(`actor=${other.sub}`));
    await screenReady(page);
    await expect.poll(() => rows.count()).toBe(0);
    expect(await page.getByTestId('audit-table').innerText()).toContain('No items found');

    // When, from the address: today has it, a week ago does not.
    await openScreen(page, journey.baseUrl, `/panel/audit?type=impersonate&from=${day(0)}&to=${day(0)}`);
    await expect.poll(() => rows.count()).toBe(1);
    await openScreen(page, journey.baseUrl, `/panel/audit?type=impersonate&from=${day(-8)}&to=${day(-7)}`);
    await expect.poll(() => rows.count()).toBe(0);
  });

  it('names events in Arabic', async () => {
    const page = await journey.newPage({ language: 'ar', user: journey.admin });
    await openScreen(page, journey.baseUrl, '/panel/audit?type=sign-in');
    await expect.poll(() => page.locator('tr[data-row-id]').count()).toBeGreaterThan(0);
    expect(await page.locator('tr[data-row-id]').first().innerText()).toContain('سجّل الدخول');
    expect(await page.title()).toBe('سجل الأمان - تبيَّن');
  });

  it('the audit screen is accessible in both languages and themes', async () => {
    await auditScreen(journey, '/panel/audit', 'audit');
  });
});
