// The editorial workflow in the back office (issue 33 §1, §2, §5): a fact-checker submits a
// fact-check for review, an editor sends it back with a reason and its author sees the reason on the
// item and in the draft list; the publish-gate checklist blocks publishing, then allows it once the
// author has met it; an editor unpublishes with a required reason; a publication is scheduled and
// cancelled; Settings → Workflow switches gate items. Every new screen passes axe in both languages.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  auditScreen,
  expectToast,
  openScreen,
  type PanelJourney,
  PHONE,
  SCREENSHOTS,
  screenshot,
  setUpPanelJourney,
  type TestUser,
} from './harness.ts';

const journey = setUpPanelJourney();
const WAIT = { timeout: 15_000 };
const SOURCE = 'https://example.org/posts/citadel-fire';

/** A fact-check that meets every gate item (the source's archiving acknowledged), by `author`. */
function completeFactcheck(title: string, extra: Record<string, unknown> = {}) {
  return {
    title,
    description: `${title} (description)`,
    language: 'en',
    category: 'fraud',
    claimSummary: 'Video shows the citadel burning this week',
    claims: '<p>A video said to show the citadel burning this week.</p>',
    conclusion: '<p>The video was filmed in 2016.</p>',
    sources: `<p><a href="${SOURCE}">${SOURCE}</a></p>`,
    evidenceAcknowledged: [SOURCE],
    ...extra,
  };
}

