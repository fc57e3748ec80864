// Turns a fetched document into feed entries (RSS 0.9x/2.0, RDF, Atom and JSON Feed through
// feedsmith, a maintained parser) or, for an HTML page, into the feed addresses its
// <link rel="alternate"> elements announce (htmlparser2; no hand-written XML or HTML parsing).
import { Parser } from 'htmlparser2';
import { FetchError } from './safe-fetch.ts';

export interface FeedEntry {
  /** The entry's own id (guid, Atom id, JSON Feed id), when it has one. */
  id: string | null;
  link: string | null;
  title: string;
  description: string | null;
  /** HTML as the feed gave it; sanitised on ingestion. */
  body: string | null;
  publishedAt: Date | null;
  imageUrl: string | null;
}

const FEED_TYPES = new Set([
  'application/rss+xml',
  'application/atom+xml',
  'application/feed+json',
  'application/json',
  'application/rdf+xml',
  'application/xml',
  'text/xml',
]);

/** True for documents a browser would show as a web page rather than a feed. */
export function looksLikeHtml(contentType: string, text: string): boolean {
  if (/text\/html|application\/xhtml/i.test(contentType)) return true;
  return /^\s*(<!doctype html|<html[\s>])/i.test(text.slice(0, 1024));
}

/** Feed addresses announced by an HTML page, absolute, in page order. */
export function discoverFeedLinks(html: string, baseUrl: string): string[] {
  const found: string[] = [];
  let base = baseUrl;
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name === 'base' && attrs.href) {
          try {
            base = new URL(attrs.href, baseUrl).href;
          } catch {
            // A broken <base> is ignored.
          }
        }
        if (name !== 'link' || !attrs.href) return;
        const rel = (attrs.rel ?? '').toLowerCase().split(/\s+/);
        const type = (attrs.type ?? '').toLowerCase().split(';')[0]!.trim();
        if (!rel.includes('alternate') || !FEED_TYPES.has(type)) return;
        try {
          const url = new URL(attrs.href, base);
          if ((url.protocol === 'http:' || url.protocol === 'https:') && !found.includes(url.href)) {
            found.push(url.href);
          }
        } catch {
          // A link that is not an address is skipped.
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return found;
}

type Loose = Record<string, unknown> | undefined;
const str = (v: unknown): string | null => {
  if (typeof v === 'string') return v.trim() || null;
  if (v && typeof v === 'object' && 'value' in v) return str((v as { value: unknown }).value);
  return null;
};
const date = (...values: unknown[]): Date | null => {
  for (const v of values) {
    if (typeof v !== 'string') continue;
    const d = new Date(v);
    if (!Number.isNaN(d.getTime())) return d;
  }
  return null;
};
const isImage = (type: unknown, medium: unknown, url: unknown) =>
  medium === 'image' ||
  (typeof type === 'string' && type.startsWith('image/')) ||
  (typeof url === 'string' && /\.(jpe?g|png|gif|webp|avif)(\?|$)/i.test(url));

function firstImage(item: Record<string, unknown>): string | null {
  const media = item.media as Loose;
  const candidates: { url?: unknown; type?: unknown; medium?: unknown }[] = [];
  for (const c of (media?.contents as unknown[]) ?? []) candidates.push(c as never);
  for (const g of (media?.groups as Loose[]) ?? []) {
    for (const c of (g?.contents as unknown[]) ?? []) candidates.push(c as never);
  }
  for (const t of (media?.thumbnails as unknown[]) ?? [])
    candidates.push({ ...(t as object), medium: 'image' });
  for (const e of (item.enclosures as unknown[]) ?? []) candidates.push(e as never);
  if (item.enclosure) candidates.push(item.enclosure as never);
  for (const l of (item.links as Loose[]) ?? []) {
    if (l?.rel === 'enclosure') candidates.push({ url: l.href, type: l.type });
  }
  const image = candidates.find((c) => typeof c.url === 'string' && isImage(c.type, c.medium, c.url));
  return image ? String(image.url) : null;
}

function fromRss(item: Record<string, unknown>): FeedEntry {
  const content = item.content as Loose;
  const dc = item.dc as Loose;
  const guid = item.guid as Loose;
  return {
    id: str(guid?.value) ?? str(item.guid),
    link: str(item.link),
    title: str(item.title) ?? '',
    description: str(item.description),
    body: str(content?.encoded) ?? str(item.description),
    publishedAt: date(item.pubDate, dc?.date, dc?.dates && (dc.dates as unknown[])[0]),
    imageUrl: firstImage(item),
  };
}

function fromAtom(entry: Record<string, unknown>): FeedEntry {
  const links = (entry.links as Loose[]) ?? [];
  const alternate = links.find((l) => !l?.rel || l.rel === 'alternate') ?? links[0];
  return {
    id: str(entry.id),
    link: str(alternate?.href),
    title: str(entry.title) ?? '',
    description: str(entry.summary),
    body: str(entry.content) ?? str(entry.summary),
    publishedAt: date(entry.published, entry.updated),
    imageUrl: firstImage(entry),
  };
}

function fromJson(item: Record<string, unknown>): FeedEntry {
  const attachments = (item.attachments as Loose[]) ?? [];
  const attached = attachments.find(
    (a) => typeof a?.mime_type === 'string' && a.mime_type.startsWith('image/'),
  );
  return {
    id: str(item.id) ?? (typeof item.id === 'number' ? String(item.id) : null),
    link: str(item.url) ?? str(item.external_url),
    title: str(item.title) ?? '',
    description: str(item.summary),
    body: str(item.content_html) ?? str(item.content_text) ?? str(item.summary),
    publishedAt: date(item.date_published, item.date_modified),
    imageUrl: str(item.image) ?? str(item.banner_image) ?? str(attached?.url),
  };
}

type ParseFeed = typeof import('feedsmith').parseFeed;
let loadingParser: Promise<ParseFeed> | undefined;
/** feedsmith (132 modules) loads with the first feed read, not with every start of the server. */
const feedParser = (): Promise<ParseFeed> =>
  (loadingParser ??= import('feedsmith').then((module) => module.parseFeed));

/** Parses a feed document; a FetchError of kind not-a-feed or malformed when it is neither. */
export async function parseFeedEntries(text: string, url: string): Promise<FeedEntry[]> {
  const parseFeed = await feedParser();
  let parsed: ReturnType<ParseFeed>;
  try {
    parsed = parseFeed(text);
  } catch (err) {
    const trimmed = text.trimStart();
    const looksLikeFeed = /^(<\?xml|<rss|<feed|<rdf:RDF)/i.test(trimmed) || /^\{\s*"version"/.test(trimmed);
    const message = err instanceof Error ? err.message : String(err);
    throw looksLikeFeed
      ? new FetchError('malformed', url, `The feed at ${url} cannot be read: ${message}`)
      : new FetchError('not-a-feed', url, `${url} is not an RSS, Atom or JSON feed (${message})`);
  }
  const feed = parsed.feed as Record<string, unknown>;
  switch (parsed.format) {
    case 'atom':
      return ((feed.entries as Record<string, unknown>[]) ?? []).map(fromAtom);
    case 'json':
      return ((feed.items as Record<string, unknown>[]) ?? []).map(fromJson);
    default:
      return ((feed.items as Record<string, unknown>[]) ?? []).map(fromRss);
  }
}
