// The editorial workflow in the back office (issue 33 §1, §2, §5), each journey in Arabic and in
// English: a fact-checker submits a fact-check for review, an editor sends it back with a reason
// and its author sees the reason on the item and in the draft list; an author withdraws their own
// submission from review without a reason; the publish-gate checklist blocks publishing, then
// allows it once the author has met it; four-eyes; an editor unpublishes with a required reason; a
// publication is scheduled, listed, cancelled, scheduled again and published by the scheduler on
// time, after which the public site shows it. Settings → Workflow switches gate items. Every new
// screen passes axe (0 serious/critical) in both languages; right-to-left and left-to-right
// screenshots of each are written (E2E_SCREENSHOTS_DIR to collect one run's).
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  accessibilityProblems,
  auditScreen,
  expectToast,
  openScreen,
  type PanelJourney,
  type PanelLanguage,
  PHONE,
  SCREENSHOTS,
  screenshot,
  setUpPanelJourney,
  type TestUser,
} from './harness.ts';

// The scheduler runs in this server, ticking every half second (production: 15 s), so the schedule
// journey sees the item published shortly after its time.
const journey = setUpPanelJourney({ env: { PUBLISH_SCHEDULER: 'true', PUBLISH_TICK_MS: '500' } });
const WAIT = { timeout: 15_000 };
const SOURCE = 'https://example.org/posts/citadel-fire';
const LANGUAGES: readonly PanelLanguage[] = ['ar', 'en'];
const dirOf = (language: PanelLanguage) => (language === 'ar' ? 'rtl' : 'ltr');

/** What each journey reads on the screen, as the user sees it in each language. */
const TEXTS = {
  en: {
    saveKeepEditing: 'Save and keep editing',
    save: 'Save',
    noRight: 'You do not have the right to publish',
    submitted: 'Submitted for review',
    review: 'Review',
    draft: 'Draft',
    confirmSendBack: 'Send back',
    sentBack: 'Sent back to the author',
    sentBackTitle: 'Sent back for changes',
    recalled: 'Withdrawn from review',
    saved: 'Saved successfully',
    published: 'Published',
    fourEyes: 'You made the last edit: another editor must publish it.',
    confirmUnpublish: 'Unpublish',
    unpublished: 'Unpublished',
    withdrawnTitle: 'Withdrawn from the site',
    scheduled: 'Publication scheduled',
    scheduleCancelled: 'Schedule cancelled',
  },
  ar: {
    saveKeepEditing: 'حفظ ومتابعة التحرير',
    save: 'حفظ',
    noRight: 'لا تملك صلاحية النشر',
    submitted: 'أُرسلت إلى المراجعة',
    review: 'قيد المراجعة',
    draft: 'مسودّة',
    confirmSendBack: 'إعادة',
    sentBack: 'أُعيدت إلى الكاتب',
    sentBackTitle: 'أُعيدت لإجراء تعديلات',
    recalled: 'سُحبت من المراجعة',
    saved: 'تم الحفظ بنجاح',
    published: 'نُشرت',
    fourEyes: 'أنت صاحب آخر تعديل: يجب أن ينشرها محرّر آخر.',
    confirmUnpublish: 'إلغاء النشر',
    unpublished: 'أُلغي النشر',
    withdrawnTitle: 'سُحبت من الموقع',
    scheduled: 'جُدول النشر',
    scheduleCancelled: 'أُلغيت الجدولة',
  },
} as const;

/** Words of the content in each language (the item's own language follows the journey's). */
const CONTENT = {
  en: {
    claimSummary: 'Video shows the citadel burning this week',
    conclusion: 'The video was filmed in 2016.',
    sendBackReason: 'Add the 2016 upload as a reference.',
    unpublishReason: 'The source video was misattributed.',
  },
  ar: {
    claimSummary: 'مقطع يظهر احتراق القلعة هذا الأسبوع',
    conclusion: 'صُوّر الفيديو عام 2016.',
    sendBackReason: 'أضف رابط المقطع المنشور عام 2016 مرجعًا.',
    unpublishReason: 'نُسب المقطع المصدر إلى غير مكانه.',
  },
} as const;

