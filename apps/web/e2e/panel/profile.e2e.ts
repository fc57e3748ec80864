// The profile at /panel/profile: the signed-in device is marked, another device is signed out (its
// sessions end on the server); an admin renames themselves; an editor's account is read-only; the
// reset link for the password.
import { describe, expect, it } from 'vitest';
import {
  auditScreen,
  expectToast,
  openScreen,
  screenReady,
  setUpPanelJourney,
  signInWithForm,
} from './harness.ts';

const journey = setUpPanelJourney();
/** A 1×1 PNG. */
const PIXEL =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

describe('the profile', () => {
  it('shows this device after signing in and signs another device out', async () => {
    const editor = await journey.createUser(['editor']);
    const page = await journey.newPage({ language: 'en' });
    await openScreen(page, journey.baseUrl, '/panel/login?next=%2Fpanel%2Fprofile');
    await signInWithForm(page, editor);
    await page.waitForURL(/\/panel\/profile$/);
    await screenReady(page);
    const here = await page.evaluate(() => localStorage.getItem('device'));
    expect(here).toMatch(/^[a-z0-9]{8}$/);
    // Another browser of the same user.
    const other = await journey.api(editor, 'POST', '/auth/device', {
      id: 'phone123',
      type: 'Web',
      name: 'Firefox',
      os: 'Android',
    });
    expect(other.status).toBe(200);
    await openScreen(page, journey.baseUrl, '/panel/profile');
    const current = page.locator(`[data-device-id="${here}"]`);
    expect(await current.getAttribute('data-current')).toBe('true');
    expect(await current.innerText()).toContain('This device');
    expect(await current.locator('[data-action="sign-out-device"]').count()).toBe(0);

    await page.getByRole('button', { name: 'Sign out Firefox · Android' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sign it out' }).click();
    await expectToast(page, 'The device has been signed out');
    await page.locator('[data-device-id="phone123"]').waitFor({ state: 'detached' });
    const devices = await journey.api(editor, 'GET', '/auth/devices');
    // (The test's own API sign-in is listed too: a sign-in without a device is one per User-Agent.)
    const ids = (devices.body.data as { id: string }[]).map((d) => d.id);
    expect(ids).toContain(here);
    expect(ids).not.toContain('phone123');
  });

  it("an editor's own name is read-only; the reset link is sent to their email", async () => {
    const editor = await journey.createUser(['editor'], { name: 'Maya Editor' });
    const page = await journey.newPage({ language: 'en', user: editor });
    await openScreen(page, journey.baseUrl, '/panel/profile');
    expect(await page.title()).toBe('Profile - Tabayyun');
    expect(await page.getByTestId('profile-email').innerText()).toBe(editor.email);
    expect(await page.getByLabel('Full name').inputValue()).toBe('Maya Editor');
    expect(await page.getByLabel('Full name').getAttribute('readonly')).not.toBeNull();
    expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);
    await page.getByTestId('send-reset-link').click();
    await expectToast(page, `A reset link is on its way to ${editor.email}`);
  });

  it('an admin renames themselves and changes their picture', async () => {
    const admin = await journey.createUser(['admin'], { name: 'Old Admin' });
    const page = await journey.newPage({ language: 'ar', user: admin });
    await openScreen(page, journey.baseUrl, '/panel/profile');
    await page.getByLabel('الاسم الكامل').fill('  رنا الأحمد ');
    await page.getByRole('button', { name: 'حفظ' }).click();
    await expectToast(page, 'تم الحفظ بنجاح');
    const stored = await journey.api(admin, 'GET', `/api/user/${admin.sub}`);
    expect(stored.body.data[0].name).toBe('رنا الأحمد');

    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'تغيير الصورة' }).click();
    await (await chooser).setFiles([
      { name: 'me.png', mimeType: 'image/png', buffer: Buffer.from(PIXEL, 'base64') },
    ]);
    await page.getByTestId('remove-picture').waitFor();
    const withPicture = await journey.api(admin, 'GET', `/api/user/${admin.sub}`);
    expect(withPicture.body.data[0].picture).toMatch(/avatars\/.+\.png$/);
    expect(await page.getByRole('img', { name: 'الصورة' }).getAttribute('src')).toBe(
      `/${withPicture.body.data[0].picture.replace(/^\//, '')}`,
    );
  });

  it('the profile screen, with a device to sign out, is accessible in both languages and themes', async () => {
    // Another browser of the admin's, so that its sign-out button is audited too.
    const other = await journey.api(journey.admin, 'POST', '/auth/device', {
      id: 'laptop42',
      type: 'Web',
      name: 'Safari',
      os: 'macOS',
    });
    expect(other.status).toBe(200);
    await auditScreen(journey, '/panel/profile', 'profile', {
      prepare: (page) =>
        page.locator('[data-device-id="laptop42"] [data-action="sign-out-device"]').waitFor(),
    });
  });
});
