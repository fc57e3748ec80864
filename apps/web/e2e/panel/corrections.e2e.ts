// Corrections and retractions in the browser (issue 33 §3–4): an editor adds a rating-change
// correction from the fact-check editor; the public page shows the dated notice naming both
// verdicts, its JSON-LD dateModified follows, and /corrections lists it; the editor unpublishes
// with a reason and the address answers a 410 tombstone with that reason. Each journey runs in
// Arabic and in English; the dialog and the new public pages pass axe (no serious or critical
// violation), and the right-to-left and left-to-right screenshots are written to
// test-results/screenshots (E2E_SCREENSHOTS_DIR to collect one run's).
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { auditPage, describeProblems } from '../axe.ts';
import {
  expectToast,
  openScreen,
  type PanelJourney,
  SCREENSHOTS,
  screenSettled,
  screenshot,
  setUpPanelJourney,
  type TestUser,
} from './harness.ts';

const journey = setUpPanelJourney();
const WAIT = { timeout: 15_000 };
const SOURCE = 'https://example.org/posts/bridge-collapse';

type Doc = Record<string, unknown> & { _id: string };

/** A fact-check that meets every publish-gate item, rated `fraud`. */
function completeFactcheck(title: string, language: 'ar' | 'en') {
  return {
    title,
    description: `${title} (description)`,
    language,
    category: 'fraud',
    claimSummary:
      language === 'ar' ? 'مقطع يظهر انهيار جسر هذا الأسبوع' : 'Video shows a bridge collapsing this week',
    claims: '<p>A video said to show a bridge collapsing this week.</p>',
    conclusion: '<p>The video was filmed in 2018.</p>',
    sources: `<p><a href="${SOURCE}">${SOURCE}</a></p>`,
    evidenceAcknowledged: [SOURCE],
    status: 'review',
  };
}

/** A published fact-check (a fact-checker wrote it, the super-admin published it). */
async function publishedFactcheck(j: PanelJourney, checker: TestUser, title: string, language: 'ar' | 'en') {
  const made = await j.api(checker, 'POST', '/api/factcheck', completeFactcheck(title, language));
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const id = made.body._id as string;
  const published = await j.api(j.admin, 'PATCH', `/api/factcheck/${id}`, [
    { op: 'replace', path: '/status', value: 'published' },
  ]);
  expect(published.status, JSON.stringify(published.body)).toBe(200);
  return stored(id);
}

const stored = async (id: string): Promise<Doc> =>
  (await journey.api(journey.admin, 'GET', `/api/factcheck/${id}`)).body.data[0];

/** A top rating other than `fraud`, with its name in the language. */
async function otherVerdict(language: 'ar' | 'en'): Promise<{ id: string; name: string }> {
  const list = (await journey.api(journey.admin, 'GET', '/api/category?path=/criteria/*&per_page=200')).body
    .data as Doc[];
  const other = list.find((c) => c.parent === 'criteria' && c._id !== 'fraud')!;
  return { id: other._id, name: String((language === 'en' ? other.nameEn : undefined) || other.name) };
}

async function verdictName(id: string, language: 'ar' | 'en'): Promise<string> {
  const doc = (await journey.api(journey.admin, 'GET', `/api/category/${id}`)).body.data[0] as Doc;
  return String((language === 'en' ? doc.nameEn : undefined) || doc.name);
}

/**
 * Picks an option of the dialog's Mantine select: the one whose visible label is `label` among the
 * options of the list this select opened (the editor's own selects keep theirs in the page too).
 */
async function choose(page: Page, testId: string, label: string) {
  const input = page.getByTestId(testId);
  await input.click();
  const list = await input.getAttribute('aria-controls');
  await page.locator(`[id="${list}"]`).getByRole('option', { name: label, exact: true }).click();
}

async function addRatingChange(
  page: Page,
  texts: { type: string; verdict: string; note: string; save: string },
) {
  await page.getByTestId('add-correction').click();
  const dialog = page.getByRole('dialog');
  await page.getByTestId('correction-type').waitFor(WAIT);
  await choose(page, 'correction-type', texts.type);
  await page.getByTestId('correction-new-verdict').waitFor(WAIT);
  // Nothing is sent without a note and a verdict.
  await page.getByTestId('correction-save').click();
  expect(await dialog.locator('.mantine-InputWrapper-error').count()).toBe(2);
  await choose(page, 'correction-new-verdict', texts.verdict);
  await page.getByTestId('correction-note').fill(texts.note);
  await page.getByTestId('correction-save').click();
  await dialog.waitFor({ state: 'detached', ...WAIT });
}

