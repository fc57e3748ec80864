// Roles at /panel/roles: create and edit a role, delete one (never super-admin), and the permission
// matrix: a change that opens and then closes Contact to a role's users (side menu and API), the
// "may publish" selector, and super-admin's read-only matrix; each checked on the server.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { auditScreen, expectToast, openScreen, setUpPanelJourney } from './harness.ts';

const journey = setUpPanelJourney();

async function rolesPage(path = '/panel/roles'): Promise<Page> {
  const page = await journey.newPage({ language: 'en', user: journey.admin });
  await openScreen(page, journey.baseUrl, path);
  return page;
}

async function createRole(_id: string, name: string): Promise<void> {
  const answer = await journey.api(journey.admin, 'POST', '/api/role', { _id, name });
  expect(answer.status).toBe(200);
}

async function storedRule(path: string) {
  const answer = await journey.api(journey.admin, 'GET', `/api/permission?path=${encodeURIComponent(path)}`);
  return (
    answer.body.data as {
      path: string;
      actions: Record<string, { by: string; value?: string; selectors?: unknown }[]>;
    }[]
  ).find((row) => row.path === path);
}

async function saveMatrix(page: Page): Promise<void> {
  await page.getByTestId('matrix-save').click();
  await expectToast(page, 'have been saved');
  await expect.poll(() => page.getByTestId('matrix-pending').innerText(), { timeout: 10_000 }).toBe('');
}

