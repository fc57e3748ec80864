// Working together on one fact-check (issue 12): two editors see each other in the header; the
// second save after a colleague's opens the conflict view (who, when, both values per field) and
// "keep mine" for one field with "take theirs" for the other writes both, nothing lost. History
// compares two versions word by word and restores an older one. A translation whose source's
// conclusion changed warns until it is saved again.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectToast, openScreen, screenReady, screenshot, setUpPanelJourney } from './harness.ts';

const journey = setUpPanelJourney();
const WAIT = { timeout: 15_000 };
/** Presence heartbeats come every 20 s: the first editor hears of the second at its next one. */
const PRESENCE_WAIT = { timeout: 35_000, interval: 500 };

const started = Date.now();
const step = (label: string) =>
  console.log(`[collab ${((Date.now() - started) / 1000).toFixed(1)} s] ${label}`);

const field = (page: Page, name: string) => page.locator(`[data-field-name="${name}"]`).first();
const get = async (id: string) =>
  (await journey.api(journey.admin, 'GET', `/api/factcheck/${id}`)).body.data[0] as Record<string, unknown>;
const patch = (id: string, path: string, value: unknown) =>
  journey.api(journey.admin, 'PATCH', `/api/factcheck/${id}`, [{ op: 'replace', path, value }]);

async function createFactcheck(extra: Record<string, unknown> = {}): Promise<string> {
  const created = await journey.api(journey.admin, 'POST', '/api/factcheck', {
    title: `صورة قديمة لحريق القلعة ${Date.now()}`,
    description: 'صورة من 2016 نُشرت على أنها حديثة',
    conclusion: '<p>The video is old and unrelated to current events.</p>',
    ...extra,
  });
  expect(created.status).toBe(200);
  return created.body._id as string;
}

