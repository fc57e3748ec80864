// Impersonation: an admin acts as an editor from the users list (the page reloads after 250 ms),
// the top bar says "Acting as …" and the Users menu item is gone; "Back to my account" restores the
// admin. The server records both ends in the audit log.
import { describe, expect, it } from 'vitest';
import { openScreen, screenReady, setUpPanelJourney } from './harness.ts';

const journey = setUpPanelJourney();

describe('impersonation', () => {
  it('admins act as an editor from the users list and come back to their own account', async () => {
    const editor = await journey.createUser(['editor'], { name: 'Huda Editor' });
    const page = await journey.newPage({ language: 'en', user: journey.admin });
    await openScreen(page, journey.baseUrl, '/panel/users');
    const menu = page.getByTestId('side-menu');
    await menu.getByRole('link', { name: 'Users' }).waitFor();
    await page.getByTestId('table-search').fill(editor.email);
    await expect.poll(() => page.locator('tr[data-row-id]').count(), { timeout: 5000 }).toBe(1);
    await page.getByRole('button', { name: `Actions for ${editor.email}` }).click();
    await page.locator('[data-action="impersonate"]').click();
    await page.waitForURL(/\/panel\/dashboard$/);
    await screenReady(page);
    await expect
      .poll(() => page.getByTestId('impersonation-banner').innerText())
      .toBe('Acting as Huda Editor');
    await menu.getByRole('link', { name: 'Contact' }).waitFor();
    expect(await menu.getByRole('link', { name: 'Users' }).count()).toBe(0);
    // The API now answers as the editor.
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const asEditor = await fetch(`${journey.baseUrl}/api/user`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(asEditor.status).toBe(403);

    await page.getByTestId('user-menu').click();
    await page.getByTestId('unimpersonate').click();
    await page.waitForURL(/\/panel\/dashboard$/);
    await screenReady(page);
    await menu.getByRole('link', { name: 'Users' }).waitFor();
    expect(await page.getByTestId('impersonation-banner').count()).toBe(0);
    const events = await journey.api(
      journey.admin,
      'GET',
      `/api/audit?target=${editor.sub}&sort_by=-createdAt`,
    );
    expect((events.body.data as { type: string }[]).map((e) => e.type)).toEqual(
      expect.arrayContaining(['impersonate', 'unimpersonate']),
    );
  });
});
