// Notes on drafts (issue 35 §2), in Arabic and in English: an editor opens the notes panel of a
// draft, writes a note about its conclusion and mentions a colleague through the @ suggestions; the
// colleague is notified; the thread is resolved and reopened. The panel passes axe in both
// languages and themes and is looked at on a phone and a desktop.
import { describe, expect, it } from 'vitest';
import {
  auditScreen,
  DESKTOP,
  expectToast,
  openScreen,
  type PanelLanguage,
  PHONE,
  screenSettled,
  screenshot,
  setUpPanelJourney,
} from './harness.ts';

const journey = setUpPanelJourney();
const WAIT = { timeout: 20_000 };

const WORDS = {
  en: {
    notes: 'Notes',
    field: 'About',
    conclusion: 'Conclusion',
    added: 'Note added',
    resolve: 'Resolve',
    reopen: 'Reopen',
    showResolved: 'Show resolved threads',
    text: 'please add a second source to the conclusion',
  },
  ar: {
    notes: 'الملاحظات',
    field: 'بخصوص',
    conclusion: 'الخلاصة',
    added: 'أضيفت الملاحظة',
    resolve: 'تمت المعالجة',
    reopen: 'إعادة فتح',
    showResolved: 'أظهر النقاشات المعالجة',
    text: 'أضف مصدراً ثانياً إلى الخلاصة من فضلك',
  },
} as const;

async function draftFor(language: PanelLanguage) {
  const editor = await journey.createUser(['editor'], { name: `Lina Editor ${language}` });
  const colleague = await journey.createUser(['fact-checker'], { name: `Samir Checker ${language}` });
  const created = await journey.api(editor, 'POST', '/api/factcheck', {
    title: language === 'ar' ? 'ادعاء عن أسعار الخبز في دمشق' : 'A claim about bread prices',
    description: 'notes journey',
    language,
    status: 'draft',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return { editor, colleague, id: created.body._id as string };
}

describe.each(['ar', 'en'] as PanelLanguage[])('notes on a draft (%s)', (language) => {
  const w = WORDS[language];

  it('an editor writes a note on the conclusion mentioning a colleague, who is notified; resolve and reopen', async () => {
    const { editor, colleague, id } = await draftFor(language);
    const page = await journey.newPage({ language, user: editor, viewport: DESKTOP });
    await openScreen(page, journey.baseUrl, `/panel/factcheck/edit/${id}`);
    await page.getByTestId('open-notes').click();
    const panel = page.getByRole('dialog');
    await panel.getByTestId('note-body').waitFor(WAIT);

    const field = panel.getByTestId('note-field');
    await field.click();
    const fields = page.locator(`[id="${await field.getAttribute('aria-controls')}"]`);
    await fields.getByRole('option', { name: w.conclusion }).click();
    // The list lies over the note's text box until it has closed. Once in a full run (CPU busy) it
    // stayed open for 30 s after the choice; a reader would press Escape, and the thread's badge
    // below still proves the choice was taken.
    await fields.waitFor({ state: 'hidden', timeout: 5_000 }).catch(() => page.keyboard.press('Escape'));
    const body = panel.getByTestId('note-body');
    await body.click();
    await body.pressSequentially(`${w.text} @Sam`);
    const suggestion = panel.getByTestId('mention-suggestions').locator(`[data-mention="${colleague.sub}"]`);
    await suggestion.waitFor(WAIT);
    // Both languages' colleagues start with "Sam": arrow down to this journey's, then Enter.
    for (let i = 0; i < 6; i++) {
      const active = await body.getAttribute('aria-activedescendant');
      const id = active ? await panel.locator(`[id="${active}"]`).getAttribute('data-mention') : null;
      if (id === colleague.sub) break;
      await body.press('ArrowDown');
    }
    await body.press('Enter');
    await expect.poll(() => body.inputValue(), WAIT).toContain(`@${colleague.name} `);
    await panel.getByTestId('note-add').click();
    await expectToast(page, w.added);

    const thread = panel.locator('[data-note-thread]').first();
    await thread.waitFor(WAIT);
    expect(await thread.innerText()).toContain(w.text);
    expect(await thread.getByTestId('note-field-badge').innerText()).toBe(w.conclusion);
    await screenshot(page, `desk-notes-${language === 'ar' ? 'rtl' : 'ltr'}-desktop`);

    // Stored with the mention; the colleague is notified (the editor is not).
    const notes = await journey.api(editor, 'GET', `/api/note?item=${id}&itemType=factcheck`);
    expect(notes.body.data).toHaveLength(1);
    expect(notes.body.data[0]).toMatchObject({
      field: 'conclusion',
      mentions: [colleague.sub],
      createdBy: editor.sub,
    });
    const theirs = await journey.api(colleague, 'GET', '/api/notification');
    expect(theirs.body.data.map((n: { kind: string; item: string }) => [n.kind, n.item])).toContainEqual([
      'mentioned',
      id,
    ]);
    const mine = await journey.api(editor, 'GET', '/api/notification');
    expect(mine.body.data.filter((n: { item: string }) => n.item === id)).toEqual([]);

    // Resolve: the thread leaves the open list; shown again with the resolved ones; reopen.
    await thread.getByRole('button', { name: w.resolve }).click();
    await expect.poll(() => panel.locator('[data-note-thread]').count(), WAIT).toBe(0);
    await panel.getByLabel(w.showResolved).check();
    const resolved = panel.locator('[data-note-thread][data-resolved="true"]');
    await resolved.waitFor(WAIT);
    await resolved.getByRole('button', { name: w.reopen }).click();
    await panel.locator('[data-note-thread][data-resolved="false"]').waitFor(WAIT);
    const after = await journey.api(editor, 'GET', `/api/note?item=${id}&itemType=factcheck`);
    expect(after.body.data[0].resolved).toBe(false);

    // The note is in the item's history too.
    await page.keyboard.press('Escape');
    await page.getByTestId('editor-history').click();
    const history = page.getByTestId('history-notes');
    await history.waitFor(WAIT);
    expect(await history.innerText()).toContain(w.text);

    // On a phone: the panel fits, no sideways scroll.
    const phone = await journey.newPage({ language, user: editor, viewport: PHONE });
    await openScreen(phone, journey.baseUrl, `/panel/factcheck/edit/${id}`);
    await phone.getByTestId('open-notes').click();
    await phone.getByRole('dialog').locator('[data-note-thread]').first().waitFor(WAIT);
    await screenSettled(phone);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(phone, `desk-notes-${language === 'ar' ? 'rtl' : 'ltr'}-phone`);
  });
});

describe('the notes panel is accessible', () => {
  it('axe finds nothing serious with the panel open, in Arabic and English, light and dark', async () => {
    const { editor, colleague, id } = await draftFor('en');
    const note = await journey.api(editor, 'POST', '/api/note', {
      item: id,
      itemType: 'factcheck',
      field: 'conclusion',
      body: `@${colleague.name} ملاحظة للتجربة`,
      mentions: [colleague.sub],
    });
    expect(note.status).toBe(200);
    await auditScreen(journey, `/panel/factcheck/edit/${id}`, 'desk-notes-panel', {
      user: editor,
      prepare: async (page) => {
        await page.getByTestId('open-notes').click();
        await page.getByRole('dialog').locator('[data-note-thread]').first().waitFor(WAIT);
      },
    });
  });
});
