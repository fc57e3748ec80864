// A DOM-free HTML-to-text pass: the same code runs on the server (search columns, card
// descriptions) and in the browser (live previews), where no DOMParser can be assumed on the server.

// Elements whose content is code or inert markup, never reader-visible text.
const HIDDEN_CONTENT_TAGS = new Set(['script', 'style', 'template', 'noscript']);

// Elements that start a new line when rendered; inline elements (a, b, span…) join their text.
const LINE_BREAK_TAGS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'br',
  'caption',
  'dd',
  'details',
  'div',
  'dl',
  'dt',
  'figcaption',
  'figure',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'tbody',
  'tfoot',
  'thead',
  'tr',
  'ul',
]);

// Table cells sit side by side: a space keeps their words apart without a line per cell.
const SPACE_TAGS = new Set(['td', 'th']);

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  AMP: '&',
  lt: '<',
  LT: '<',
  gt: '>',
  GT: '>',
  quot: '"',
  QUOT: '"',
  apos: "'",
  nbsp: '\u00A0',
  ensp: '\u2002',
  emsp: '\u2003',
  thinsp: '\u2009',
  zwnj: '\u200C',
  zwj: '\u200D',
  lrm: '\u200E',
  rlm: '\u200F',
  shy: '\u00AD',
  ndash: '\u2013',
  mdash: '\u2014',
  hellip: '\u2026',
  lsquo: '\u2018',
  rsquo: '\u2019',
  sbquo: '\u201A',
  ldquo: '\u201C',
  rdquo: '\u201D',
  bdquo: '\u201E',
  laquo: '\u00AB',
  raquo: '\u00BB',
  bull: '\u2022',
  middot: '\u00B7',
  copy: '\u00A9',
  reg: '\u00AE',
  trade: '\u2122',
  deg: '\u00B0',
  times: '\u00D7',
  divide: '\u00F7',
  plusmn: '\u00B1',
  euro: '\u20AC',
  pound: '\u00A3',
  yen: '\u00A5',
  cent: '\u00A2',
  sect: '\u00A7',
  para: '\u00B6',
  iexcl: '\u00A1',
  iquest: '\u00BF',
  frac12: '\u00BD',
  frac14: '\u00BC',
  frac34: '\u00BE',
};

const ENTITY_PATTERN = /&(?:#(\d{1,8});?|#[xX]([0-9a-fA-F]{1,7});?|([A-Za-z][A-Za-z0-9]{1,31});)/g;

/** Decodes named (the common ones), decimal and hex character references; unknown names stay as written. */
export function decodeEntities(text: string): string {
  return text.replace(ENTITY_PATTERN, (whole, decimal?: string, hex?: string, name?: string) => {
    if (name !== undefined) return NAMED_ENTITIES[name] ?? whole;
    const codePoint = decimal !== undefined ? Number.parseInt(decimal, 10) : Number.parseInt(hex ?? '', 16);
    return decodeCodePoint(codePoint);
  });
}

function decodeCodePoint(codePoint: number): string {
  // The HTML spec maps NUL, surrogates and out-of-range numbers to U+FFFD rather than failing.
  const isInvalid = codePoint === 0 || codePoint > 0x10ffff || (codePoint >= 0xd800 && codePoint <= 0xdfff);
  return String.fromCodePoint(isInvalid ? 0xfffd : codePoint);
}

function isAsciiLetter(char: string | undefined): boolean {
  return char !== undefined && /^[A-Za-z]$/.test(char);
}

/** Index just past the `>` closing a tag opened before `from`, honouring quoted attribute values. */
function findTagEnd(html: string, from: number): number {
  let i = from;
  while (i < html.length) {
    const char = html[i];
    if (char === '>') return i + 1;
    if (char === '=') {
      let j = i + 1;
      while (j < html.length && /\s/.test(html[j] ?? '')) j++;
      const quote = html[j];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, j + 1);
        if (close === -1) return html.length;
        i = close + 1;
        continue;
      }
    }
    i++;
  }
  // A tag left open at the end of input swallows the rest, as in browsers.
  return html.length;
}

function readTagName(html: string, from: number): string {
  const match = /^[A-Za-z][A-Za-z0-9:-]*/.exec(html.slice(from, from + 64));
  return (match?.[0] ?? '').toLowerCase();
}

function skipHiddenContent(html: string, from: number, tag: string): number {
  const close = html.toLowerCase().indexOf(`</${tag}`, from);
  if (close === -1) return html.length;
  return findTagEnd(html, close + tag.length + 2);
}

/**
 * Plain text of an HTML fragment: tags stripped, script/style content dropped, entities decoded,
 * block elements and `<br>` as line breaks, other whitespace collapsed to single spaces, trimmed.
 */
export function htmlToText(html: string): string {
  const parts: string[] = [];
  let textStart = 0;
  let i = 0;

  const flushText = (end: number) => {
    if (end > textStart) parts.push(decodeEntities(html.slice(textStart, end)).replace(/\s+/g, ' '));
  };

  while (i < html.length) {
    const at = html.indexOf('<', i);
    if (at === -1) break;
    const next = html[at + 1];
    let end: number;
    let separator = '';
    if (html.startsWith('<!--', at)) {
      const close = html.indexOf('-->', at + 4);
      end = close === -1 ? html.length : close + 3;
    } else if (next === '!' || next === '?') {
      end = findTagEnd(html, at + 2);
    } else if (next === '/' && isAsciiLetter(html[at + 2])) {
      const name = readTagName(html, at + 2);
      end = findTagEnd(html, at + 2 + name.length);
      separator = LINE_BREAK_TAGS.has(name) ? '\n' : SPACE_TAGS.has(name) ? ' ' : '';
    } else if (isAsciiLetter(next)) {
      const name = readTagName(html, at + 1);
      end = findTagEnd(html, at + 1 + name.length);
      if (HIDDEN_CONTENT_TAGS.has(name)) end = skipHiddenContent(html, end, name);
      separator = LINE_BREAK_TAGS.has(name) ? '\n' : SPACE_TAGS.has(name) ? ' ' : '';
    } else {
      // A `<` not followed by a tag name is text, as in `a < b`.
      i = at + 1;
      continue;
    }
    flushText(at);
    if (separator) parts.push(separator);
    textStart = end;
    i = end;
  }
  flushText(html.length);

  return parts
    .join('')
    .replace(/ *\n\s*/g, '\n')
    .replace(/ {2,}/g, ' ')
    .trim();
}