/** A fact-check in `language` that meets every gate item (the source's archiving acknowledged). */
function completeFactcheck(title: string, language: PanelLanguage, extra: Record<string, unknown> = {}) {
  return {
    title,
    description: `${title} (description)`,
    language,
    // A byline (a demo author), as the lists show it.
    author: '0a0000000000000000000001',
    category: 'fraud',
    claimSummary: CONTENT[language].claimSummary,
    claims: '<p>A video said to show the citadel burning this week.</p>',
    conclusion: `<p>${CONTENT[language].conclusion}</p>`,
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

/** The public address of a fact-check in its language (Arabic at the root, English under /en). */
const publicUrl = (language: PanelLanguage, slug: string) =>
  `${journey.baseUrl}${language === 'ar' ? '' : '/en'}/factcheck/${encodeURIComponent(slug)}`;

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

/** axe on the screen as it is now: no serious or critical problem. */
async function expectAccessible(page: Page, what: string) {
  expect(await accessibilityProblems(page), what).toEqual([]);
}

/** A screenshot of one part of the screen, named for its direction. */
async function shot(target: Locator, name: string, language: PanelLanguage) {
  await target.page().evaluate(() => document.fonts.ready);
  await target.screenshot({ path: `${SCREENSHOTS}/panel-${name}-${dirOf(language)}.png` });
}

/** `YYYY-MM-DDTHH:mm` in this machine's zone (the browser's too), as a datetime-local input takes it. */
function localInput(when: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${when.getFullYear()}-${pad(when.getMonth() + 1)}-${pad(when.getDate())}T${pad(when.getHours())}:${pad(when.getMinutes())}`;
}

/** The next whole minute at least 20 s away (the input takes minutes; the panel refuses the past). */
function nextMinute(): Date {
  const when = new Date(Date.now() + 20_000 + 60_000);
  when.setSeconds(0, 0);
  return when;
}

describe.each(LANGUAGES)('the editorial workflow (%s)', (language) => {
  const t = TEXTS[language];
  const c = CONTENT[language];

  it('a fact-checker submits for review; an editor sends it back with a reason the author then sees', async () => {
    const checker = await journey.createUser(['fact-checker'], { name: `Lina Checker ${language}` });
    const editor = await journey.createUser(['editor'], { name: `Omar Editor ${language}` });
    const id = await create(
      journey,
      checker,
      completeFactcheck(`Workflow ${language}: the citadel fire video`, language, { status: 'draft' }),
    );

    const page = await journey.newPage({ language, user: checker });
    await openScreen(page, journey.baseUrl, `/panel/factcheck/edit/${id}`);
    // The two saves have their own names.
    expect(await page.getByTestId('editor-save').innerText()).toBe(t.saveKeepEditing);
    expect(await page.locator('form button[type="submit"]').innerText()).toBe(t.save);
    // A fact-checker may not publish: the control says so.
    expect(await action(page, 'publish').isDisabled()).toBe(true);
    expect(await page.getByTestId('publish-unavailable').innerText()).toContain(t.noRight);
    await shot(page.getByTestId('publish-panel'), 'workflow-publishing-author', language);
    await action(page, 'submit').click();
    await expectToast(page, t.submitted);
    await expect.poll(() => page.getByTestId('editor-status').textContent(), WAIT).toBe(t.review);
    expect((await stored(id)).status).toBe('review');

    const editorPage = await journey.newPage({ language, user: editor });
    await openScreen(editorPage, journey.baseUrl, `/panel/factcheck/edit/${id}`);
    // A reviewer sends back; only the author withdraws.
    expect(await action(editorPage, 'recall').count()).toBe(0);
    await action(editorPage, 'sendBack').click();
    await giveReason(editorPage, c.sendBackReason, t.confirmSendBack);
    await expectToast(editorPage, t.sentBack);
    const back = await stored(id);
    expect([back.status, back.statusReason]).toEqual(['draft', c.sendBackReason]);

    // The author sees the reason on the item and in the draft list.
    await openScreen(page, journey.baseUrl, `/panel/factcheck/edit/${id}`);
    const banner = page.getByTestId('status-reason-banner');
    expect(await banner.innerText()).toContain(t.sentBackTitle);
    expect(await banner.innerText()).toContain(c.sendBackReason);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe(dirOf(language));
    await expectAccessible(page, `the editor with the sent-back banner (${language})`);
    await shot(banner, 'workflow-sent-back-banner', language);
    await screenshot(page, `workflow-sent-back-${dirOf(language)}`);
    await openScreen(page, journey.baseUrl, '/panel/factcheck/draft');
    expect(await page.locator(`tr[data-row-id="${id}"] [data-status-reason]`).innerText()).toContain(
      c.sendBackReason,
    );
    await expectAccessible(page, `the draft list with a sent-back reason (${language})`);
    await screenshot(page, `workflow-draft-list-reason-${dirOf(language)}`);
  });

  it('the author withdraws their own submission from review, with no reason asked', async () => {
    const checker = await journey.createUser(['fact-checker'], { name: `Hiba Checker ${language}` });
    const id = await create(
      journey,
      checker,
      completeFactcheck(`Workflow ${language}: withdrawn by its author`, language, { status: 'review' }),
    );
    const page = await journey.newPage({ language, user: checker });
    await openScreen(page, journey.baseUrl, `/panel/factcheck/edit/${id}`);
    expect(await action(page, 'sendBack').count()).toBe(0);
    await shot(page.getByTestId('publish-panel'), 'workflow-publishing-recall', language);
    await action(page, 'recall').click();
    // No reason dialog: the change is made at once.
    await expectToast(page, t.recalled);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => page.getByTestId('editor-status').textContent(), WAIT).toBe(t.draft);
    const after = await stored(id);
    expect([after.status, after.statusReason ?? null]).toEqual(['draft', null]);
    // No sent-back banner; it may be submitted again.
    expect(await page.getByTestId('status-reason-banner').count()).toBe(0);
    await action(page, 'submit').waitFor(WAIT);
  });

  it('the gate checklist blocks publishing, then allows it once the author has met it', async () => {
    const checker = await journey.createUser(['fact-checker'], { name: `Huda Checker ${language}` });
    const editor = await journey.createUser(['editor'], { name: `Samer Editor ${language}` });
    const id = await create(
      journey,
      checker,
      completeFactcheck(`Workflow ${language}: the gate`, language, { status: 'review', conclusion: null }),
    );

    const editorPage = await journey.newPage({ language, user: editor });
    await openScreen(editorPage, journey.baseUrl, `/panel/factcheck/edit/${id}`);
    expect(await gateItem(editorPage, 'conclusion').getAttribute('data-state')).toBe('unmet');
    expect(await gateItem(editorPage, 'category').getAttribute('data-state')).toBe('met');
    expect(await action(editorPage, 'publish').isDisabled()).toBe(true);
    expect(await editorPage.locator('[data-blocked-by="gate"]').count()).toBe(1);
    await expectAccessible(editorPage, `the editor with an unmet checklist (${language})`);
    await shot(editorPage.getByTestId('publish-panel'), 'workflow-checklist-unmet', language);
    await screenshot(editorPage, `workflow-gate-${dirOf(language)}`);
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
    const page = await journey.newPage({ language, user: checker });
    await openScreen(page, journey.baseUrl, `/panel/factcheck/edit/${id}`);
    await page.getByTestId('rich-text-conclusion').click();
    await page.keyboard.insertText(c.conclusion);
    await expect.poll(() => gateItem(page, 'conclusion').getAttribute('data-state'), WAIT).toBe('met');
    await page.getByTestId('editor-save').click();
    await expectToast(page, t.saved);

    await openScreen(editorPage, journey.baseUrl, `/panel/factcheck/edit/${id}`);
    await editorPage.getByTestId('checklist-all-met').waitFor();
    expect(await action(editorPage, 'publish').isDisabled()).toBe(false);
    await expectAccessible(editorPage, `the editor with every item met (${language})`);
    await shot(editorPage.getByTestId('publish-panel'), 'workflow-checklist-met', language);
    await action(editorPage, 'publish').click();
    await expectToast(editorPage, t.published);
    await expect.poll(async () => (await stored(id)).status, WAIT).toBe('published');
  });

  it('four-eyes: an editor who made the last edit is told another editor must publish', async () => {
    const checker = await journey.createUser(['fact-checker'], { name: `Rami Checker ${language}` });
    const editor = await journey.createUser(['editor'], { name: `Nour Editor ${language}` });
    const id = await create(
      journey,
      checker,
      completeFactcheck(`Workflow ${language}: four eyes`, language, { status: 'review' }),
    );
    const page = await journey.newPage({ language, user: editor });
    await openScreen(page, journey.baseUrl, `/panel/factcheck/edit/${id}`);
    expect(await action(page, 'publish').isDisabled()).toBe(false);
    await page
      .locator('[data-field-name="title"] input')
      .fill(`Workflow ${language}: four eyes, edited by the editor`);
    await page.getByTestId('editor-save').click();
    await expectToast(page, t.saved);
    await page.locator('[data-blocked-by="fourEyes"]').waitFor(WAIT);
    expect(await page.locator('[data-blocked-by="fourEyes"]').innerText()).toBe(t.fourEyes);
    expect(await action(page, 'publish').isDisabled()).toBe(true);
    await shot(page.getByTestId('publish-panel'), 'workflow-publishing-four-eyes', language);
    // The server's refusal, if it happens anyway, reads in plain words.
    const refused = await journey.api(editor, 'PATCH', `/api/factcheck/${id}`, [
      { op: 'replace', path: '/status', value: 'published' },
    ]);
    expect([refused.status, refused.body.code]).toEqual([403, 'TRANSITION_NOT_ALLOWED']);
  });

  it('an editor unpublishes with a required reason, shown on the item', async () => {
    const checker = await journey.createUser(['fact-checker'], { name: `Maya Checker ${language}` });
    const editor = await journey.createUser(['editor'], { name: `Karim Editor ${language}` });
    const id = await create(
      journey,
      checker,
      completeFactcheck(`Workflow ${language}: to be withdrawn`, language, { status: 'review' }),
    );
    const published = await journey.api(journey.admin, 'PATCH', `/api/factcheck/${id}`, [
      { op: 'replace', path: '/status', value: 'published' },
    ]);
    expect(published.status, JSON.stringify(published.body)).toBe(200);

    const page = await journey.newPage({ language, user: editor });
    await openScreen(page, journey.baseUrl, `/panel/factcheck/edit/${id}`);
    await shot(page.getByTestId('publish-panel'), 'workflow-publishing-published', language);
    await action(page, 'unpublish').click();
    await giveReason(page, c.unpublishReason, t.confirmUnpublish);
    await expectToast(page, t.unpublished);
    const after = await stored(id);
    expect([after.status, after.statusReason, Boolean(after.withdrawnAt)]).toEqual([
      'draft',
      c.unpublishReason,
      true,
    ]);
    const banner = page.getByTestId('status-reason-banner');
    await banner.waitFor(WAIT);
    expect(await banner.innerText()).toContain(t.withdrawnTitle);
    await shot(banner, 'workflow-withdrawn-banner', language);
    // The public address is a tombstone with the reason (corrections.e2e.ts reads it in full).
    const site = await journey.newPage({ language });
    const response = await site.goto(publicUrl(language, String(after.slug)));
    expect(response?.status()).toBe(410);
    expect(await site.getByTestId('withdrawn-reason').innerText()).toContain(c.unpublishReason);
  });

  it('an editor schedules a publication, sees it listed, cancels it; scheduled again, the scheduler publishes it on time', async () => {
    const checker = await journey.createUser(['fact-checker'], { name: `Salma Checker ${language}` });
    const editor = await journey.createUser(['editor'], { name: `Basel Editor ${language}` });
    const title = `Workflow ${language}: a scheduled publication`;
    const id = await create(journey, checker, completeFactcheck(title, language, { status: 'review' }));
    const page = await journey.newPage({ language, user: editor });
    await openScreen(page, journey.baseUrl, `/panel/factcheck/edit/${id}`);
    await shot(page.getByTestId('publish-panel'), 'workflow-publishing-schedule', language);

    // Three days ahead: stored, shown in the editor and in the Scheduled list, then cancelled.
    const later = new Date(Date.now() + 3 * 24 * 3600_000);
    later.setSeconds(0, 0);
    await page.getByTestId('schedule-input').fill(localInput(later));
    await page.getByTestId('schedule-set').click();
    await expectToast(page, t.scheduled);
    await page.getByTestId('scheduled-for').waitFor(WAIT);
    expect(new Date((await stored(id)).publishAt).getTime()).toBe(later.getTime());
    await shot(page.getByTestId('publish-panel'), 'workflow-publishing-scheduled', language);

    await openScreen(page, journey.baseUrl, '/panel/factcheck/scheduled');
    await page.locator(`tr[data-row-id="${id}"] [data-publish-at]`).waitFor(WAIT);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe(dirOf(language));
    await expectAccessible(page, `the Scheduled list (${language})`);
    await screenshot(page, `workflow-scheduled-list-${dirOf(language)}`);

    await openScreen(page, journey.baseUrl, `/panel/factcheck/edit/${id}`);
    await page.getByTestId('schedule-cancel').click();
    await expectToast(page, t.scheduleCancelled);
    await expect.poll(async () => (await stored(id)).publishAt ?? null, WAIT).toBeNull();

    // The next minute: the scheduler (ticking every 0.5 s here) publishes it within a tick of the time.
    const soon = nextMinute();
    await page.getByTestId('schedule-input').fill(localInput(soon));
    await page.getByTestId('schedule-set').click();
    await expectToast(page, t.scheduled);
    expect(new Date((await stored(id)).publishAt).getTime()).toBe(soon.getTime());
    expect((await stored(id)).status).toBe('review');
    await expect
      .poll(async () => (await stored(id)).status, { timeout: 120_000, interval: 500 })
      .toBe('published');
    const published = await stored(id);
    expect(new Date(published.publishedAt).getTime()).toBeGreaterThanOrEqual(soon.getTime());
    expect(published.publishAt ?? null).toBeNull();

    // The public site shows it, and the Scheduled list no longer does.
    const site = await journey.newPage({ language });
    const response = await site.goto(publicUrl(language, String(published.slug)));
    expect(response?.status()).toBe(200);
    expect(await site.locator('h1').first().innerText()).toContain(title);
    await openScreen(page, journey.baseUrl, '/panel/factcheck/scheduled');
    expect(await page.locator(`tr[data-row-id="${id}"]`).count()).toBe(0);
  }, 200_000);
});

describe('the editorial workflow (settings, audits, phone)', () => {
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
      completeFactcheck('Workflow: audited', 'en', { status: 'review', conclusion: null }),
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
      completeFactcheck('Workflow: on a phone', 'en', { status: 'review', conclusion: null }),
    );
    for (const language of LANGUAGES) {
      const page = await journey.newPage({ language, user: editor, viewport: PHONE });
      await openScreen(page, journey.baseUrl, `/panel/factcheck/edit/${id}`);
      await page.getByTestId('publish-panel').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      await shot(page.getByTestId('publish-panel'), 'workflow-phone', language);
    }
  });

  it('Settings → Workflow and the Scheduled list pass axe in Arabic and English, light and dark', async () => {
    await auditScreen(journey, '/panel/settings/workflow', 'workflow-settings');
    await auditScreen(journey, '/panel/factcheck/scheduled', 'workflow-scheduled');
  }, 400_000);
});
