// The fact-check editor: a fact-checker writes one through every section (rich text with an
// uploaded image, evaluation rows, taxonomy, references, SEO meta with a card group) and sends it
// to review; an editor publishes it and the public page carries it with one valid ClaimReview.
// An empty submit saves nothing; a reload offers the autosaved state; "Translate into" makes a
// linked copy shown beside its source; a fact-checker cannot publish; an unknown id is not found.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { claimReviewProblems } from '../../app/site/seo/json-ld.ts';
import { expectToast, openScreen, screenReady, setUpPanelJourney } from './harness.ts';

const journey = setUpPanelJourney();
const WAIT = { timeout: 15_000 };

/** A real 2×2 PNG (the server sniffs the bytes). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);
const png = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });

const started = Date.now();
/** Progress in the log (the long journey runs minutes on a loaded machine). */
const step = (label: string) =>
  console.log(`[editor ${((Date.now() - started) / 1000).toFixed(1)} s] ${label}`);

const field = (page: Page, name: string) => page.locator(`[data-field-name="${name}"]`).first();

/** Picks an option of a Mantine select (single or multiple) by its label text. */
async function pick(page: Page, name: string, option: string | RegExp): Promise<void> {
  await field(page, name).locator('input:not([type=hidden])').first().click();
  await page.getByRole('option', { name: option }).first().click();
  await page.keyboard.press('Escape');
}

async function typeRich(page: Page, name: string, text: string): Promise<void> {
  const editor = page.getByTestId(`rich-text-${name}`);
  await editor.click();
  await page.keyboard.insertText(text);
}

async function saveButton(page: Page) {
  return page.locator('form button[type="submit"]');
}