const jsonLd = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('script[type="application/ld+json"]')].map(
      (s) => JSON.parse(s.textContent ?? '{}') as Record<string, unknown>,
    ),
  );

async function expectAccessible(page: Page, what: string) {
  const report = await auditPage(page);
  expect(describeProblems(report), what).toEqual([]);
}

/** What the journey reads and writes, as the user sees it in each language. */
const TEXTS = {
  en: {
    ratingChange: 'Rating change',
    cancel: 'Cancel',
    addCorrection: 'Add correction',
    noticeHeading: 'Rating changed',
    changed: (from: string, to: string) => `The rating changed from “${from}” to “${to}”.`,
    note: 'The original footage was found: the collapse happened in 2018.',
    unpublished: 'Unpublished',
    withdrawal: 'The footage was from another country.',
    title: 'Corrections: the bridge collapse video',
  },
  ar: {
    ratingChange: 'تغيير التقييم',
    cancel: 'إلغاء',
    addCorrection: 'إضافة التصحيح',
    noticeHeading: 'تغيير التقييم',
    changed: (from: string, to: string) => `تغيّر التقييم من «${from}» إلى «${to}».`,
    note: 'عُثر على المقطع الأصلي: وقع الانهيار عام 2018.',
    unpublished: 'أُلغي النشر',
    withdrawal: 'صُوّر المقطع في بلد آخر.',
    title: 'تصحيحات: مقطع انهيار الجسر',
  },
} as const;
const dirOf = (language: 'ar' | 'en') => (language === 'ar' ? 'rtl' : 'ltr');
/** The site's paths of a language: Arabic at the root, English under /en. */
const sitePrefix = (language: 'ar' | 'en') => (language === 'ar' ? '' : '/en');

