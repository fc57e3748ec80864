// Names on disk and in URLs. Client names are untrusted: directory parts, control and bidi
// characters and reserved punctuation go; Arabic (any letter or digit of any script) stays readable.
import { randomBytes } from 'node:crypto';

/** Room left in a 255-byte file-system name for a clash suffix and the extension. */
const MAX_STEM_BYTES = 150;
const MAX_FOLDER_DEPTH = 8;

// C0/C1 controls, bidi embeddings/overrides/isolates (the `exe.gpj` trick), BOM.
const INVISIBLE = /[\p{Cc}\u202A-\u202E\u2066-\u2069\u200E\u200F\uFEFF]/gu;
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// Characters that are reserved in URLs, shells or file systems.
const RESERVED = /[<>:"/\\|?*#%&{}^~`[\]'$@!;=+,]/g;
const FOLDER_SEGMENT = /^[\p{L}\p{N}][\p{L}\p{N}\p{M}._-]*$/u;

function truncateUtf8(text: string, maxBytes: number): string {
  let out = '';
  let bytes = 0;
  for (const ch of text) {
    const size = Buffer.byteLength(ch);
    if (bytes + size > maxBytes) break;
    out += ch;
    bytes += size;
  }
  return out;
}

export interface SafeName {
  stem: string;
  /** Lower-case, without the dot; '' when the name has none. */
  ext: string;
}

/** The last path segment of a client's file name, made safe: `../../x` → `x`, never empty. */
export function sanitizeFileName(raw: string): SafeName {
  // Unpaired surrogates (malformed UTF-16) cannot be stored or sent: they go like controls.
  const base =
    raw.replace(UNPAIRED_SURROGATE, '').normalize('NFC').replace(INVISIBLE, '').split(/[/\\]/).pop() ?? '';
  const cleaned = base
    .replace(RESERVED, '-')
    .replace(/\s+/gu, '-')
    .replace(/\.{2,}/g, '.')
    .replace(/-{2,}/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '');
  const dot = cleaned.lastIndexOf('.');
  const rawExt = dot > 0 ? cleaned.slice(dot + 1) : '';
  const ext = /^[a-z0-9]{1,10}$/i.test(rawExt) ? rawExt.toLowerCase() : '';
  const stem = ext ? cleaned.slice(0, dot) : cleaned;
  const short = truncateUtf8(stem, MAX_STEM_BYTES).replace(/[-.]+$/g, '');
  return { stem: short || 'file', ext };
}

export const joinName = (name: SafeName) => (name.ext ? `${name.stem}.${name.ext}` : name.stem);

/** The names to try, in order, when a name is taken and overwrite is off: `x.jpg`, `x-1.jpg`, … */
export function* candidateNames(name: SafeName): Generator<string> {
  yield joinName(name);
  // The suffix must fit in the stem's limit: a longer stem would be cut again when the file is
  // served (parseFileKey re-sanitises), and the stored file could never be found.
  const withSuffix = (suffix: string) => {
    const room = MAX_STEM_BYTES - Buffer.byteLength(suffix);
    const stem = truncateUtf8(name.stem, room).replace(/[-.]+$/g, '') || 'file';
    return joinName({ ...name, stem: `${stem}${suffix}` });
  };
  for (let n = 1; n <= 9; n++) yield withSuffix(`-${n}`);
  for (let n = 0; n < 8; n++) yield withSuffix(`-${randomBytes(4).toString('hex')}`);
}

/**
 * A folder from a URL (already percent-decoded): '' for the root, else slash-separated segments of
 * letters, digits, `.`, `_`, `-`, each starting with a letter or digit (so no `..`, no hidden or
 * reserved `_v` folders). Undefined when invalid.
 */
export function parseFolder(raw: string): string | undefined {
  const trimmed = raw.normalize('NFC').replace(/^\/+|\/+$/g, '');
  if (trimmed === '') return '';
  const segments = trimmed.split('/');
  if (segments.length > MAX_FOLDER_DEPTH) return undefined;
  return segments.every((s) => FOLDER_SEGMENT.test(s) && Buffer.byteLength(s) <= 100)
    ? segments.join('/')
    : undefined;
}

/** `folder/name` of a served or deleted file; undefined when it cannot be a stored file. */
export function parseFileKey(raw: string): { folder: string; filename: string } | undefined {
  const trimmed = raw.normalize('NFC').replace(/^\/+/, '');
  const slash = trimmed.lastIndexOf('/');
  const folder = parseFolder(slash < 0 ? '' : trimmed.slice(0, slash));
  const filename = slash < 0 ? trimmed : trimmed.slice(slash + 1);
  if (folder === undefined || !filename) return undefined;
  const safe = sanitizeFileName(filename);
  // A stored name is always its own sanitised form; anything else was never stored.
  return joinName(safe) === filename ? { folder, filename } : undefined;
}

export const keyOf = (folder: string, filename: string) => (folder ? `${folder}/${filename}` : filename);

/** RFC 6266 Content-Disposition with an ASCII fallback and the UTF-8 name (Arabic survives). */
export function contentDisposition(type: 'inline' | 'attachment', filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