describe('working together on a fact-check', () => {
  it('two editors see each other; the later save opens the conflict view and keeps both changes', async () => {
    const omar = await journey.createUser(['editor'], { name: 'Omar Editor' });
    const lina = await journey.createUser(['editor'], { name: 'Lina Editor' });
    const id = await createFactcheck();
    const path = `/panel/factcheck/edit/${id}`;
    const first = await journey.newPage({ language: 'en', user: omar });
    await openScreen(first, journey.baseUrl, path);
    const second = await journey.newPage({ language: 'en', user: lina });
    await openScreen(second, journey.baseUrl, path);

    step('presence');
    const presence = (page: Page) => page.getByTestId('editor-presence');
    await expect.poll(() => presence(second).count(), PRESENCE_WAIT).toBe(1);
    expect(await presence(second).innerText()).toBe('Omar Editor is editing');
    await expect.poll(() => presence(first).count(), PRESENCE_WAIT).toBe(1);
    expect(await presence(first).innerText()).toBe('Lina Editor is editing');
    await screenshot(first, 'editor-presence-ltr');

    step('the first editor saves');
    await field(first, 'title').locator('input').fill('Omar’s title');
    await field(first, 'description').locator('textarea').fill('Omar’s description');
    await first.getByTestId('editor-save').click();
    await expectToast(first, 'Saved successfully');
    expect((await get(id)).title).toBe('Omar’s title');

    step('the second editor saves: the conflict view');
    await field(second, 'title').locator('input').fill('Lina’s title');
    await second.getByTestId('editor-save').click();
    const view = second.getByTestId('conflict-view-body');
    await view.waitFor(WAIT);
    expect(await view.getByTestId('conflict-by').innerText()).toMatch(/^Omar Editor saved this at .+\.$/);
    await view.getByTestId('conflict-field-title').waitFor(WAIT);
    expect(await view.getByTestId('conflict-theirs-title').innerText()).toContain('Omar’s title');
    expect(await view.getByTestId('conflict-mine-title').innerText()).toContain('Lina’s title');
    expect(await view.getByTestId('conflict-theirs-description').innerText()).toContain('Omar’s description');
    // Nothing is written before a choice; saving waits for one per field.
    expect((await get(id)).title).toBe('Omar’s title');
    expect(await second.getByTestId('conflict-save-mine').isDisabled()).toBe(true);
    await view.getByTestId('conflict-keep-mine-title').check();
    await view.getByTestId('conflict-take-theirs-description').check();
    await second.getByTestId('conflict-save-mine').click();
    await expectToast(second, 'Your choices were kept');
    await view.waitFor({ state: 'detached', ...WAIT });

    step('server check');
    const saved = await get(id);
    expect(saved.title).toBe('Lina’s title');
    expect(saved.description).toBe('Omar’s description');
    // The editor holds the new version: the next save goes through without a conflict.
    await screenReady(second);
    expect(await field(second, 'title').locator('input').inputValue()).toBe('Lina’s title');
    await field(second, 'title').locator('input').fill('Lina’s second title');
    await second.getByTestId('editor-save').click();
    // The conflict's save said "Saved. Your choices were kept."; this save says its own words.
    await expectToast(second, 'Saved successfully');
    expect((await get(id)).title).toBe('Lina’s second title');
    expect(await second.getByTestId('conflict-view-body').count()).toBe(0);
  });

  it('History compares two versions word by word and restores an older one', async () => {
    const id = await createFactcheck();
    const v1 = (await get(id)).conclusion as string;
    await patch(id, '/conclusion', '<p>The video is from 2016 and unrelated to the events.</p>');
    await patch(id, '/title', `Updated title ${Date.now()}`);
    const page = await journey.newPage({ language: 'en', user: journey.admin });
    await openScreen(page, journey.baseUrl, `/panel/factcheck/edit/${id}`);
    await page.getByTestId('editor-history').click();
    const drawer = page.getByTestId('history-list');
    await drawer.getByTestId('revision-3').waitFor(WAIT);
    expect(await drawer.locator('li').count()).toBe(3);
    expect(await drawer.getByTestId('revision-2').innerText()).toContain('Changed: Conclusion');
    await page.getByTestId('revision-select-1').check();
    await page.getByTestId('revision-select-2').check();
    const diff = page.getByTestId('revision-diff-conclusion');
    await diff.waitFor(WAIT);
    expect(await diff.locator('ins').allInnerTexts()).toEqual(
      expect.arrayContaining([expect.stringContaining('2016')]),
    );
    expect((await diff.locator('del').allInnerTexts()).join(' ')).toContain('old');
    expect(await page.getByTestId('revision-diff-title').count()).toBe(0);

    await page.getByTestId('revision-restore-1').click();
    await page.getByTestId('revision-restore-confirm').click();
    await expectToast(page, 'Version 1 restored');
    await screenReady(page);
    const revisions = (await journey.api(journey.admin, 'GET', `/api/factcheck/${id}/revisions`)).body;
    expect(revisions.total).toBe(4);
    expect(revisions.data[0]).toMatchObject({ number: 4, action: 'restore', restoredFrom: 1 });
    const newest = (await journey.api(journey.admin, 'GET', `/api/factcheck/${id}/revisions/4`)).body.data[0];
    const oldest = (await journey.api(journey.admin, 'GET', `/api/factcheck/${id}/revisions/1`)).body.data[0];
    for (const name of ['title', 'description', 'conclusion'])
      expect(newest.document[name]).toEqual(oldest.document[name]);
    expect((await get(id)).conclusion).toBe(v1);
    expect(await page.getByTestId('rich-text-conclusion').innerText()).toContain('old and unrelated');
  });

  it("a restore over a colleague's newer save restores nothing and says so", async () => {
    const id = await createFactcheck();
    await patch(id, '/title', 'Second version');
    const page = await journey.newPage({ language: 'en', user: journey.admin });
    await openScreen(page, journey.baseUrl, `/panel/factcheck/edit/${id}`);
    await patch(id, '/title', 'A colleague’s third version');
    await page.getByTestId('editor-history').click();
    await page.getByTestId('revision-restore-1').click();
    await page.getByTestId('revision-restore-confirm').click();
    await expectToast(page, 'nothing was restored');
    expect((await get(id)).title).toBe('A colleague’s third version');
    const revisions = (await journey.api(journey.admin, 'GET', `/api/factcheck/${id}/revisions`)).body;
    expect(revisions.total).toBe(3);
  });

  it('a translation whose source changed warns until it is saved again', async () => {
    const sourceId = await createFactcheck();
    const created = await journey.api(journey.admin, 'POST', '/api/factcheck', {
      title: 'Old photo of the citadel fire',
      description: 'A 2016 photo shared as new',
      language: 'en',
      translation_id: sourceId,
      conclusion: '<p>The video is old.</p>',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body._id as string;
    expect((await get(id)).needsUpdate).toBe(false);
    await patch(sourceId, '/conclusion', '<p>الفيديو قديم ومن عام 2016.</p>');
    expect((await get(id)).needsUpdate).toBe(true);

    // The drafts list shows both languages on the source's row, the English one marked.
    const page = await journey.newPage({ language: 'en', user: journey.admin });
    const status = (await get(sourceId)).status as string;
    await openScreen(page, journey.baseUrl, `/panel/factcheck/${status}`);
    const sourceRow = page.locator(`tr[data-row-id="${sourceId}"]`);
    await sourceRow.waitFor(WAIT);
    expect(
      await sourceRow
        .locator('[data-translation]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-translation'))),
    ).toEqual(['ar', 'en']);
    const english = sourceRow.locator('[data-translation="en"]');
    expect(await english.getAttribute('data-needs-update')).toBe('true');
    expect(await english.innerText()).toContain('needs update');
    await screenshot(page, 'factcheck-list-translations-ltr');
    // Its badge opens the translation's editor.
    await sourceRow.getByRole('link', { name: /Open the English: .* version/ }).click();
    await page.waitForURL((u) => u.pathname === `/panel/factcheck/edit/${id}`, WAIT);
    await screenReady(page);
    const banner = page.getByTestId('needs-update');
    expect(await banner.innerText()).toContain(
      'The source changed after this translation was last saved: check the rating, evaluation and conclusion',
    );
    await screenshot(page, 'editor-needs-update-ltr');
    await page.getByTestId('editor-save').click();
    await expectToast(page, 'Saved successfully');
    await expect.poll(() => banner.count(), WAIT).toBe(0);
    expect((await get(id)).needsUpdate).toBe(false);
  });
});
