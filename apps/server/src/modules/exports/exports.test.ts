// Exports (issue 35 §4): every row of the list's query the caller may read, in the list's order,
// streamed in batches; CSV in UTF-8 with a BOM, quoted, formulas defused; the audit log too. On
// PGlite and PostgreSQL (DATABASE_URL).
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { factcheck, feed, newId } from '@tabayyun/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, request, signIn, type TestApp } from '../../../test/build-test-app.ts';
import { createCriteria } from '../../../test/factories.ts';
import { EXPORT_BATCH_SIZE } from './export.service.ts';
import { CSV_BOM } from './export-format.ts';

/** RFC 4180: quoted cells, doubled quotes, CRLF rows. */
export function parseCsv(text: string): string[][] {
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

let t: TestApp;
let editor: { access_token: string };
let admin: { access_token: string };
let factChecker: { access_token: string };
let reader: { access_token: string };

/** More than two batches of drafts, many sharing one creation time (the keyset's ties). */
const DRAFTS = EXPORT_BATCH_SIZE * 2 + 137;
const PUBLISHED = 40;
const TRICKY_TITLE = '=HYPERLINK("http://evil.example","انقر هنا")';
const QUOTED_TITLE = 'عنوان، فيه "اقتباس"\nوسطر ثانٍ';

beforeAll(async () => {
  t = await buildTestApp();
  await createCriteria(t.app);
  editor = await signIn(t, ['editor']);
  admin = await signIn(t, ['admin']);
  factChecker = await signIn(t, ['fact-checker']);
  reader = await signIn(t, []);
  const base = Date.parse('2026-03-01T10:00:00.123456Z');
  const rows: (typeof factcheck.$inferInsert)[] = [];
  for (let i = 0; i < DRAFTS; i++) {
    rows.push({
      _id: newId(new Date(base + i)),
      title:
        i === 7
          ? TRICKY_TITLE
          : i === 8
            ? QUOTED_TITLE
            : `مسودة رقم ${i} عن مدينة ${i % 3 === 0 ? 'حلب' : 'حمص'}`,
      description: 'وصف',
      status: 'draft',
      language: i % 2 ? 'ar' : 'en',
      // Ten rows to a creation time, so batches end inside runs of equal keys.
      createdAt: new Date(base + Math.floor(i / 10) * 1000),
      // Half the rows have no publish date (nulls first descending, last ascending).
      publishAt: i % 2 ? new Date(base + (i % 50) * 60_000) : null,
    });
  }
  for (let i = 0; i < PUBLISHED; i++) {
    rows.push({
      _id: newId(new Date(base - i * 1000)),
      title: `منشور ${i}`,
      description: 'وصف',
      status: 'published',
      language: 'ar',
      category: 'fabricated',
      publishedAt: new Date(base - i * 3_600_000),
    });
  }
  for (let i = 0; i < rows.length; i += 500)
    await t.database.db.insert(factcheck).values(rows.slice(i, i + 500));
  await t.database.db.insert(feed).values([{ _id: newId(), title: 'خبر للتحقق', status: 'new' }]);
});
afterAll(async () => t?.close());

const get = (url: string, who: { access_token: string } = editor) =>
  request(t.app, 'GET', url, { token: who.access_token });

async function exportCsv(query: string, who = editor) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/factcheck/export.csv?${query}`,
    headers: { authorization: `Bearer ${who.access_token}` },
  });
  return res;
}

describe('export.csv and export.json of a list', () => {
  it.each([
    ['status=draft', DRAFTS],
    ['status=draft&sort_by=title', DRAFTS],
    ['status=draft&sort_by=publishAt', DRAFTS],
    ['status=draft&sort_by=-publishAt', DRAFTS],
    ['status=draft&title=*حلب*&sort_by=createdAt', undefined],
    ['language=en&sort_by=-createdAt', undefined],
    ['category=fabricated&sort_by=-publishedAt', PUBLISHED],
  ])("answers every row of '%s', once each, in the list's order", async (query, expected) => {
    const list = await get(`/api/factcheck?${query}&per_page=500`);
    expect(list.status).toBe(200);
    const total = list.body.total as number;
    if (expected !== undefined) expect(total).toBe(expected);
    const res = await exportCsv(`${query}&select=_id,title,status`);
    expect(res.statusCode).toBe(200);
    const rows = parseCsv(res.body.replace(CSV_BOM, ''));
    expect(rows[0]).toEqual(['_id', 'title', 'status']);
    const ids = rows.slice(1).map((r) => r[0]);
    expect(ids).toHaveLength(total);
    expect(new Set(ids).size).toBe(total);
    // The first page of the list is the export's first rows, in the same order.
    const firstPage = (list.body.data as { _id: string }[]).map((d) => d._id);
    expect(ids.slice(0, firstPage.length)).toEqual(firstPage);

    const json = await t.app.inject({
      method: 'GET',
      url: `/api/factcheck/export.json?${query}`,
      headers: { authorization: `Bearer ${editor.access_token}` },
    });
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    const docs = json.json() as { _id: string }[];
    expect(docs.map((d) => d._id)).toEqual(ids);
  });

  it('is UTF-8 with a byte-order mark: Arabic titles read back as they were written', async () => {
    const res = await exportCsv('status=draft&sort_by=createdAt&select=title,language');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="factcheck-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(res.rawPayload.toString('utf8').slice(1));
    expect(rows[0]).toEqual(['_id', 'title', 'language']);
    expect(rows[1]!.slice(1)).toEqual(['مسودة رقم 0 عن مدينة حلب', 'en']);
    // Commas, quotes and a line break stay inside their cell.
    expect(rows.some((r) => r[1] === QUOTED_TITLE)).toBe(true);
  });

  it('defuses formulas: a cell starting with = + - @ gets an apostrophe', async () => {
    const res = await exportCsv('status=draft&select=title');
    const rows = parseCsv(res.body.replace(CSV_BOM, ''));
    expect(rows.filter((r) => r[1]!.includes('HYPERLINK')).map((r) => r[1])).toEqual([`'${TRICKY_TITLE}`]);
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil.example"",""انقر هنا"")"`);
  });

  it("has the list's columns: select, else every field it answers (not the search copies)", async () => {
    const res = await exportCsv('status=published&per_page=1');
    const header = parseCsv(res.body.replace(CSV_BOM, ''))[0]!;
    expect(header).toContain('title');
    expect(header).toContain('publishedAt');
    expect(header.some((h) => h.endsWith('Normalized'))).toBe(false);
    const looked = await exportCsv(
      'status=published&select=title,category&lookup=category&sort_by=-publishedAt',
    );
    expect(parseCsv(looked.body.replace(CSV_BOM, ''))[1]!.slice(1)).toEqual(['منشور 0', 'مفبرك']);
    // `columns`: the list's visible columns in its order; a column the screen computes is left out.
    const shown = await exportCsv(
      'status=published&lookup=category&sort_by=-publishedAt&columns=category,languages,title',
    );
    const rows = parseCsv(shown.body.replace(CSV_BOM, ''));
    expect(rows.slice(0, 2)).toEqual([
      ['category', 'title'],
      ['مفبرك', 'منشور 0'],
    ]);
    expect(rows).toHaveLength(PUBLISHED + 1);
    expect((await exportCsv('columns=nothing')).statusCode).toBe(400);
  });

  it('refuses what the list refuses: a bad query is 400 INVALID_QUERY, before anything is sent', async () => {
    const res = await exportCsv('nope=1');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_QUERY');
    expect((await exportCsv('sort_by=evaluation')).statusCode).toBe(400);
    expect((await exportCsv('lookup=nothing')).statusCode).toBe(400);
  });
});

