// How exported rows are written (issue 35 §4, ADR 052): CSV (RFC 4180, CRLF, UTF-8 with a byte-order
// mark so Excel reads Arabic as Arabic) and JSON (one array). A cell a spreadsheet would run as a
// formula (=, +, -, @, tab, carriage return first) is prefixed with an apostrophe (OWASP's CSV
// injection advice): an export of a feed item titled `=HYPERLINK(…)` stays text.

export const CSV_BOM = '\uFEFF';
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

/** A linked record (a lookup) or a nested document, as a person reads it in one cell. */
function labelOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value !== 'object') return String(value);
  const record = value as Record<string, unknown>;
  for (const key of ['name', 'title', 'slug', '_id']) {
    if (typeof record[key] === 'string' && record[key]) return record[key] as string;
  }
  return JSON.stringify(value);
}

/** One CSV cell: text made safe from formulas, quoted when it must be. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  let text = Array.isArray(value) ? value.map(labelOf).join('; ') : labelOf(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (values: readonly unknown[]) => `${values.map(csvCell).join(',')}\r\n`;

/** The CSV text of a batch of rows, in the columns' order. */
export const csvRows = (columns: readonly string[], rows: readonly Record<string, unknown>[]) =>
  rows.map((row) => csvLine(columns.map((c) => row[c]))).join('');

/** A whole export as text chunks, a batch at a time: the CSV header first, BOM included. */
export async function* csvChunks(
  columns: readonly string[],
  batches: AsyncIterable<Record<string, unknown>[]>,
): AsyncGenerator<string> {
  yield CSV_BOM + csvLine(columns);
  for await (const rows of batches) yield csvRows(columns, rows);
}

/** A whole export as one JSON array, a batch at a time. */
export async function* jsonChunks(batches: AsyncIterable<Record<string, unknown>[]>): AsyncGenerator<string> {
  let first = true;
  yield '[';
  for await (const rows of batches) {
    if (rows.length === 0) continue;
    const text = rows.map((row) => JSON.stringify(row)).join(',\n');
    yield first ? `\n${text}` : `,\n${text}`;
    first = false;
  }
  yield '\n]\n';
}
