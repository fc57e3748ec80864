// sanitizeHtml is `@tabayyun/text/sanitize-html`: sanitize-html is a large module, and the server
// loads it on the first write that holds HTML, not when it imports these helpers (issue 13).
export { decodeEntities, htmlToText } from './html-to-text.ts';
export { normalizeArabic, removeArabicMarks, toAsciiDigits } from './normalize-arabic.ts';
export { foldCase, normalizeForSearch } from './normalize-for-search.ts';
export { articleSlug, factcheckSlug, MAX_SLUG_LENGTH, slugify } from './slug.ts';
export { DEFAULT_TRUNCATE_LENGTH, truncateText } from './truncate-text.ts';
