export const DEFAULT_TRUNCATE_LENGTH = 150;

const ELLIPSIS = '…';

// Punctuation left dangling before the ellipsis reads as a typo (`word,…`), Arabic marks included.
const TRAILING_PUNCTUATION = /[\s,.;:!?\-–—،؛؟]+$/u;

/**
 * Card description: whitespace collapsed; when longer than `max`, cut at the last word boundary
 * and ended with `…`, the whole at most `max` characters. A single word longer than `max` is cut
 * inside the word, never inside a surrogate pair.
 */
export function truncateText(text: string, max = DEFAULT_TRUNCATE_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  if (max < 1) return '';
  let hardCut = max - ELLIPSIS.length;
  if (/[\uDC00-\uDFFF]/.test(flat[hardCut] ?? '')) hardCut--;
  const head = flat.slice(0, hardCut);
  const boundary = flat[hardCut] === ' ' ? hardCut : head.lastIndexOf(' ');
  const kept = (boundary > 0 ? head.slice(0, boundary) : head).replace(TRAILING_PUNCTUATION, '');
  return `${kept || head}${ELLIPSIS}`;
}
