// The fact-check editor with the History drawer open (two versions compared) and with the conflict
// view open, in Arabic and English, light and dark: axe-core finds nothing serious; screenshots
// panel-editor-history-*.png and panel-editor-conflict-*.png.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { auditScreen, setUpPanelJourney } from './harness.ts';

const journey = setUpPanelJourney();
const WAIT = { timeout: 15_000 };

const patch = (id: string, path: string, value: unknown) =>
  journey.api(journey.admin, 'PATCH', `/api/factcheck/${id}`, [{ op: 'replace', path, value }]);

async function createFactcheck(): Promise<string> {
  const created = await journey.api(journey.admin, 'POST', '/api/factcheck', {
    title: 'صورة قديمة لحريق قلعة حلب',
    description: 'صورة من 2016 نُشرت على أنها حديثة',
    conclusion: '<p>الفيديو قديم ولا علاقة له بالأحداث الجارية.</p>',
  });
  expect(created.status).toBe(200);
  return created.body._id as string;
}

async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('.mantine-Loader-root'), null, WAIT);
  // Modals and drawers animate in.
  await page.waitForTimeout(400);
}

describe('the collaboration views in both languages and themes', () => {
  it('the History drawer comparing two versions is accessible', async () => {
    const id = await createFactcheck();
    await patch(id, '/conclusion', '<p>الفيديو من عام 2016 ولا علاقة له بالأحداث.</p>');
    await patch(id, '/title', 'صورة من 2016 لحريق قلعة حلب');
    await auditScreen(journey, `/panel/factcheck/edit/${id}`, 'editor-history', {
      prepare: async (page) => {
        await page.getByTestId('editor-history').click();
        await page.getByTestId('revision-select-1').check(WAIT);
        await page.getByTestId('revision-select-2').check();
        await page.getByTestId('revision-diff-conclusion').waitFor(WAIT);
        await settled(page);
      },
    });
  });

  it('the conflict view is accessible', async () => {
    const id = await createFactcheck();
    let round = 0;
    await auditScreen(journey, `/panel/factcheck/edit/${id}`, 'editor-conflict', {
      prepare: async (page) => {
        round += 1;
        await page.locator('[data-field-name="title"] input').first().fill(`عنواني ${round}`);
        // A colleague saves first.
        await patch(id, '/title', `عنوان الزميل ${round}`);
        await patch(id, '/description', `وصف الزميل ${round}`);
        await page.getByTestId('editor-save').click();
        await page.getByTestId('conflict-field-title').waitFor(WAIT);
        await page.getByTestId('conflict-keep-mine-title').check();
        await settled(page);
      },
    });
  });
});
