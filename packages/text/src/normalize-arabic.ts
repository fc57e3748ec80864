// Arabic is written with optional marks and several interchangeable letter shapes; search and
// slugs must treat the variants one writer or keyboard produces as the same word.

// Tashkeel U+064B–U+065F (incl. hamza above/below of decomposed text), superscript alef U+0670,
// Quranic annotation marks U+06D6–U+06ED, and tatweel U+0640 (pure stretching).
const ARABIC_MARKS = /[\u064B-\u065F\u0670\u06D6-\u06ED\u0640]/g;

// Invisible direction marks and joiners that RTL editors and social networks paste into text:
// they render as nothing but make two equal-looking words compare unequal.
const INVISIBLE_FORMAT_CHARS = /[\u061C\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/g;

// Letter folding. ؤ → و and ئ → ي are included on purpose: the claims we check are copied from
// social media, where hamza seats are often dropped (اسراييل, مسوول), and the same folding
// applies to both stored text and queries, so folding only ever widens a match.
// ی (Farsi yeh) and ک (keheh) arrive from Persian keyboard layouts.
const LETTER_FOLDS: Record<string, string> = {
  '\u0622': '\u0627', // آ → ا
  '\u0623': '\u0627', // أ → ا
  '\u0625': '\u0627', // إ → ا
  '\u0671': '\u0627', // ٱ → ا
  '\u0672': '\u0627', // ٲ → ا
  '\u0673': '\u0627', // ٳ → ا
  '\u0649': '\u064A', // ى → ي
  '\u06CC': '\u064A', // ی → ي
  '\u0626': '\u064A', // ئ → ي
  '\u0624': '\u0648', // ؤ → و
  '\u0629': '\u0647', // ة → ه
  '\u06A9': '\u0643', // ک → ك
};
const LETTER_FOLD_PATTERN = /[\u0622\u0623\u0625\u0671\u0672\u0673\u0649\u06CC\u0626\u0624\u0629\u06A9]/g;

// Arabic-Indic ٠-٩ (U+0660) and Extended/Persian ۰-۹ (U+06F0) digits.
const EASTERN_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;

/** Converts Arabic-Indic and Persian digits to ASCII `0-9`. */
export function toAsciiDigits(text: string): string {
  return text.replace(EASTERN_DIGITS, (digit) => String((digit.codePointAt(0) ?? 0) & 0xf));
}

/** Removes Arabic diacritics, Quranic marks and tatweel, leaving letters untouched. */
export function removeArabicMarks(text: string): string {
  return text.replace(ARABIC_MARKS, '');
}

/**
 * Arabic search normalisation: no diacritics, tatweel or invisible direction marks; alef forms → ا,
 * ى/ی/ئ → ي, ؤ → و, ة → ه, ک → ك; Arabic-Indic and Persian digits → ASCII. Other text is unchanged.
 */
export function normalizeArabic(text: string): string {
  return toAsciiDigits(
    removeArabicMarks(text)
      .replace(INVISIBLE_FORMAT_CHARS, '')
      .replace(LETTER_FOLD_PATTERN, (letter) => LETTER_FOLDS[letter] ?? letter),
  );
}
