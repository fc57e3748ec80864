// Social posts in stored rich text. The back office's editor stores an X/Twitter, Facebook or
// YouTube post as `<p><a href="URL" rel="embed">URL</a></p>` (apps/web/app/panel/components/
// rich-text/extensions.ts); the public page shows each as a click-to-load placeholder. This module
// finds those paragraphs in the sanitised HTML and says which provider and frame/script a post needs.
// Plain string work, no DOM: it runs in the server render and in the browser alike.

export type EmbedProvider = 'x' | 'facebook' | 'youtube';

export interface Embed {
  provider: EmbedProvider;
  /** The post's address as stored (entities decoded). */
  url: string;
  /** YouTube only: the video id for the youtube-nocookie frame. */
  videoId?: string;
}

export type RichTextPart = { kind: 'html'; html: string } | { kind: 'embed'; embed: Embed };

/** The exact hosts an embed may load from once the reader asks for it (mirrored by the site CSP). */
export const EMBED_ORIGINS = {
  youtubeFrame: 'https://www.youtube-nocookie.com',
  xScript: 'https://platform.twitter.com/widgets.js',
  facebookSdk: 'https://connect.facebook.net',
} as const;

const X_POST = /^https:\/\/(?:www\.|mobile\.)?(?:x|twitter)\.com\/\w{1,15}\/status(?:es)?\/\d+/i;
const FACEBOOK_POST =
  /^https:\/\/(?:www\.|m\.|web\.)?facebook\.com\/(?:[\w.-]+\/(?:posts|videos|photos)\/|watch\/?\?v=|reel\/|permalink\.php\?|share\/|story\.php\?)|^https:\/\/fb\.watch\//i;
const YOUTUBE_ID = /^[\w-]{6,20}$/;

/** The id of a YouTube video address: watch?v=ID, youtu.be/ID, shorts/ID (and live/ID, embed/ID). */
export function youtubeVideoId(address: string): string | null {
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:') return null;
  const host = url.hostname.toLowerCase();
  let id: string | null | undefined = null;
  if (host === 'youtu.be') {
    id = url.pathname.split('/')[1];
  } else if (['youtube.com', 'www.youtube.com', 'm.youtube.com'].includes(host)) {
    const [, first, second] = url.pathname.split('/');
    if (first === 'watch') id = url.searchParams.get('v');
    else if (first === 'shorts' || first === 'live' || first === 'embed') id = second;
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

/** The embed a post address stands for, or null when it is not an X, Facebook or YouTube post. */
export function embedFromUrl(address: string): Embed | null {
  const url = address.trim();
  const videoId = youtubeVideoId(url);
  if (videoId) return { provider: 'youtube', url, videoId };
  if (X_POST.test(url)) return { provider: 'x', url };
  if (FACEBOOK_POST.test(url)) return { provider: 'facebook', url };
  return null;
}

/** The youtube-nocookie frame address of a video (no cookies until the reader plays it). */
export function youtubeFrameUrl(videoId: string): string {
  return `${EMBED_ORIGINS.youtubeFrame}/embed/${encodeURIComponent(videoId)}?autoplay=1`;
}

/** widgets.js reads twitter.com status addresses; x.com ones are the same post. */
export function xWidgetUrl(address: string): string {
  return address.replace(/^https:\/\/(?:www\.|mobile\.)?(?:x|twitter)\.com\//i, 'https://twitter.com/');
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[\da-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (whole, name: string) => {
    const lower = name.toLowerCase();
    if (lower.startsWith('#x')) return String.fromCodePoint(Number.parseInt(lower.slice(2), 16));
    if (lower.startsWith('#')) return String.fromCodePoint(Number.parseInt(lower.slice(1), 10));
    return ENTITIES[lower] ?? whole;
  });
}

/** `<p …><a …>text</a></p>` with nothing else in the paragraph (whitespace aside), never two. */
const LINK_PARAGRAPH = /<p\b[^>]*>\s*<a\b([^>]*)>[^<]*<\/a>\s*<\/p>/gi;
const ATTRIBUTE = /([\w-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/g;

function attributes(source: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of source.matchAll(ATTRIBUTE)) {
    const name = (match[1] ?? '').toLowerCase();
    if (!found.has(name)) found.set(name, decodeEntities(match[2] ?? match[3] ?? match[4] ?? ''));
  }
  return found;
}

const VOID_TAGS = new Set(['br', 'img', 'hr', 'wbr', 'input', 'source', 'col', 'meta', 'link']);
const TAG = /<(\/?)([a-z][\w-]*)\b[^>]*?(\/?)>/gi;

/** How many elements the fragment leaves open (sanitised HTML is balanced; comments are gone). */
function openedElements(fragment: string): number {
  let depth = 0;
  for (const [, closing, name, selfClosing] of fragment.matchAll(TAG)) {
    if (VOID_TAGS.has((name ?? '').toLowerCase()) || selfClosing) continue;
    depth += closing ? -1 : 1;
  }
  return depth;
}

/**
 * The HTML cut around its embed paragraphs: a paragraph holding only a link with `rel` containing
 * `embed` to an X, Facebook or YouTube post becomes an embed part; everything else (links with
 * rel=embed to other hosts included, and paragraphs inside lists, quotes or tables) stays HTML,
 * untouched.
 */
export function splitEmbeds(html: string): RichTextPart[] {
  const parts: RichTextPart[] = [];
  let last = 0;
  let scanned = 0;
  let depth = 0;
  for (const match of html.matchAll(LINK_PARAGRAPH)) {
    const start = match.index ?? 0;
    // Only top-level paragraphs: cutting inside a list, quote or table would break the markup.
    depth += openedElements(html.slice(scanned, start));
    scanned = start;
    if (depth !== 0) continue;
    const link = attributes(match[1] ?? '');
    const isEmbed = (link.get('rel') ?? '').toLowerCase().split(/\s+/).includes('embed');
    const embed = isEmbed ? embedFromUrl(link.get('href') ?? '') : null;
    if (!embed) continue;
    if (start > last) parts.push({ kind: 'html', html: html.slice(last, start) });
    parts.push({ kind: 'embed', embed });
    last = start + match[0].length;
    scanned = last;
  }
  if (last < html.length || parts.length === 0) parts.push({ kind: 'html', html: html.slice(last) });
  return parts;
}
