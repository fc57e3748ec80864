// The file browser (/panel/media/list): uploads with progress and the server's refusal in red,
// paste, the side panel of a focused file, Copy URL, the delete confirmation, search, the grid view,
// the image viewer, a phone's drawer, and the audits. Each test works in a folder of its own.
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  auditScreen,
  expectToast,
  openScreen,
  type PanelJourney,
  PHONE,
  screenReady,
  screenshot,
  setUpPanelJourney,
  type TestUser,
} from './harness.ts';

const journey = setUpPanelJourney();

const png = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

/** A one-page PDF the browser can show. */
function pdf(text: string): Buffer {
  const stream = `BT /F1 24 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

interface StoredFile {
  _id: string;
  originalname: string;
  filename: string;
  path: string;
  mimetype: string;
  size: number;
  destination: string;
}

/** Uploads through the API as `user` (set-up, not the subject). */
async function uploadFile(
  j: PanelJourney,
  user: TestUser,
  folder: string,
  name: string,
  bytes: Buffer,
  type: string,
): Promise<StoredFile> {
  const { access_token } = await j.tokensOf(user);
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const response = await fetch(`${j.baseUrl}/storage/${folder}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${access_token}` },
    body: form,
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as StoredFile[])[0]!;
}

async function filesIn(j: PanelJourney, user: TestUser, folder: string): Promise<StoredFile[]> {
  const answer = await j.api<{ data: StoredFile[] }>(
    user,
    'GET',
    `/api/storage?destination=${encodeURIComponent(`storage/${folder}`)}&per_page=100`,
  );
  expect(answer.status).toBe(200);
  return answer.body.data;
}

const fileButton = (page: Page, name: string) => page.locator(`[data-file-item][data-file-name="${name}"]`);

describe('the file browser', () => {
  it('editors upload an image and a PDF into the current folder and see them listed', async () => {
    const editor = await journey.createUser(['editor']);
    const page = await journey.newPage({ language: 'en', user: editor });
    await openScreen(page, journey.baseUrl, '/panel/media/list?folder=journey-upload');
    expect(await page.title()).toBe('Files - Tabayyun');
    expect(await page.getByTestId('folder-path').innerText()).toContain('journey-upload');

    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('upload-button').click();
    await (await chooser).setFiles([
      { name: 'aleppo-bread-queue.png', mimeType: 'image/png', buffer: await png(640, 400, '#0b5cad') },
      { name: 'ministry-statement.pdf', mimeType: 'application/pdf', buffer: pdf('Ministry statement') },
    ]);
    // Both end their progress as Uploaded and appear in the list.
    await expect.poll(() => page.locator('[data-upload-status="done"]').count(), { timeout: 15_000 }).toBe(2);
    expect(await page.locator('[data-upload-status="uploading"]').count()).toBe(0);
    await fileButton(page, 'aleppo-bread-queue.png').waitFor();
    await fileButton(page, 'ministry-statement.pdf').waitFor();
    expect(await page.getByTestId('table-total').getAttribute('data-total')).toBe('2');

    const stored = await filesIn(journey, editor, 'journey-upload');
    expect(stored.map((f) => [f.originalname, f.mimetype]).sort()).toEqual([
      ['aleppo-bread-queue.png', 'image/png'],
      ['ministry-statement.pdf', 'application/pdf'],
    ]);

    // The folder shows up under the root, and its breadcrumb leads back.
    await page.getByRole('link', { name: 'Root' }).click();
    await screenReady(page);
    await page.getByRole('button', { name: 'Open the folder journey-upload' }).click();
    await page.waitForURL(/folder=journey-upload/);
    await fileButton(page, 'ministry-statement.pdf').waitFor();
  });

  it("shows the server's refusal in red under the file's name", async () => {
    const editor = await journey.createUser(['editor']);
    const page = await journey.newPage({ language: 'en', user: editor });
    // news-feed accepts images only (the feed's featured image).
    await openScreen(page, journey.baseUrl, '/panel/media/list?folder=news-feed');
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('upload-button').click();
    await (await chooser).setFiles([
      { name: 'leaked-memo.pdf', mimeType: 'application/pdf', buffer: pdf('Leaked memo') },
    ]);
    const error = page.locator('[data-upload-name="leaked-memo.pdf"] [data-testid="upload-error"]');
    await error.waitFor();
    expect(await error.innerText()).toContain('this folder accepts image/*');
    expect(await error.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(201, 42, 42)');
    await expectToast(page, 'Upload failed');
    expect((await filesIn(journey, editor, 'news-feed')).map((f) => f.originalname)).not.toContain(
      'leaked-memo.pdf',
    );
  });

  it('pasting a file uploads it into the current folder', async () => {
    const editor = await journey.createUser(['editor']);
    const page = await journey.newPage({ language: 'ar', user: editor });
    await openScreen(page, journey.baseUrl, '/panel/media/list?folder=journey-paste');
    const bytes = [...(await png(120, 80, '#c92a2a'))];
    await page.evaluate((data) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(data)], 'screenshot.png', { type: 'image/png' }));
      document.body.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }),
      );
    }, bytes);
    await fileButton(page, 'screenshot.png').waitFor();
    expect(await page.locator('[data-upload-status="done"]').innerText()).toContain('اكتمل الرفع');
    expect((await filesIn(journey, editor, 'journey-paste')).map((f) => f.originalname)).toEqual([
      'screenshot.png',
    ]);
  });

  it('dropping files onto the page uploads them; cancelling a running upload stores nothing', async () => {
    const folder = 'journey-drop';
    const editor = await journey.createUser(['editor']);
    const page = await journey.newPage({ language: 'en', user: editor });
    await openScreen(page, journey.baseUrl, `/panel/media/list?folder=${folder}`);
    const bytes = [...(await png(90, 60, '#2b8a3e'))];
    await page.evaluate(async (data) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(data)], 'dropped-photo.png', { type: 'image/png' }));
      const drag = (target: EventTarget, type: string) =>
        target.dispatchEvent(
          new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }),
        );
      drag(document, 'dragenter');
      await new Promise((resolve) => setTimeout(resolve, 50));
      const zone = document.querySelector('[data-testid="file-drop-zone"]');
      if (!zone) throw new Error('no drop zone');
      drag(zone, 'dragenter');
      drag(zone, 'dragover');
      drag(zone, 'drop');
    }, bytes);
    await fileButton(page, 'dropped-photo.png').waitFor();
    expect((await filesIn(journey, editor, folder)).map((f) => f.originalname)).toEqual([
      'dropped-photo.png',
    ]);

    // The server never answers this one: it stays Uploading until × cancels it.
    await page.route(`**/storage/${folder}`, () => {});
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('upload-button').click();
    await (await chooser).setFiles([
      { name: 'slow-video.png', mimeType: 'image/png', buffer: await png(200, 200, '#000') },
    ]);
    const item = page.locator('[data-upload-name="slow-video.png"]');
    await item.and(page.locator('[data-upload-status="uploading"]')).waitFor();
    const progress = item.getByRole('progressbar', { name: 'Upload of slow-video.png' });
    expect(Number(await progress.getAttribute('aria-valuenow'))).toBeLessThan(100);
    expect(await item.innerText()).toMatch(/Uploading \d+%/);
    await item.getByRole('button', { name: 'Cancel the upload of slow-video.png' }).click();
    await item.and(page.locator('[data-upload-status="cancelled"]')).waitFor();
    expect(await item.innerText()).toContain('Cancelled');
    expect((await filesIn(journey, editor, folder)).map((f) => f.originalname)).toEqual([
      'dropped-photo.png',
    ]);
    await item.getByRole('button', { name: 'Remove slow-video.png from the list' }).click();
    await item.waitFor({ state: 'detached' });
  });

  it('focusing a file shows its details in the side panel; its thumbnail opens the image viewer', async () => {
    const folder = 'journey-details';
    await uploadFile(
      journey,
      journey.admin,
      folder,
      'idlib-shelter.png',
      await png(800, 600, '#2f78c4'),
      'image/png',
    );
    await uploadFile(
      journey,
      journey.admin,
      folder,
      'press-release.pdf',
      pdf('Press release'),
      'application/pdf',
    );
    const page = await journey.newPage({ language: 'en', user: journey.admin });
    await openScreen(page, journey.baseUrl, `/panel/media/list?folder=${folder}`);
    // Newest first: the PDF, then the image. Focus walks with the arrow keys.
    await fileButton(page, 'press-release.pdf').focus();
    const panel = page.getByTestId('side-panel');
    expect(await panel.getByTestId('file-details').innerText()).toContain('press-release.pdf');
    await page.keyboard.press('ArrowDown');
    const details = panel.getByTestId('file-details');
    await expect.poll(() => details.innerText()).toContain('idlib-shelter.png');
    const text = await details.innerText();
    expect(text).toContain('Image');
    expect(text).toContain('image/png');
    expect(text).toMatch(/\d[\d,]* bytes/);
    expect(text).toContain(folder);
    expect(text).toContain('Rania Admin (You)');
    expect(text).toMatch(/\d{2} [A-Z][a-z]{2} \d{4}/);
    // Enter opens the panel and takes focus into it.
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('File details');

    // A click on the image's thumbnail opens the viewer with the full image and its name.
    await fileButton(page, 'idlib-shelter.png').locator('[data-thumb-image]').click();
    const viewer = page.getByRole('dialog', { name: 'idlib-shelter.png' });
    await viewer.waitFor();
    const image = viewer.getByRole('img', { name: 'idlib-shelter.png' });
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(800);
    await screenshot(page, 'files-image-viewer-ltr');
    await viewer.getByRole('button', { name: 'Close' }).click();
    await viewer.waitFor({ state: 'detached' });
  });

  it('copies the absolute URL to the clipboard, with the toast in English and in Arabic', async () => {
    const folder = 'journey-copy';
    const stored = await uploadFile(
      journey,
      journey.admin,
      folder,
      'map.png',
      await png(60, 60, '#444'),
      'image/png',
    );
    for (const [language, toast] of [
      ['en', 'Url copied to clipboard.'],
      ['ar', 'نُسخ الرابط إلى الحافظة.'],
    ] as const) {
      const page = await journey.newPage({ language, user: journey.admin });
      await page
        .context()
        .grantPermissions(['clipboard-read', 'clipboard-write'], { origin: journey.baseUrl });
      await openScreen(page, journey.baseUrl, `/panel/media/list?folder=${folder}`);
      await fileButton(page, 'map.png').click();
      await page.getByTestId('copy-url').click();
      expect(await expectToast(page, toast)).toBe(toast);
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied).toBe(`${journey.baseUrl}/${stored.path}`);
      expect((await fetch(copied)).status).toBe(200);
      await page.context().close();
    }
  });

  it('"Keep it" keeps a file; "Delete" removes it from the list and the server', async () => {
    const folder = 'journey-delete';
    const stored = await uploadFile(
      journey,
      journey.admin,
      folder,
      'fake-decree.png',
      await png(50, 50, '#888'),
      'image/png',
    );
    await uploadFile(journey, journey.admin, folder, 'keep-me.png', await png(50, 50, '#999'), 'image/png');
    const page = await journey.newPage({ language: 'en', user: journey.admin });
    await openScreen(page, journey.baseUrl, `/panel/media/list?folder=${folder}`);
    await fileButton(page, 'fake-decree.png').click();

    await page.getByTestId('delete-file').click();
    const dialog = page.getByRole('dialog', { name: 'Delete' });
    expect(await dialog.innerText()).toContain('Are you sure you want to delete this item?');
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await filesIn(journey, journey.admin, folder)).map((f) => f.originalname)).toContain(
      'fake-decree.png',
    );

    await page.getByTestId('delete-file').click();
    await page.getByRole('dialog', { name: 'Delete' }).getByRole('button', { name: 'Delete' }).click();
    await fileButton(page, 'fake-decree.png').waitFor({ state: 'detached' });
    await fileButton(page, 'keep-me.png').waitFor();
    expect((await filesIn(journey, journey.admin, folder)).map((f) => f.originalname)).toEqual([
      'keep-me.png',
    ]);
    expect((await fetch(`${journey.baseUrl}/${stored.path}`)).status).toBe(404);
    expect(await page.getByTestId('side-panel').innerText()).toContain('Select a file to see its details.');
  });

  it('searches names after a pause, keeps the search in the address, and remembers the grid view', async () => {
    const folder = 'journey-search';
    await uploadFile(
      journey,
      journey.admin,
      folder,
      'raqqa-checkpoint.png',
      await png(40, 40, '#123'),
      'image/png',
    );
    await uploadFile(
      journey,
      journey.admin,
      folder,
      'homs-market.png',
      await png(40, 40, '#321'),
      'image/png',
    );
    const page = await journey.newPage({ language: 'en', user: journey.admin });
    await openScreen(page, journey.baseUrl, `/panel/media/list?folder=${folder}`);
    expect(await page.locator('[data-file-item]').count()).toBe(2);
    await page.getByRole('searchbox', { name: 'Search files' }).fill('raqqa');
    await page.waitForURL(/q=raqqa/);
    await expect
      .poll(() => page.locator('[data-file-item]').evaluateAll((els) => els.map((e) => e.dataset.fileName)))
      .toEqual(['raqqa-checkpoint.png']);
    expect(await page.getByTestId('table-total').getAttribute('data-total')).toBe('1');
    expect(new URL(page.url()).searchParams.get('folder')).toBe(folder);

    expect(await page.getByTestId('file-items').getAttribute('data-view')).toBe('list');
    await page.getByTestId('view-toggle').getByText('Grid').click();
    expect(await page.getByTestId('file-items').getAttribute('data-view')).toBe('grid');
    const box = await page.locator('[data-thumb-image]').first().boundingBox();
    expect(box?.height).toBe(220);
    await page.reload();
    await screenReady(page);
    expect(await page.getByTestId('file-items').getAttribute('data-view')).toBe('grid');
  });

  it('fact-checkers upload but see no delete; on a phone the details open in a drawer', async () => {
    const folder = 'journey-phone';
    await uploadFile(
      journey,
      journey.admin,
      folder,
      'daraa-protest.png',
      await png(300, 200, '#0a4f95'),
      'image/png',
    );
    const checker = await journey.createUser(['fact-checker']);
    const page = await journey.newPage({ language: 'ar', user: checker, viewport: PHONE });
    await openScreen(page, journey.baseUrl, `/panel/media/list?folder=${folder}`);
    expect(await page.getByTestId('upload-button').isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'files-phone-rtl');
    await fileButton(page, 'daraa-protest.png').locator('bdi').click();
    const drawer = page.getByRole('dialog', { name: 'تفاصيل الملف' });
    await drawer.waitFor();
    expect(await drawer.innerText()).toContain('daraa-protest.png');
    expect(await drawer.getByTestId('delete-file').count()).toBe(0);
    expect(await drawer.getByRole('button', { name: 'نسخ الرابط' }).isVisible()).toBe(true);
    await screenshot(page, 'files-phone-drawer-rtl');
  });

  it('the file browser is accessible in both languages and themes: list, grid, and with the side panel', async () => {
    const folder = 'journey-audit';
    await uploadFile(
      journey,
      journey.admin,
      folder,
      'aleppo-citadel.png',
      await png(640, 420, '#2f78c4'),
      'image/png',
    );
    await uploadFile(journey, journey.admin, folder, 'تقرير-الحادثة.pdf', pdf('Report'), 'application/pdf');
    await uploadFile(
      journey,
      journey.admin,
      `${folder}/2025`,
      'archive.png',
      await png(64, 64, '#666'),
      'image/png',
    );
    await auditScreen(journey, `/panel/media/list?folder=${folder}`, 'files-list', {
      prepare: async (page) => {
        await page.evaluate(() => localStorage.setItem('panelFilesView', '"list"'));
      },
    });
    await auditScreen(journey, `/panel/media/list?folder=${folder}`, 'files-grid', {
      prepare: async (page) => {
        await page.getByTestId('view-toggle').locator('label').nth(1).click();
        await page.getByTestId('file-items').and(page.locator('[data-view="grid"]')).waitFor();
      },
    });
    await auditScreen(journey, `/panel/media/list?folder=${folder}`, 'files-panel', {
      prepare: async (page) => {
        await page.locator('[data-file-item]').first().click();
        await page.getByTestId('file-details').waitFor();
        await page.waitForLoadState('networkidle');
      },
    });
  });
});
