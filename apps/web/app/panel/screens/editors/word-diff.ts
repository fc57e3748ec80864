// A word-level diff (longest common subsequence) for the History drawer and the conflict view:
// rich text is compared as readable text, words added and removed are marked, spaces kept.

export type DiffPart = { kind: 'same' | 'added' | 'removed'; text: string };

/** Words and the spaces between them, in order (spaces are tokens, so the text joins back). */
export function tokenize(text: string): string[] {
  return text.match(/\s+|[^\s]+/g) ?? [];
}

/** Above this many token pairs the LCS table is not worth it: the whole text is replaced. */
const MAX_CELLS = 4_000_000;

/** The parts turning `before` into `after`, neighbours of one kind merged. */
export function wordDiff(before: string, after: string): DiffPart[] {
  const a = tokenize(before);
  const b = tokenize(after);
  // Common head and tail first: most edits touch a small part of a long text.
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    a[a.length - 1 - tail] === b[b.length - 1 - tail]
  )
    tail++;
  const parts: DiffPart[] = [];
  const push = (kind: DiffPart['kind'], text: string) => {
    if (!text) return;
    const last = parts[parts.length - 1];
    if (last && last.kind === kind) last.text += text;
    else parts.push({ kind, text });
  };
  push('same', a.slice(0, head).join(''));
  const x = a.slice(head, a.length - tail);
  const y = b.slice(head, b.length - tail);
  if (x.length * y.length > MAX_CELLS) {
    push('removed', x.join(''));
    push('added', y.join(''));
  } else {
    // lengths[i][j] = LCS of x[i..] and y[j..], in one flat array.
    const w = y.length + 1;
    const lengths = new Uint32Array((x.length + 1) * w);
    for (let i = x.length - 1; i >= 0; i--)
      for (let j = y.length - 1; j >= 0; j--)
        lengths[i * w + j] =
          x[i] === y[j]
            ? lengths[(i + 1) * w + j + 1]! + 1
            : Math.max(lengths[(i + 1) * w + j]!, lengths[i * w + j + 1]!);
    let i = 0;
    let j = 0;
    while (i < x.length && j < y.length) {
      if (x[i] === y[j]) {
        push('same', x[i]!);
        i++;
        j++;
      } else if (lengths[(i + 1) * w + j]! >= lengths[i * w + j + 1]!) push('removed', x[i++]!);
      else push('added', y[j++]!);
    }
    while (i < x.length) push('removed', x[i++]!);
    while (j < y.length) push('added', y[j++]!);
  }
  push('same', a.slice(a.length - tail).join(''));
  return tidy(parts);
}

/**
 * A space alone between two changes belongs to them ("from 2016" added, not "from", " ", "2016"):
 * each run of changes reads as what was removed, then what was added.
 */
function tidy(parts: DiffPart[]): DiffPart[] {
  const out: DiffPart[] = [];
  let removed = '';
  let added = '';
  const flush = () => {
    if (removed) out.push({ kind: 'removed', text: removed });
    if (added) out.push({ kind: 'added', text: added });
    removed = '';
    added = '';
  };
  parts.forEach((part, index) => {
    if (part.kind === 'removed') removed += part.text;
    else if (part.kind === 'added') added += part.text;
    else if (
      /^\s+$/.test(part.text) &&
      (removed || added) &&
      index + 1 < parts.length &&
      parts[index + 1]!.kind !== 'same'
    ) {
      removed += part.text;
      added += part.text;
    } else {
      flush();
      out.push(part);
    }
  });
  flush();
  return out;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Stored HTML as readable text: blocks and line breaks become new lines, tags go, entities decode. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(br|hr)\b[^>]*>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li|blockquote|pre|tr|figure|figcaption)>/gi, '\n')
    .replace(/<img\b[^>]*\balt="([^"]*)"[^>]*>/gi, ' [$1] ')
    .replace(/<[^>]+>/g, '')
    .replace(/&(#x?[0-9a-f]+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code =
          name[1]?.toLowerCase() === 'x' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
        return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Any stored value as text a person can read and compare (HTML as text, lists one per line). */
export function readableValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return /<[a-z][^>]*>/i.test(value) ? htmlToText(value) : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map((item) => readableValue(item)).join('\n');
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    // Files and rows read best by their names; other objects as key: value lines.
    if (typeof record.originalname === 'string') return record.originalname;
    return Object.entries(record)
      .filter(([, v]) => v !== null && v !== undefined && v !== '' && !(Array.isArray(v) && !v.length))
      .map(([k, v]) => `${k}: ${readableValue(v).replace(/\n/g, ', ')}`)
      .join('\n');
  }
  return String(value);
}

/** True when two stored values read the same (key order of objects does not count). */
export function sameValue(a: unknown, b: unknown): boolean {
  const empty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && !v.length);
  if (empty(a) && empty(b)) return true;
  return stable(a) === stable(b);
}

function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stable((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value ?? null);
}