async function create(j: PanelJourney, user: TestUser, body: Record<string, unknown>): Promise<string> {
  const answer = await j.api(user, 'POST', '/api/factcheck', body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body._id as string;
}

const stored = async (id: string) =>
  (await journey.api(journey.admin, 'GET', `/api/factcheck/${id}`)).body.data[0];
const action = (page: Page, kind: string) => page.locator(`[data-workflow-action="${kind}"]`);
const gateItem = (page: Page, key: string) => page.locator(`[data-gate-key="${key}"]`);

async function giveReason(page: Page, reason: string, confirm: string) {
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  // Without a reason nothing is sent.
  await dialog.getByRole('button', { name: confirm }).click();
  await dialog.getByTestId('reason-input').waitFor();
  expect(await dialog.locator('.mantine-InputWrapper-error').count()).toBe(1);
  await dialog.getByTestId('reason-input').fill(reason);
  await dialog.getByRole('button', { name: confirm }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('the editorial workflow', () => {
  it('a fact-checker submits for review; an editor sends it back with a reason the author then sees (en)', async () => {
    const checker = await journey.createUser(['fact-checker'], { name: 'Lina Checker' });
    const editor = await journey.createUser(['editor'], { name: 'Omar Editor' });
    const id = await create(
      journey,
      checker,
      completeFactcheck('Workflow: the citadel fire video', { status: 'draft' }),
    );

    const page = await journey.newPage({ language: 'en', user: checker });
    await openScreen(page, journey.baseUrl, `/panel/factcheck/edit/${id}`);
    // The two saves have their own names.
    expect(await page.getByTestId('editor-save').innerText()).toBe('Save and keep editing');
    expect(await page.locator('form button[type="submit"]').innerText()).toBe('Save');
    // A fact-checker may not publish: the control says so.
    expect(await action(page, 'publish').isDisabled()).toBe(true);
    expect(await page.getByTestId('publish-unavailable').innerText()).toContain(
      'You do not have the right to publish',
    );
    await action(page, 'submit').click();
    await expectToast(page, 'Submitted for review');
    await expect.poll(() => page.getByTestId('editor-status').textContent(), WAIT).toBe('Review');
    expect((await stored(id)).status).toBe('review');

    const editorPage = await journey.newPage({ language: 'en', user: editor });
    await openScreen(editorPage, journey.baseUrl, `/panel/factcheck/edit/${id}`);
    await action(editorPage, 'sendBack').click();
    await giveReason(editorPage, 'Add the 2016 upload as a reference.', 'Send back');
    await expectToast(editorPage, 'Sent back to the author');
    const back = await stored(id);
    expect([back.status, back.statusReason]).toEqual(['draft', 'Add the 2016 upload as a reference.']);

    // The author sees the reason on the item and in the draft list.
    await openScreen(page, journey.baseUrl, `/panel/factcheck/edit/${id}`);
    expect(await page.getByTestId('status-reason-banner').innerText()).toContain(
      'Add the 2016 upload as a reference.',
    );
    await screenshot(page, 'workflow-sent-back-ltr');
    await openScreen(page, journey.baseUrl, '/panel/factcheck/draft');
    expect(await page.locator(`tr[data-row-id="${id}"] [data-status-reason]`).innerText()).toContain(
      'Add the 2016 upload as a reference.',
    );
  });

  it('the gate checklist blocks publishing, then allows it once the author has met it (ar)', async () => {
    const checker = await journey.createUser(['fact-checker'], { name: 'هدى المدققة' });
    const editor = await journey.createUser(['editor'], { name: 'سامر المحرر' });
    const id = await create(
      journey,
      checker,
      completeFactcheck('سير العمل: فيديو حريق القلعة', { status: 'review', conclusion: null }),
    );

    const editorPage = await journey.newPage({ language: 'ar', user: editor });
    await openScreen(editorPage, journey.baseUrl, `/panel/factcheck/edit/${id}`);
    expect(await gateItem(editorPage, 'conclusion').getAttribute('data-state')).toBe('unmet');
    expect(await gateItem(editorPage, 'category').getAttribute('data-state')).toBe('met');
    expect(await action(editorPage, 'publish').isDisabled()).toBe(true);
    expect(await editorPage.locator('[data-blocked-by="gate"]').count()).toBe(1);
    await screenshot(editorPage, 'workflow-gate-rtl');
    // The item's link opens its field.
    await gateItem(editorPage, 'conclusion').getByRole('button').click();
    await expect
      .poll(
        () =>
          editorPage.evaluate(() =>
            Boolean(document.activeElement?.closest('[data-field-name="conclusion"]')),
          ),
        WAIT,
      )
      .toBe(true);
    // The server refuses the same (a race: the panel would not offer it).
    const refused = await journey.api(editor, 'PATCH', `/api/factcheck/${id}`, [
      { op: 'replace', path: '/status', value: 'published' },
    ]);
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('PUBLISH_GATE');
    expect(refused.body.details.unmet.map((u: { key: string }) => u.key)).toEqual(['conclusion']);

    // The author writes the conclusion; the editor may now publish.
    const page = await journey.newPage({ language: 'ar', user: checker });
    await openScreen(page, journey.baseUrl, `/panel/factcheck/edit/${id}`);
    await page.getByTestId('rich-text-conclusion').click();
    await page.keyboard.insertText('صُوّر الفيديو عام 2016.');
    await expect.poll(() => gateItem(page, 'conclusion').getAttribute('data-state'), WAIT).toBe('met');
    await page.getByTestId('editor-save').click();
    await expectToast(page, 'تم الحفظ بنجاح');

    await openScreen(editorPage, journey.baseUrl, `/panel/factcheck/edit/${id}`);
    await editorPage.getByTestId('checklist-all-met').waitFor();
    expect(await action(editorPage, 'publish').isDisabled()).toBe(false);
    await action(editorPage, 'publish').click();
    await expectToast(editorPage, 'نُشرت');
    await expect.poll(async () => (await stored(id)).status, WAIT).toBe('published');
  });

  it('four-eyes: an editor who made the last edit is told another editor must publish (en)', async () => {
    const checker = await journey.createUser(['fact-checker'], { name: 'Rami Checker' });
    const editor = await journey.createUser(['editor'], { name: 'Nour Editor' });
    const id = await create(journey, checker, completeFactcheck('Workflow: four eyes', { status: 'review' }));
    const page = await journey.newPage({ language: 'en', user: editor });
    await openScreen(page, journey.baseUrl, `/panel/factcheck/edit/${id}`);
    expect(await action(page, 'publish').isDisabled()).toBe(false);
    await page.locator('[data-field-name="title"] input').fill('Workflow: four eyes, edited by the editor');
    await page.getByTestId('editor-save').click();
    await expectToast(page, 'Saved successfully');
    await page.locator('[data-blocked-by="fourEyes"]').waitFor(WAIT);
    expect(await page.locator('[data-blocked-by="fourEyes"]').innerText()).toBe(
      'You made the last edit: another editor must publish it.',
    );
    expect(await action(page, 'publish').isDisabled()).toBe(true);
    // The server's refusal, if it happens anyway, reads in plain words.
    const refused = await journey.api(editor, 'PATCH', `/api/factcheck/${id}`, [
      { op: 'replace', path: '/status', value: 'published' },
    ]);
    expect([refused.status, refused.body.code]).toEqual([403, 'TRANSITION_NOT_ALLOWED']);
  });

  it('an editor unpublishes with a required reason, shown on the item (en)', async () => {
    const checker = await journey.createUser(['fact-checker'], { name: 'Maya Checker' });
    const editor = await journey.createUser(['editor'], { name: 'Karim Editor' });
    const id = await create(
      journey,
      checker,
      completeFactcheck('Workflow: to be withdrawn', { status: 'review' }),
    );
    const published = await journey.api(journey.admin, 'PATCH', `/api/factcheck/${id}`, [
      { op: 'replace', path: '/status', value: 'published' },
    ]);
    expect(published.status, JSON.stringify(published.body)).toBe(200);

    const page = await journey.newPage({ language: 'en', user: editor });
    await openScreen(page, journey.baseUrl, `/panel/factcheck/edit/${id}`);
    await action(page, 'unpublish').click();
    await giveReason(page, 'The source video was misattributed.', 'Unpublish');
    await expectToast(page, 'Unpublished');
    const after = await stored(id);
    expect([after.status, after.statusReason, Boolean(after.withdrawnAt)]).toEqual([
      'draft',
      'The source video was misattributed.',
      true,
    ]);
    await page.getByTestId('status-reason-banner').waitFor(WAIT);
    expect(await page.getByTestId('status-reason-banner').innerText()).toContain('Withdrawn from the site');
  });

  it('an editor schedules a publication, sees it in the Scheduled list, and cancels it (ar)', async () => {
    const checker = await journey.createUser(['fact-checker'], { name: 'سلمى المدققة' });
    const editor = await journey.createUser(['editor'], { name: 'باسل المحرر' });
    const id = await create(
      journey,
      checker,
      completeFactcheck('سير العمل: نشر مجدول', { status: 'review' }),
    );
    const page = await journey.newPage({ language: 'ar', user: editor });
    await openScreen(page, journey.baseUrl, `/panel/factcheck/edit/${id}`);
    const when = new Date(Date.now() + 3 * 24 * 3600_000);
    when.setSeconds(0, 0);
    const pad = (n: number) => String(n).padStart(2, '0');
    const local = `${when.getFullYear()}-${pad(when.getMonth() + 1)}-${pad(when.getDate())}T${pad(when.getHours())}:${pad(when.getMinutes())}`;
    await page.getByTestId('schedule-input').fill(local);
    await page.getByTestId('schedule-set').click();
    await expectToast(page, 'جُدول النشر');
    await page.getByTestId('scheduled-for').waitFor(WAIT);
    expect(new Date((await stored(id)).publishAt).getTime()).toBe(when.getTime());
    await screenshot(page, 'workflow-editor-scheduled-rtl');

    await openScreen(page, journey.baseUrl, '/panel/factcheck/scheduled');
    await page.locator(`tr[data-row-id="${id}"] [data-publish-at]`).waitFor(WAIT);

    await openScreen(page, journey.baseUrl, `/panel/factcheck/edit/${id}`);
    await page.getByTestId('schedule-cancel').click();
    await expectToast(page, 'أُلغيت الجدولة');
    await expect.poll(async () => (await stored(id)).publishAt ?? null, WAIT).toBeNull();
  });

  it('Settings → Workflow switches a gate item off and keeps the ClaimReview check locked on', async () => {
    const page = await journey.newPage({ language: 'en', user: journey.admin });
    await openScreen(page, journey.baseUrl, '/panel/dashboard');
    await page.getByTestId('side-menu').locator('a[href="/panel/settings/workflow"]').waitFor(WAIT);
    await openScreen(page, journey.baseUrl, '/panel/settings/workflow');
    // The ClaimReview check is shown always on, with no switch.
    const locked = page.getByTestId('setting-gate-claimReview');
    expect([await locked.getAttribute('data-locked'), await locked.locator('input').count()]).toEqual([
      'true',
      0,
    ]);
    expect(await locked.innerText()).toContain('Always on');
    await page.getByTestId('setting-gate-imageAlt').click({ force: true });
    await page.getByTestId('workflow-save').click();
    await expectToast(page, 'Saved successfully');
    const settings = await journey.api(journey.admin, 'GET', '/api/settings/workflow');
    const body = settings.body.data ?? settings.body;
    expect([body.fourEyes, body.gate.imageAlt, body.gate.claimReview]).toEqual([true, false, true]);
    // Back on, as the other journeys expect.
    await journey.api(journey.admin, 'PUT', '/api/settings/workflow', {
      ...body,
      gate: { ...body.gate, imageAlt: true },
    });
  });

  it('the editor with its publishing control passes axe in Arabic and English, light and dark', async () => {
    const checker = await journey.createUser(['fact-checker'], { name: 'Axe Checker' });
    const id = await create(
      journey,
      checker,
      completeFactcheck('Workflow: audited', { status: 'review', conclusion: null }),
    );
    const editor = await journey.createUser(['editor'], { name: 'Axe Editor' });
    await auditScreen(journey, `/panel/factcheck/edit/${id}`, 'workflow-editor', { user: editor });
    await auditScreen(journey, `/panel/factcheck/edit/${id}`, 'workflow-send-back-dialog', {
      user: editor,
      prepare: async (page) => {
        await action(page, 'sendBack').click();
        await page.getByRole('dialog').waitFor();
      },
    });
  }, 400_000);

  it('the publishing control fits a 360 px phone in both directions', async () => {
    const checker = await journey.createUser(['fact-checker'], { name: 'Phone Checker' });
    const editor = await journey.createUser(['editor'], { name: 'Phone Editor' });
    const id = await create(
      journey,
      checker,
      completeFactcheck('Workflow: on a phone', { status: 'review', conclusion: null }),
    );
    for (const language of ['ar', 'en'] as const) {
      const page = await journey.newPage({ language, user: editor, viewport: PHONE });
      await openScreen(page, journey.baseUrl, `/panel/factcheck/edit/${id}`);
      await page.getByTestId('publish-panel').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      await page.getByTestId('publish-panel').screenshot({
        path: `${SCREENSHOTS}/panel-workflow-phone-${language === 'ar' ? 'rtl' : 'ltr'}.png`,
      });
    }
  });

  it('Settings → Workflow and the Scheduled list pass axe in Arabic and English, light and dark', async () => {
    await auditScreen(journey, '/panel/settings/workflow', 'workflow-settings');
    await auditScreen(journey, '/panel/factcheck/scheduled', 'workflow-scheduled');
  }, 400_000);
});
