// Turning a rendered page into bytes on the wire: content negotiation, compression (once, for the
// cache; on the fly, cheaper, for what is not cached), strong ETags and 304s, and the caching policy.
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { brotliText, gzipText, ownBytes } from '../../compression/compression.ts';
import { chooseEncoding, type Encoding } from '../../compression/content-encoding.ts';
import type { CachedPage, RenderedPage } from './page-cache.ts';

/** Public pages: a CDN may keep them a minute and serve them stale while it revalidates. */
export const PUBLIC_PAGE_CACHE = 'public, s-maxage=60, stale-while-revalidate=600';
/** A not-found page is cached briefly: the item may be published at any moment. */
export const NOT_FOUND_CACHE = 'public, max-age=0, s-maxage=60';
/** Previews, the back office, errors and anything personal. */
export const PRIVATE_NO_STORE = 'private, no-store';

/** Bodies smaller than this are sent as they are (compression would not pay for its headers). */
const MIN_COMPRESS_BYTES = 512;

/** A strong validator of the uncompressed body. */
export function hashBody(body: Buffer): string {
  return createHash('sha256').update(body).digest('base64url').slice(0, 32);
}

/** Each encoding is its own representation, so its own strong ETag (`"<hash>-br"`). */
export function etagFor(hash: string, encoding: Encoding): string {
  return encoding === 'identity' ? `"${hash}"` : `"${hash}-${encoding === 'br' ? 'br' : 'gz'}"`;
}

/**
 * True when If-None-Match names this body in any encoding: a client (or CDN) that cached the gzip
 * form may revalidate with its tag and still get a 304.
 */
export function matchesEtag(header: string | undefined, hash: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => {
    const opaque = tag.trim().replace(/^W\//, '').replace(/^"|"$/g, '');
    return opaque === hash || opaque === `${hash}-br` || opaque === `${hash}-gz`;
  });
}

const isCompressible = (headers: Record<string, string>) =>
  /^(text\/|application\/(json|xml|rss\+xml|javascript))/.test(headers['content-type'] ?? '');

/** Fast settings for the first answer of a fresh entry (measured: ADR 016). */
export const FIRST_GZIP_LEVEL = 6;
export const FIRST_BROTLI_QUALITY = 5;
/**
 * A page that is not cached is compressed for one reader, on the request's time (ADR 038). Brotli
 * at quality 1 takes a 74 KB fact-check page in ~0.35 ms of a worker thread's CPU to 20.7 KB, where
 * gzip 3 takes ~0.8 ms for 19.2 KB and brotli 3 ~0.8 ms for 18.5 KB (and sets up ~750 KB of state
 * each time). Gzip 3 is for a client that does not take brotli.
 */
export const ON_THE_FLY_BROTLI_QUALITY = 1;
export const ON_THE_FLY_GZIP_LEVEL = 3;

/**
 * A response's body, whole. A body of one chunk (a document rendered whole, see entry.server.tsx)
 * is taken as it is: `arrayBuffer()` would copy it.
 */
export async function bodyOf(response: Response): Promise<Buffer> {
  if (response.body === null) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  for await (const chunk of response.body) chunks.push(chunk);
  if (chunks.length !== 1) return Buffer.concat(chunks);
  const [only] = chunks as [Uint8Array];
  return Buffer.from(only.buffer, only.byteOffset, only.byteLength);
}

const headerBytesOf = (headers: Record<string, string>) =>
  Object.entries(headers).reduce((n, [k, v]) => n + k.length + v.length, 0) + 256;

/**
 * A cache entry compressed at fast settings, so the first reader does not wait for the slow ones;
 * `upgrade` (run by the cache in the background) produces gzip level 9 and brotli quality 11, which
 * every later reader gets.
 */
export async function toCachedPage(
  given: RenderedPage,
  ttlMs: number,
  now = Date.now(),
  tags?: readonly string[],
): Promise<CachedPage> {
  // The entry counts the bytes of its buffers, so it keeps no larger buffer they would be views of
  // (a stream's chunk; the compressed forms are their own already): issue 34.
  const rendered = { ...given, body: ownBytes(given.body) };
  const [gz, br] = await Promise.all([
    gzipText(rendered.body, FIRST_GZIP_LEVEL),
    brotliText(rendered.body, FIRST_BROTLI_QUALITY),
  ]);
  const base = {
    ...rendered,
    etag: hashBody(rendered.body),
    expiresAt: now + ttlMs,
    ...(tags ? { tags } : {}),
  };
  return {
    ...base,
    gzip: gz,
    br,
    size: rendered.body.length + gz.length + br.length + headerBytesOf(rendered.headers),
    upgrade: async () => {
      const [bestGz, bestBr] = await Promise.all([gzipText(rendered.body, 9), brotliText(rendered.body, 11)]);
      return {
        ...base,
        gzip: bestGz,
        br: bestBr,
        size: rendered.body.length + bestGz.length + bestBr.length + headerBytesOf(rendered.headers),
      };
    },
  };
}

function applyHeaders(reply: FastifyReply, headers: Record<string, string>): void {
  for (const [name, value] of Object.entries(headers)) reply.header(name, value);
}

/** Sends a cache entry: the encoding the client takes, its ETag, or a bodiless 304. */
export function sendCachedPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: CachedPage,
  extraHeaders: Record<string, string> = {},
): FastifyReply {
  const small = page.body.length < MIN_COMPRESS_BYTES || !isCompressible(page.headers);
  const encoding = small ? 'identity' : chooseEncoding(request.headers['accept-encoding']);
  applyHeaders(reply, page.headers);
  applyHeaders(reply, extraHeaders);
  reply.header('vary', 'Accept-Encoding');
  reply.header('etag', etagFor(page.etag, encoding));
  if (matchesEtag(request.headers['if-none-match'], page.etag)) {
    reply.removeHeader('content-type');
    return reply.code(304).send();
  }
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  const body = encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.body;
  return reply.code(page.status).send(body);
}

/**
 * Sends a page that is not cached, compressed on the fly at fast settings. With `validate`, it
 * carries an ETag and answers a matching If-None-Match with 304 (public pages with the cache off).
 */
export async function sendRenderedPage(
  request: FastifyRequest,
  reply: FastifyReply,
  rendered: RenderedPage,
  options: { validate?: boolean; extraHeaders?: Record<string, string> } = {},
): Promise<FastifyReply> {
  applyHeaders(reply, rendered.headers);
  applyHeaders(reply, options.extraHeaders ?? {});
  if (rendered.cookies && rendered.cookies.length > 0) reply.header('set-cookie', rendered.cookies);
  reply.header('vary', 'Accept-Encoding');
  const small = rendered.body.length < MIN_COMPRESS_BYTES || !isCompressible(rendered.headers);
  const encoding = small ? 'identity' : chooseEncoding(request.headers['accept-encoding']);
  if (options.validate) {
    const hash = hashBody(rendered.body);
    reply.header('etag', etagFor(hash, encoding));
    if (matchesEtag(request.headers['if-none-match'], hash)) {
      reply.removeHeader('content-type');
      return reply.code(304).send();
    }
  }
  if (encoding === 'identity') return reply.code(rendered.status).send(rendered.body);
  const body =
    encoding === 'br'
      ? await brotliText(rendered.body, ON_THE_FLY_BROTLI_QUALITY)
      : await gzipText(rendered.body, ON_THE_FLY_GZIP_LEVEL);
  reply.header('content-encoding', encoding);
  return reply.code(rendered.status).send(body);
}
