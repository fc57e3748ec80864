// Exports (issue 35 §4), in Arabic and in English: an editor exports a filtered list as CSV; the
// file is UTF-8 with a byte-order mark, has the list's columns, one row per item of the whole
// filtered list (more than a page), and its Arabic titles read back as written. The audit log
// exports the same way.
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openScreen, screenshot, setUpPanelJourney } from './harness.ts';

const journey = setUpPanelJourney();
const WAIT = { timeout: 15_000 };

/** RFC 4180: quoted cells, doubled quotes, CRLF rows. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/** Clicks Export → CSV and answers the downloaded file's bytes. */
async function exportCsv(page: Page): Promise<{ bytes: Buffer; name: string }> {
  await page.getByTestId('export-menu').click();
  const [download] = await Promise.all([
    page.waitForEvent('download', WAIT),
    page.getByTestId('export-csv').click(),
  ]);
  const path = await download.path();
  return { bytes: await readFile(path), name: download.suggestedFilename() };
}

const total = (page: Page) => page.getByTestId('table-total').getAttribute('data-total');

describe.each(['ar', 'en'] as const)('exports (%s)', (language) => {
  it('exports every row of a filtered list as CSV; the Arabic titles read correctly', async () => {
    const editor = await journey.createUser(['editor'], { name: `Exporter ${language}` });
    const marker = `تصدير${language}${Date.now() % 100000}`;
    const titles: string[] = [];
    for (let i = 0; i < 30; i++) {
      // Commas, quotes and a formula-looking start, as real titles have.
      const title = i === 0 ? `=عنوان ${marker}، "مقتبس"` : `ادعاء ${marker} عن مدينة حلب رقم ${i}`;
      titles.push(title);
      const res = await journey.api(journey.admin, 'POST', '/api/factcheck', {
        title,
        description: 'وصف',
        status: 'draft',
        language: 'ar',
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const page = await journey.newPage({ language, user: editor });
    await openScreen(page, journey.baseUrl, `/panel/factcheck/draft?q=${encodeURIComponent(marker)}`);
    await expect.poll(() => total(page), WAIT).toBe('30');
    await screenshot(page, `desk-export-list-${language === 'ar' ? 'rtl' : 'ltr'}`);
    const { bytes, name } = await exportCsv(page);
    expect(name).toMatch(/^factcheck-\d{4}-\d{2}-\d{2}\.csv$/);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(bytes.toString('utf8').slice(1));
    const header = rows[0]!;
    expect(header).toContain('title');
    const titleAt = header.indexOf('title');
    // Every row of the filtered list, not only the 25 of the page shown.
    expect(rows.length - 1).toBe(30);
    const exported = rows.slice(1).map((r) => r[titleAt]);
    expect(exported.sort()).toEqual(titles.map((t) => (t.startsWith('=') ? `'${t}` : t)).sort());
  });

  it('exports the audit log', async () => {
    const page = await journey.newPage({ language, user: journey.admin });
    await openScreen(page, journey.baseUrl, '/panel/audit?type=sign-in');
    const { bytes } = await exportCsv(page);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(bytes.toString('utf8').slice(1));
    const typeAt = rows[0]!.indexOf('type');
    expect(typeAt).toBeGreaterThanOrEqual(0);
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.slice(1).every((r) => r[typeAt] === 'sign-in')).toBe(true);
  });
});