describe('who may export', () => {
  it('a role-less user gets nothing (403), an anonymous caller 401, as the lists of the desk', async () => {
    const csv = await get('/api/factcheck/export.csv?status=published', reader);
    expect(csv.status).toBe(403);
    expect(csv.body.code).toBe('FORBIDDEN');
    expect((await get('/api/feed/export.json', reader)).status).toBe(403);
    expect((await get('/api/feed', reader)).status).toBe(403);
    expect((await request(t.app, 'GET', '/api/factcheck/export.csv')).status).toBe(401);
  });

  it('a fact-checker exports what they read; the audit log only its readers (admins)', async () => {
    const res = await exportCsv('status=draft&select=_id', factChecker);
    expect(res.statusCode).toBe(200);
    expect(parseCsv(res.body.replace(CSV_BOM, '')).length - 1).toBe(DRAFTS);
    expect((await get('/api/audit/export.csv', editor)).status).toBe(403);
    expect((await get('/api/audit', editor)).status).toBe(403);
  });

  it('exports the audit log the same way, row count equal to its list total', async () => {
    const list = await get('/api/audit?type=sign-in', admin);
    expect(list.status).toBe(200);
    expect(list.body.total as number).toBeGreaterThan(3);
    const res = await get('/api/audit/export.csv?type=sign-in&select=type,actor,createdAt', admin);
    expect(res.status).toBe(200);
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/audit/export.csv?type=sign-in&select=type,actor,createdAt',
      headers: { authorization: `Bearer ${admin.access_token}` },
    });
    const rows = parseCsv(csv.body.replace(CSV_BOM, ''));
    expect(rows[0]).toEqual(['_id', 'type', 'actor', 'createdAt']);
    expect(rows.length - 1).toBe(list.body.total);
    expect(rows.slice(1).every((r) => r[1] === 'sign-in')).toBe(true);
  });
});

describe('streaming', () => {
  it('answers chunked, a batch at a time, never the whole export in one buffer', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const { headers, chunks, bytes } = await new Promise<{
      headers: Record<string, unknown>;
      chunks: number;
      bytes: number;
    }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          path: '/api/factcheck/export.csv?status=draft',
          headers: { authorization: `Bearer ${editor.access_token}` },
        },
        (res) => {
          let chunks = 0;
          let bytes = 0;
          res.on('data', (chunk: Buffer) => {
            chunks++;
            bytes += chunk.length;
          });
          res.on('end', () => resolve({ headers: res.headers, chunks, bytes }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(headers['transfer-encoding']).toBe('chunked');
    expect(headers['content-length']).toBeUndefined();
    // The header, then one chunk per batch of rows (at least three batches here).
    expect(chunks).toBeGreaterThanOrEqual(Math.ceil(DRAFTS / EXPORT_BATCH_SIZE) + 1);
    expect(bytes).toBeGreaterThan(DRAFTS * 100);
  });
});
