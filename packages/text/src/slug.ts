import { removeArabicMarks, toAsciiDigits } from './normalize-arabic.ts';

export const MAX_SLUG_LENGTH = 80;

// Latin letters that NFKD does not split into a base letter and a mark.
const LATIN_FOLDS: Record<string, string> = {
  ı: 'i',
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ł: 'l',
  þ: 'th',
  ð: 'd',
};

// Anything that is neither an Arabic-script letter nor ASCII a-z/0-9 separates words.
const NON_SLUG_RUN = /[^\p{Script=Arabic}a-z0-9]+|[\p{Script=Arabic}--\p{L}]+/gv;

function foldLatin(text: string): string {
  return (
    text
      .replace(/\u0130/g, 'i')
      .toLowerCase()
      .replace(/[ıßæœøđłþð]/g, (letter) => LATIN_FOLDS[letter] ?? letter)
      // Decompose Latin letters only: NFKD on Arabic would split أ into ا + hamza.
      .replace(/[\u00C0-\u024F\u1E00-\u1EFF]/g, (letter) => letter.normalize('NFKD'))
      .replace(/[\u0300-\u036F]/g, '')
  );
}

/**
 * URL slug: Arabic letters as written minus diacritics and tatweel (readers see them in the address
 * bar, so hamza and teh marbuta are kept), Latin folded to lower-case ASCII, digits as ASCII, words
 * joined by `-`; at most 80 characters, cut at a word boundary unless the first word alone is longer.
 */
export function slugify(text: string): string {
  const words = foldLatin(toAsciiDigits(removeArabicMarks(text.normalize('NFC'))))
    .replace(NON_SLUG_RUN, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '');
  if (words.length <= MAX_SLUG_LENGTH) return words;
  const cut = words.slice(0, MAX_SLUG_LENGTH + 1);
  const lastBoundary = cut.lastIndexOf('-');
  return lastBoundary > 0 ? cut.slice(0, lastBoundary) : words.slice(0, MAX_SLUG_LENGTH);
}

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

function assertValidDate(date: Date): void {
  if (Number.isNaN(date.getTime())) throw new RangeError('Cannot build a slug from an invalid date');
}

/** `YYMMDDHHmm` in UTC: 2026-03-05T07:09Z → `2603050709`. */
export function factcheckSlug(createdAt: Date): string {
  assertValidDate(createdAt);
  return [
    pad(createdAt.getUTCFullYear() % 100),
    pad(createdAt.getUTCMonth() + 1),
    pad(createdAt.getUTCDate()),
    pad(createdAt.getUTCHours()),
    pad(createdAt.getUTCMinutes()),
  ].join('');
}

/**
 * `YYYY-MM-DD-HHmmss` in UTC: 2026-03-05T07:09:04Z → `2026-03-05-070904`. Seconds are included so
 * two articles created in the same minute still get distinct slugs.
 */
export function articleSlug(createdAt: Date): string {
  assertValidDate(createdAt);
  const date = [
    pad(createdAt.getUTCFullYear(), 4),
    pad(createdAt.getUTCMonth() + 1),
    pad(createdAt.getUTCDate()),
  ].join('-');
  const time = [createdAt.getUTCHours(), createdAt.getUTCMinutes(), createdAt.getUTCSeconds()]
    .map((part) => pad(part))
    .join('');
  return `${date}-${time}`;
}