describe('roles and their permissions', () => {
  it('admins create a role, then rename it with its id read-only', async () => {
    const page = await rolesPage();
    expect(await page.title()).toBe('Roles - Tabayyun');
    await page.getByTestId('create-role').click();
    const dialog = page.getByRole('dialog', { name: 'Create role' });
    await dialog.getByLabel('Id').fill('Desk Editor');
    await dialog.getByLabel('Name').fill('Desk editor');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Use lower-case letters, digits, - and _ only').waitFor();
    await dialog.getByLabel('Id').fill('desk-editor');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Saved successfully');
    expect((await journey.api(journey.admin, 'GET', '/api/role/desk-editor')).body.data[0]).toMatchObject({
      _id: 'desk-editor',
      name: 'Desk editor',
    });

    await page.getByRole('button', { name: 'Edit Desk editor' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit role' });
    expect(await edit.getByLabel('Id').getAttribute('readonly')).not.toBeNull();
    await edit.getByLabel('Name').fill('Night desk');
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.locator('tr[data-row-id="desk-editor"]', { hasText: 'Night desk' }).waitFor();
    expect((await journey.api(journey.admin, 'GET', '/api/role/desk-editor')).body.data[0].name).toBe(
      'Night desk',
    );
  });

  it('admins delete a role; super-admin has no delete button and the server refuses it', async () => {
    await createRole('temp-role', 'Temporary');
    const page = await rolesPage();
    await page.getByRole('button', { name: 'Delete Temporary' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.innerText()).toContain('Are you sure you want to delete this item?');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.locator('tr[data-row-id="temp-role"]').waitFor({ state: 'detached' });
    expect((await journey.api(journey.admin, 'GET', '/api/role/temp-role')).status).toBe(404);
    expect(await page.locator('tr[data-row-id="super-admin"] [data-action="delete"]').count()).toBe(0);
    expect(await page.locator('tr[data-row-id="editor"] [data-action="delete"]').count()).toBe(1);
    const refused = await journey.api(journey.admin, 'DELETE', '/api/role/super-admin');
    expect(refused.status).toBe(403);
  });

  it("granting and then taking Read on contact shows and hides Contact in the role's menu and API", async () => {
    await createRole('contact-desk', 'Contact desk');
    const member = await journey.createUser(['contact-desk']);
    const page = await rolesPage('/panel/roles?permissions=contact-desk');
    const matrix = page.getByRole('dialog', { name: 'Permissions: Contact desk' });
    await matrix.getByTestId('matrix-table').waitFor();
    expect(await matrix.getByTestId('matrix-preview').innerText()).toContain('Nothing of its own yet');
    const readContact = matrix.getByRole('checkbox', { name: 'Read: Contact messages' });
    expect(await readContact.isChecked()).toBe(false);
    await readContact.check();
    expect(await matrix.getByTestId('matrix-preview').innerText()).toContain('Read: Contact messages.');
    await saveMatrix(page);
    const grant = await storedRule('/api/contact');
    expect(grant?.actions.Read?.[0]).toEqual({ by: 'role', value: 'contact-desk', access: 'grant' });
    // Other roles keep their grants: the stored list is the merged one plus this role.
    expect(grant?.actions.Read?.map((p) => p.value)).toEqual(expect.arrayContaining(['admin', 'editor']));

    const memberPage = await journey.newPage({ language: 'en', user: member });
    await openScreen(memberPage, journey.baseUrl, '/panel/dashboard');
    await memberPage.getByTestId('side-menu').getByRole('link', { name: 'Contact' }).waitFor();
    expect((await journey.api(member, 'GET', '/api/contact')).status).toBe(200);

    await readContact.uncheck();
    await saveMatrix(page);
    expect((await journey.api(member, 'GET', '/api/contact')).status).toBe(403);
    await openScreen(memberPage, journey.baseUrl, '/panel/dashboard');
    await memberPage.getByTestId('side-menu').waitFor();
    expect(await memberPage.getByTestId('side-menu').getByRole('link', { name: 'Contact' }).count()).toBe(0);
    // The editors still read contact messages.
    const editor = await journey.createUser(['editor']);
    expect((await journey.api(editor, 'GET', '/api/contact')).status).toBe(200);
  });

  it('a role given fact-check writes without "may publish" is limited to draft and review', async () => {
    await createRole('desk-writer', 'Desk writer');
    const page = await rolesPage('/panel/roles?permissions=desk-writer');
    const matrix = page.getByRole('dialog', { name: 'Permissions: Desk writer' });
    const publish = matrix.getByRole('checkbox', { name: 'May publish: Fact-checks' });
    expect(await publish.isDisabled()).toBe(true);
    await matrix.getByRole('checkbox', { name: 'Read: Fact-checks' }).check();
    await matrix.getByRole('checkbox', { name: 'Update: Fact-checks' }).check();
    expect(await publish.isDisabled()).toBe(false);
    expect(await publish.isChecked()).toBe(false);
    await saveMatrix(page);
    const limited = (await storedRule('/api/factcheck'))?.actions.Update?.[0];
    expect(limited).toEqual({
      by: 'role',
      value: 'desk-writer',
      access: 'grant',
      selectors: { payload: { status: ['draft', 'review'] } },
    });
    await publish.check();
    expect(await matrix.getByTestId('matrix-preview').innerText()).toContain('May publish: Fact-checks.');
    await saveMatrix(page);
    expect((await storedRule('/api/factcheck'))?.actions.Update?.[0]).toEqual({
      by: 'role',
      value: 'desk-writer',
      access: 'grant',
    });
  });

  it("super-admin's matrix is read-only and grants everything", async () => {
    const page = await rolesPage('/panel/roles?permissions=super-admin');
    const matrix = page.getByRole('dialog', { name: 'Permissions: Super admin' });
    await matrix.getByTestId('matrix-read-only').waitFor();
    const boxes = matrix.locator(
      'input[type="checkbox"][data-cell$=":Read"], input[type="checkbox"][data-cell$=":Delete"]',
    );
    expect(await boxes.count()).toBe(28);
    for (const box of await boxes.all()) {
      expect([await box.isChecked(), await box.isDisabled()]).toEqual([true, true]);
    }
    expect(await matrix.getByTestId('matrix-save').count()).toBe(0);
  });

  it('the roles screen and the matrix are accessible in both languages and themes', async () => {
    await auditScreen(journey, '/panel/roles', 'roles');
    await auditScreen(journey, '/panel/roles?permissions=editor', 'roles-matrix', {
      prepare: async (page) => {
        await page.getByTestId('matrix-table').waitFor();
      },
    });
  });
});
