import { htmlToText } from './html-to-text.ts';
import { normalizeArabic } from './normalize-arabic.ts';

/**
 * Lower-cases Latin and Turkish text so that `İstanbul`, `ISTANBUL`, `istanbul` and `ıstanbul`
 * meet. Plain `toLowerCase` turns `İ` into `i` + combining dot and leaves dotless `ı` alone, and
 * `toLocaleLowerCase('tr')` would split `I`/`i` instead: folding both Turkish letters to `i` first
 * gives one answer whatever the reader's keyboard.
 */
export function foldCase(text: string): string {
  return text.replace(/[\u0130\u0131]/g, 'i').toLowerCase();
}

/**
 * The one normalisation applied both to stored search columns and to query values, so it must be
 * idempotent: html → text, NFKC (first, so Arabic presentation forms such as ﻷ become letters the
 * Arabic folding then sees), Arabic folding, case folding, NFKC again, whitespace collapsed.
 * `<`, `>` and `&` become spaces: they are the only characters htmlToText interprets, so a second
 * pass could otherwise decode `&amp;lt;b&gt;` a second time; punctuation carries no search meaning.
 */
export function normalizeForSearch(text: string): string {
  const folded = foldCase(normalizeArabic(htmlToText(text).normalize('NFKC')));
  // Folding can leave a letter beside a mark it composes with (`İ` + U+0300 → `i` + U+0300 → `ì`),
  // so normalise once more.
  return folded.normalize('NFKC').replace(/[<>&]/g, ' ').replace(/\s+/g, ' ').trim();
}
