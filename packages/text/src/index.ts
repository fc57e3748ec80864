export { decodeEntities, htmlToText } from './html-to-text.ts';
export { normalizeArabic, removeArabicMarks, toAsciiDigits } from './normalize-arabic.ts';
export { foldCase, normalizeForSearch } from './normalize-for-search.ts';
export { sanitizeHtml } from './sanitize-html.ts';
export { articleSlug, factcheckSlug, MAX_SLUG_LENGTH, slugify } from './slug.ts';
export { DEFAULT_TRUNCATE_LENGTH, truncateText } from './truncate-text.ts';