describe.each(['ar', 'en'] as const)('corrections and retractions (%s)', (language) => {
  const t = TEXTS[language];

  it('a rating change from the editor shows on the public page, /corrections and the JSON-LD; unpublishing leaves a tombstone', async () => {
    const checker = await journey.createUser(['fact-checker'], { name: `Rana Checker ${language}` });
    const editor = await journey.createUser(['editor'], { name: `Sami Editor ${language}` });
    const item = await publishedFactcheck(journey, checker, t.title, language);
    const from = await verdictName('fraud', language);
    const to = await otherVerdict(language);

    // A fact-checker has no "Add correction" (the publish right only).
    const checkerPage = await journey.newPage({ language, user: checker });
    await openScreen(checkerPage, journey.baseUrl, `/panel/factcheck/edit/${item._id}`);
    expect(await checkerPage.getByTestId('add-correction').count()).toBe(0);

    const page = await journey.newPage({ language, user: editor });
    await openScreen(page, journey.baseUrl, `/panel/factcheck/edit/${item._id}`);
    await page.getByTestId('add-correction').click();
    await choose(page, 'correction-type', t.ratingChange);
    expect(await page.getByTestId('correction-old-verdict').innerText()).toContain(from);
    await screenshot(page, `correction-dialog-${language}`);
    await page.getByRole('dialog').getByRole('button', { name: t.cancel }).last().click();
    await addRatingChange(page, {
      type: t.ratingChange,
      verdict: to.name,
      note: t.note,
      save: t.addCorrection,
    });
    const after = await stored(item._id);
    expect(after.category).toBe(to.id);

    const site = await journey.newPage({ language });
    const url = `${journey.baseUrl}${sitePrefix(language)}/factcheck/${encodeURIComponent(String(item.slug))}`;
    await site.goto(url);
    const notice = site.getByTestId('correction-notice').first();
    await notice.waitFor(WAIT);
    const text = await notice.innerText();
    expect(text).toContain(t.noticeHeading);
    expect(text).toContain(t.changed(from, to.name));
    expect(text).toContain(t.note);
    expect(await site.evaluate(() => document.documentElement.dir)).toBe(dirOf(language));
    const modified = new Date(String(after.updatedAt)).toISOString();
    const ld = await jsonLd(site);
    expect(ld.find((l) => l['@type'] === 'ClaimReview')?.dateModified).toBe(modified);
    expect(ld.find((l) => l['@type'] === 'NewsArticle')?.dateModified).toBe(modified);
    // The ClaimReview names the new verdict.
    const rating = ld.find((l) => l['@type'] === 'ClaimReview')?.reviewRating as
      | Record<string, unknown>
      | undefined;
    expect(rating?.alternateName).toBe(to.name);
    await expectAccessible(site, `fact-check page with a correction (${language})`);
    await notice.screenshot({ path: join(SCREENSHOTS, `site-correction-notice-${dirOf(language)}.png`) });

    await site.goto(`${journey.baseUrl}${sitePrefix(language)}/corrections`);
    const entry = site.getByTestId('correction-entry').first();
    await entry.waitFor(WAIT);
    expect(await entry.innerText()).toContain(t.title);
    expect(await entry.innerText()).toContain(t.note.slice(0, 20));
    await expectAccessible(site, `${sitePrefix(language)}/corrections`);
    await site.screenshot({
      path: join(SCREENSHOTS, `site-corrections-${dirOf(language)}.png`),
      fullPage: true,
    });

    // Unpublished with a public reason: the address answers 410 with a tombstone.
    await page.locator('[data-workflow-action="unpublish"]').click();
    const dialog = page.getByRole('dialog');
    await page.getByTestId('reason-input').fill(t.withdrawal);
    await dialog.getByTestId('reason-confirm').click();
    await dialog.waitFor({ state: 'detached', ...WAIT });
    await expectToast(page, t.unpublished);
    const response = await site.goto(url);
    expect(response?.status()).toBe(410);
    await site.getByTestId('withdrawn').waitFor(WAIT);
    expect(await site.getByTestId('withdrawn-reason').innerText()).toContain(t.withdrawal);
    expect(await site.evaluate(() => document.documentElement.dir)).toBe(dirOf(language));
    expect(await jsonLd(site)).toEqual([]);
    await expectAccessible(site, `tombstone (${language})`);
    await site.screenshot({
      path: join(SCREENSHOTS, `site-tombstone-${dirOf(language)}.png`),
      fullPage: true,
    });
  });
});

describe('corrections and retractions (dialog audit)', () => {
  it('the correction dialog passes axe in both languages and themes', async () => {
    const checker = await journey.createUser(['fact-checker']);
    const editor = await journey.createUser(['editor']);
    const item = await publishedFactcheck(journey, checker, 'Corrections: the dialog audit', 'en');
    const seen: string[] = [];
    for (const language of ['ar', 'en'] as const) {
      for (const theme of ['light', 'dark'] as const) {
        const page = await journey.newPage({ language, theme, user: editor });
        await openScreen(page, journey.baseUrl, `/panel/factcheck/edit/${item._id}`);
        await page.getByTestId('add-correction').click();
        await page.getByRole('dialog').waitFor(WAIT);
        await choose(page, 'correction-type', language === 'ar' ? 'تغيير التقييم' : 'Rating change');
        await page
          .getByRole('dialog')
          .getByRole('button', { name: language === 'ar' ? 'إضافة التصحيح' : 'Add correction' })
          .click();
        await screenSettled(page);
        expect(await page.evaluate(() => document.documentElement.dir)).toBe(
          language === 'ar' ? 'rtl' : 'ltr',
        );
        // The dialog and its button (the editor around them has its own journeys).
        const report = await auditPage(page, { noIconFonts: true, maxNodes: 50 });
        for (const violation of report.violations) {
          for (const node of violation.nodes) {
            const ours = await page.evaluate(
              (selector) =>
                document
                  .querySelector(selector)
                  ?.closest('[role="dialog"], [data-testid="add-correction"]') != null,
              node.target.join(' '),
            );
            if (ours)
              seen.push(
                `${violation.id} (${violation.impact}) ${node.target.join(' ')} [${language} ${theme}]`,
              );
          }
        }
        await screenshot(
          page,
          `correction-dialog-${language === 'ar' ? 'rtl' : 'ltr'}${theme === 'dark' ? '-dark' : ''}`,
        );
      }
    }
    expect(seen).toEqual([]);
  });
});
