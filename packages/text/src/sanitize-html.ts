import sanitize from 'sanitize-html';

// Video hosts editors embed from; everything else (ads, trackers, phishing frames) is dropped.
const IFRAME_HOSTS = ['www.youtube.com', 'youtube.com', 'www.youtube-nocookie.com', 'player.vimeo.com'];

const LINK_URL = /^(?:https?:|mailto:)/i;
// Uploaded media is served from our own files path; other relative URLs point nowhere useful.
const IMAGE_URL = /^(?:https?:\/\/|\/storage\/)/i;

const DIRECTIONS = new Set(['rtl', 'ltr', 'auto']);

function mergeNoopener(rel: string | undefined): string {
  const tokens = new Set((rel ?? '').split(/\s+/).filter(Boolean));
  tokens.add('noopener');
  tokens.add('noreferrer');
  return [...tokens].join(' ');
}

/** Drops the attributes `keep` refuses, keeping the author's attribute order. */
function filterAttributes(
  attribs: sanitize.Attributes,
  keep: (name: string, value: string) => boolean,
): sanitize.Attributes {
  return Object.fromEntries(Object.entries(attribs).filter(([name, value]) => keep(name, value)));
}

function keepKnownDirection(tagName: string, attribs: sanitize.Attributes): sanitize.Tag {
  const normalized =
    attribs.dir === undefined ? attribs : { ...attribs, dir: attribs.dir.trim().toLowerCase() };
  return {
    tagName,
    attribs: filterAttributes(normalized, (name, value) => name !== 'dir' || DIRECTIONS.has(value)),
  };
}

const OPTIONS: sanitize.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'code',
    'pre',
    'span',
    'iframe',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    iframe: ['src', 'width', 'height', 'title', 'allowfullscreen'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    span: ['dir'],
    p: ['dir'],
    h1: ['dir'],
    h2: ['dir'],
    h3: ['dir'],
    h4: ['dir'],
    h5: ['dir'],
    h6: ['dir'],
    li: ['dir'],
    blockquote: ['dir'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'], iframe: ['https'] },
  allowProtocolRelative: false,
  allowedIframeHostnames: IFRAME_HOSTS,
  allowIframeRelativeUrls: false,
  transformTags: {
    // sanitize-html's `values` option keeps a rejected attribute as a bare `dir`; drop it instead.
    p: keepKnownDirection,
    span: keepKnownDirection,
    h1: keepKnownDirection,
    h2: keepKnownDirection,
    h3: keepKnownDirection,
    h4: keepKnownDirection,
    h5: keepKnownDirection,
    h6: keepKnownDirection,
    li: keepKnownDirection,
    blockquote: keepKnownDirection,
    a: (tagName, attribs) => {
      const safe = filterAttributes(attribs, (name, value) => name !== 'href' || LINK_URL.test(value.trim()));
      if (safe.target === '_blank') safe.rel = mergeNoopener(safe.rel);
      return { tagName, attribs: safe };
    },
    img: (tagName, attribs) => ({
      tagName,
      attribs: filterAttributes(attribs, (name, value) => name !== 'src' || IMAGE_URL.test(value.trim())),
    }),
  },
  exclusiveFilter: (frame) => {
    // An image without a usable source, or a frame from a host not allowed, is noise: drop it.
    if ((frame.tag === 'img' || frame.tag === 'iframe') && !frame.attribs.src) return true;
    // A link whose URL was refused keeps its text.
    if (frame.tag === 'a' && !frame.attribs.href) return 'excludeTag';
    return false;
  },
};

/**
 * Allow-list sanitiser for rich text written by editors: structural and inline formatting tags,
 * links (http, https, mailto; `target=_blank` gets `rel="noopener noreferrer"`), images (http,
 * https or `/storage/…`), tables, code, `dir` (rtl, ltr, auto) on p, span, h1–h6, li and blockquote, and video frames from YouTube and Vimeo.
 * No style, no event handlers, no script URLs.
 */
export function sanitizeHtml(html: string): string {
  return sanitize(html, OPTIONS);
}