describe('the fact-check editor', () => {
  it('a fact-checker writes a fact-check through every section and sends it to review; an editor publishes it', async () => {
    const checker = await journey.createUser(['fact-checker'], { name: 'Lina Checker' });
    const editor = await journey.createUser(['editor'], { name: 'Omar Editor' });
    const title = `Video of the Aleppo citadel fire is from 2016 ${Date.now()}`;
    const page = await journey.newPage({ language: 'en', user: checker });
    await openScreen(page, journey.baseUrl, '/panel/factcheck/edit/new');
    expect(await page.title()).toBe('New fact-check - Tabayyun');

    step('// Basic Info:');
    // Basic Info: the slug is filled from the creation time (YYMMDDHHmm).
    expect(await field(page, 'slug').locator('input').inputValue()).toMatch(/^\d{10}$/);
    await field(page, 'title').locator('input').fill(title);
    await field(page, 'description')
      .locator('textarea')
      .fill('A clip shared as a new fire was filmed in 2016.');
    await pick(page, 'author', /./);
    await field(page, 'images').locator('input[type=file]').setInputFiles(png('citadel.png'));
    await expect.poll(() => field(page, 'images').locator('img').count(), WAIT).toBeGreaterThan(0);
    await pick(page, 'mediaSource', /./);

    step('// Body:');
    // Body: rich text with an uploaded image, a link-free claim, a refutation, a conclusion.
    await typeRich(
      page,
      'content',
      'The clip went round on 3 March with the caption "the citadel burns now".',
    );
    await field(page, 'content').locator('input[type=file]').setInputFiles(png('frame.png'));
    await expect
      .poll(
        () => page.getByTestId('rich-text-content').locator('img[src^="/storage/content/"]').count(),
        WAIT,
      )
      .toBe(1);
    await typeRich(page, 'claims', 'A video shows the Aleppo citadel burning this week.');
    await typeRich(page, 'againstClaim', 'The same video was published on YouTube in April 2016.');
    await typeRich(page, 'conclusion', 'The video is old and unrelated to current events.');

    step('// Evaluation:');
    // Evaluation: no rows before a category; two rows after; the score is live.
    // The add button is labelled by the field's label (label[for] → the button).
    const addRow = field(page, 'evaluation').locator('button', { hasText: 'Add' });
    expect(await addRow.isDisabled()).toBe(true);
    await pick(page, 'category', 'False');
    await expect.poll(() => addRow.isDisabled(), WAIT).toBe(false);
    for (const [child, score] of [
      ['Fabricated content', '-2'],
      ['Manipulated image', '-1'],
    ] as const) {
      await addRow.click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Category').click();
      await page.getByRole('option', { name: child }).click();
      await dialog.getByLabel('Description').fill(`${child}: checked against the 2016 upload.`);
      await dialog.getByLabel('Score').fill(score);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'detached' });
    }
    await expect.poll(() => field(page, 'evaluation').locator('tbody tr').count()).toBe(2);
    const uiScore = Number(await field(page, 'score').locator('input').inputValue());
    expect(uiScore).toBe(-3 - 2 - 1);
    await field(page, 'claimSummary')
      .locator('input')
      .fill('Video shows the Aleppo citadel burning this week');

    step('// Taxonomy, references.');
    // Taxonomy, references.
    await pick(page, 'topic', /./);
    await pick(page, 'tags', "Editor's picks");
    await pick(page, 'country', /./);
    await typeRich(page, 'references', 'YouTube upload of 12 April 2016.');
    await typeRich(page, 'sources', 'A Facebook page that shared the clip.');

    step('// Meta Data:');
    // Meta Data: the "app" card shows the app group only; the article type its own.
    await field(page, 'seo_title').locator('input').fill('Aleppo citadel fire video is old');
    expect(await field(page, 'tw_app_name_iphone').count()).toBe(0);
    await pick(page, 'tw_card', 'app');
    await field(page, 'tw_app_name_iphone').locator('input').fill('Tabayyun');
    expect(await field(page, 'tw_player_url').count()).toBe(0);
    await pick(page, 'og_type', 'article');
    await field(page, 'og_article_section').locator('input').fill('Fact-checks');
    expect(await page.getByTestId('google-preview').innerText()).toContain(
      'Aleppo citadel fire video is old',
    );

    step('const before = (await journey.api(journe');
    const before = (await journey.api(journey.admin, 'GET', '/api/factcheck/count')).body.data as number;
    await (await saveButton(page)).click();
    await expectToast(page, 'Saved successfully');
    await page.waitForURL(/\/panel\/factcheck\/draft$/, WAIT);
    await screenReady(page);
    expect((await journey.api(journey.admin, 'GET', '/api/factcheck/count')).body.data).toBe(before + 1);

    const found = await journey.api(
      journey.admin,
      'GET',
      `/api/factcheck?title=${encodeURIComponent(title)}`,
    );
    expect(found.body.total).toBe(1);
    const saved = found.body.data[0];
    expect(saved.status).toBe('draft');
    expect(saved.score).toBe(uiScore);
    expect(saved.category).toBe('fraud');
    expect(saved.evaluation.map((r: { category: string }) => r.category)).toEqual([
      'fabricated-content',
      'manipulated-image',
    ]);
    expect(saved.content).toMatch(/<img src="\/storage\/content\/[^"]+"/);
    expect(saved.tags).toEqual(['featured']);
    expect(saved.images).toHaveLength(1);
    expect(saved.meta.twitter).toMatchObject({ card: 'app', app: { name_iphone: 'Tabayyun' } });
    expect(saved.meta.twitter.player ?? null).toBeNull();
    expect(saved.meta.og).toMatchObject({ type: 'article', article: { section: 'Fact-checks' } });
    expect(saved.slug).toMatch(/^\d{10}(-\d+)?$/);

    step('// Back in the editor,');
    // Back in the editor, the fact-checker sends it to review (no "Published" for them).
    await openScreen(page, journey.baseUrl, `/panel/factcheck/edit/${saved._id}`);
    await field(page, 'status').locator('input:not([type=hidden])').first().click();
    expect(await page.getByRole('option').allInnerTexts()).toEqual(['Draft', 'Review']);
    await page.getByRole('option', { name: 'Review' }).click();
    await (await saveButton(page)).click();
    await page.waitForURL(/\/panel\/factcheck\/review$/, WAIT);

    step('// The editor publishes.');
    // The editor publishes.
    // This newsroom publishes without archived evidence, claim-source links or image alt texts (the
    // publish gate's own journey is workflow.e2e.ts); the ClaimReview check cannot be switched off.
    const rules = (await journey.api(journey.admin, 'GET', '/api/settings/workflow')).body;
    const relaxed = {
      ...rules,
      gate: { ...rules.gate, claimSource: false, evidence: false, imageAlt: false },
    };
    expect((await journey.api(journey.admin, 'PUT', '/api/settings/workflow', relaxed)).status).toBe(200);
    const editorPage = await journey.newPage({ language: 'ar', user: editor });
    await openScreen(editorPage, journey.baseUrl, `/panel/factcheck/edit/${saved._id}`);
    // Publishing is the Publishing control's (it checks the gate and four-eyes first).
    await editorPage.getByTestId('checklist-all-met').waitFor(WAIT);
    await editorPage.locator('[data-workflow-action="publish"]').click();
    await expectToast(editorPage, 'نُشرت');
    await expect
      .poll(
        async () =>
          (await journey.api(journey.admin, 'GET', `/api/factcheck/${saved._id}`)).body.data[0].status,
        WAIT,
      )
      .toBe('published');
    await journey.api(journey.admin, 'PUT', '/api/settings/workflow', rules);
    const published = (await journey.api(journey.admin, 'GET', `/api/factcheck/${saved._id}`)).body.data[0];
    expect(published.status).toBe('published');
    expect(published.score).toBe(uiScore);

    step('// The public page:');
    // The public page: the item, its image and exactly one valid ClaimReview.
    const reader = await journey.newPage({ language: 'ar' });
    const response = await reader.goto(`${journey.baseUrl}/factcheck/${encodeURIComponent(published.slug)}`);
    expect(response?.status()).toBe(200);
    expect(await reader.locator('h1').first().innerText()).toContain('Video of the Aleppo citadel fire');
    const imagePath = String(published.images[0].path);
    expect(await reader.locator(`img[src*="${imagePath.split('/').pop()}"]`).count()).toBeGreaterThan(0);
    const ld = (await reader
      .locator('script[type="application/ld+json"]')
      .evaluateAll((scripts) => scripts.map((s) => JSON.parse(s.textContent ?? 'null')))) as Record<
      string,
      unknown
    >[];
    const reviews = ld.flat().filter((item) => item?.['@type'] === 'ClaimReview');
    expect(reviews).toHaveLength(1);
    expect(claimReviewProblems(reviews[0])).toEqual([]);
    expect(reviews[0]?.claimReviewed).toBe('Video shows the Aleppo citadel burning this week');
  }, 300_000);

  it('an empty submit shows the field errors, focuses the first invalid field and saves nothing', async () => {
    const before = (await journey.api(journey.admin, 'GET', '/api/factcheck/count')).body.data as number;
    const page = await journey.newPage({ language: 'ar', user: journey.admin });
    await openScreen(page, journey.baseUrl, '/panel/factcheck/edit/new');
    // Collapse the first section: the invalid submit must open it again.
    await page.locator('[data-section="basic"] button').first().click();
    await (await saveButton(page)).click();
    const titleInput = field(page, 'title').locator('input');
    await expect.poll(() => titleInput.isVisible(), WAIT).toBe(true);
    await expect
      .poll(
        () =>
          page.evaluate(() =>
            document.activeElement?.closest('[data-field-name]')?.getAttribute('data-field-name'),
          ),
        WAIT,
      )
      .toBe('title');
    expect(await titleInput.getAttribute('aria-invalid')).toBe('true');
    expect(await field(page, 'description').locator('textarea').getAttribute('aria-invalid')).toBe('true');
    expect(await field(page, 'title').getByRole('alert').count()).toBe(1);
    await page.waitForTimeout(500);
    expect(new URL(page.url()).pathname).toBe('/panel/factcheck/edit/new');
    expect((await journey.api(journey.admin, 'GET', '/api/factcheck/count')).body.data).toBe(before);
  });

  it('a reload in the middle of editing offers the autosaved state and restores it', async () => {
    const created = await journey.api(journey.admin, 'POST', '/api/factcheck', {
      title: 'نسخة للحفظ التلقائي',
      description: 'وصف أولي',
    });
    expect(created.status).toBe(200);
    const id = created.body._id as string;
    const page = await journey.newPage({ language: 'en', user: journey.admin });
    await openScreen(page, journey.baseUrl, `/panel/factcheck/edit/${id}`);
    expect(await page.getByTestId('autosave-offer').count()).toBe(0);
    await field(page, 'title').locator('input').fill('Title typed before the reload');
    await typeRich(page, 'claims', 'A claim typed before the reload.');
    // The copy is written every 3 s while dirty; wait for one that has both edits (the rich text
    // reaches the form a moment after typing stops).
    await expect
      .poll(
        () =>
          page.evaluate(() =>
            Object.keys(localStorage)
              .filter((k) => k.startsWith('autosave:factcheck:'))
              .map((k) => localStorage.getItem(k) ?? ''),
          ),
        WAIT,
      )
      .toEqual([
        expect.stringMatching(
          /Title typed before the reload[\s\S]*A claim typed before the reload|A claim typed before the reload[\s\S]*Title typed before the reload/,
        ),
      ]);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.reload();
    await screenReady(page);
    const offer = page.getByTestId('autosave-offer');
    await offer.waitFor(WAIT);
    expect(await offer.innerText()).toMatch(/kept in this browser/);
    expect(await field(page, 'title').locator('input').inputValue()).toBe('نسخة للحفظ التلقائي');
    await page.getByTestId('autosave-restore').click();
    expect(await field(page, 'title').locator('input').inputValue()).toBe('Title typed before the reload');
    expect(await page.getByTestId('rich-text-claims').innerText()).toContain(
      'A claim typed before the reload.',
    );
    // Saved: the copy is gone and the record has the restored values.
    await page.keyboard.press('Control+s');
    // The restore's own toast may still be showing: wait for the save's.
    await expectToast(page, 'Saved successfully');
    expect(new URL(page.url()).pathname).toBe(`/panel/factcheck/edit/${id}`);
    await expect
      .poll(() =>
        page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('autosave:')).length),
      )
      .toBe(0);
    const saved = (await journey.api(journey.admin, 'GET', `/api/factcheck/${id}`)).body.data[0];
    expect(saved.title).toBe('Title typed before the reload');
    expect(saved.claims).toContain('A claim typed before the reload.');
  });

  it('"Translate into" English creates a linked copy whose editor shows the source beside it', async () => {
    const created = await journey.api(journey.admin, 'POST', '/api/factcheck', {
      title: 'صورة قديمة لقصف حلب',
      description: 'صورة من 2013 نُشرت على أنها حديثة',
      claims: '<p>صورة تُظهر قصف حلب أمس</p>',
    });
    const sourceId = created.body._id as string;
    const page = await journey.newPage({ language: 'en', user: journey.admin });
    await openScreen(page, journey.baseUrl, `/panel/factcheck/edit/${sourceId}`);
    await page.getByTestId('editor-more').click();
    await page.getByTestId('translate-en').click();
    await page.waitForURL(
      (url) => /\/panel\/factcheck\/edit\//.test(url.pathname) && !url.pathname.endsWith(sourceId),
      WAIT,
    );
    await screenReady(page);
    const copyId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
    const copy = (await journey.api(journey.admin, 'GET', `/api/factcheck/${copyId}`)).body.data[0];
    expect(copy).toMatchObject({ translation_id: sourceId, language: 'en', status: 'draft' });
    const source = page.getByTestId('translation-source');
    await source.waitFor(WAIT);
    expect(await source.getByTestId('translation-source-title').innerText()).toBe('صورة قديمة لقصف حلب');
    expect(await source.innerText()).toContain('صورة تُظهر قصف حلب أمس');
    expect(await page.getByTestId('rich-text-claims').getAttribute('dir')).toBe('ltr');
  });

  it('offers the verdict share images of a published fact-check for download (issue 36 §2)', async () => {
    const { data } = (
      await journey.api(
        journey.admin,
        'GET',
        '/api/factcheck?status=published&language=ar&per_page=1&select=slug',
      )
    ).body as { data: { _id: string; slug: string }[] };
    const item = data[0]!;
    const page = await journey.newPage({ language: 'ar', user: journey.admin });
    await openScreen(page, journey.baseUrl, `/panel/factcheck/edit/${item._id}`);
    await page.getByTestId('editor-more').click();
    for (const [testId, size] of [
      ['editor-share-image', [1200, 630]],
      ['editor-share-image-square', [1080, 1080]],
    ] as const) {
      const link = page.getByTestId(testId);
      await link.waitFor(WAIT);
      const href = String(await link.getAttribute('href'));
      expect(href).toBe(
        `/share/factcheck/${encodeURIComponent(item.slug)}${testId.endsWith('square') ? '-square' : ''}.png`,
      );
      const image = await page.request.get(`${journey.baseUrl}${href}`);
      expect(image.status()).toBe(200);
      expect(image.headers()['content-type']).toBe('image/png');
      const bytes = await image.body();
      // PNG's IHDR: width and height, big-endian, at bytes 16 and 20.
      expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual(size);
    }
  });

  it("a fact-checker's status control has no Published, and the server refuses publishing anyway", async () => {
    const checker = await journey.createUser(['fact-checker']);
    const created = await journey.api(checker, 'POST', '/api/factcheck', {
      title: 'Draft by a checker',
      description: 'd',
    });
    expect(created.status).toBe(200);
    const page = await journey.newPage({ language: 'ar', user: checker });
    await openScreen(page, journey.baseUrl, `/panel/factcheck/edit/${created.body._id}`);
    await field(page, 'status').locator('input:not([type=hidden])').first().click();
    expect(await page.getByRole('option').allInnerTexts()).toEqual(['مسودّة', 'قيد المراجعة']);
    const refused = await journey.api(checker, 'PUT', `/api/factcheck/${created.body._id}`, {
      title: 'Draft by a checker',
      description: 'd',
      status: 'published',
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(
      (await journey.api(journey.admin, 'GET', `/api/factcheck/${created.body._id}`)).body.data[0].status,
    ).toBe('draft');
  });

  it('an unknown id shows the not-found view', async () => {
    const page = await journey.newPage({ language: 'en', user: journey.admin });
    await page.goto(`${journey.baseUrl}/panel/factcheck/edit/no-such-factcheck`);
    const view = page.getByTestId('status-view');
    await view.waitFor(WAIT);
    expect(await view.getAttribute('data-status')).toBe('404');
    expect(await page.locator('main h1').innerText()).toBe('Not Found');
  });

  it('asks before leaving a changed form for another screen', async () => {
    const page = await journey.newPage({ language: 'en', user: journey.admin });
    await openScreen(page, journey.baseUrl, '/panel/factcheck/edit/new');
    await field(page, 'title').locator('input').fill('Unsaved');
    await page.getByRole('link', { name: 'Back to the list' }).click();
    await page.getByTestId('leave-stay').click();
    expect(new URL(page.url()).pathname).toBe('/panel/factcheck/edit/new');
    await page.getByRole('link', { name: 'Back to the list' }).click();
    await page.getByTestId('leave-confirm').click();
    await page.waitForURL(/\/panel\/factcheck\/draft$/, WAIT);
  });
});
