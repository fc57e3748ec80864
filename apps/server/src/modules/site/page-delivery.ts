// Which public responses are cached and with what headers (ADR 008, ADR 016), shared by the rendered
// pages and the SEO documents: the page cache keeps bodies, this decides what goes in and how it
// leaves. A shared render runs inside `collectTags`, so its entry knows what it read.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PageCache, RenderContext, RenderedPage } from './page-cache.ts';
import {
  NOT_FOUND_CACHE,
  PRIVATE_NO_STORE,
  PUBLIC_PAGE_CACHE,
  sendCachedPage,
  sendRenderedPage,
  toCachedPage,
} from './page-response.ts';
import { collectTags } from './read-tags.ts';

/** A cached page lives at most this long even if no write invalidates it (a lost NOTIFY). */
export const PAGE_TTL_MS = 10 * 60_000;
/** Not-found pages are kept briefly: a flood of random addresses must not evict real pages for long. */
export const NOT_FOUND_TTL_MS = 60_000;

/**
 * Cookies a page may depend on: a request carrying one is rendered for itself. The site keeps its
 * preferences (theme, consent, reads) in local storage and signs in with bearer tokens, so none
 * exists today; a page that starts reading a cookie must list it here.
 */
export const PERSONAL_COOKIES: readonly string[] = [];

/** `?draft=` anywhere in the query: a preview, never cached nor indexed. */
export function isPreviewRequest(url: string): boolean {
  const query = url.indexOf('?');
  return query >= 0 && new URLSearchParams(url.slice(query + 1)).has('draft');
}

/** Signed-in or carrying a cookie the page reads: the answer may be personal. */
export function isPersonalRequest(request: FastifyRequest): boolean {
  if (request.headers.authorization) return true;
  const cookie = request.headers.cookie;
  if (!cookie || PERSONAL_COOKIES.length === 0) return false;
  return cookie.split(';').some((pair) => PERSONAL_COOKIES.includes(pair.split('=', 1)[0]!.trim()));
}

/** GET or HEAD of a public address by an anonymous reader, not a preview. */
export function isCacheableRequest(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    !isPreviewRequest(request.url) &&
    !isPersonalRequest(request)
  );
}

/** The caching policy of a rendered answer, or undefined when it must not be shared. */
function publicPolicyOf(rendered: RenderedPage): { cacheControl: string; ttlMs: number } | undefined {
  if (rendered.cookies && rendered.cookies.length > 0) return undefined;
  if (rendered.status === 200) return { cacheControl: PUBLIC_PAGE_CACHE, ttlMs: PAGE_TTL_MS };
  if (rendered.status === 404) return { cacheControl: NOT_FOUND_CACHE, ttlMs: NOT_FOUND_TTL_MS };
  return undefined;
}

const X_CACHE = { hit: 'HIT', stale: 'STALE', miss: 'MISS' } as const;

const withCacheControl = (rendered: RenderedPage, value: string): RenderedPage => ({
  ...rendered,
  headers: { ...rendered.headers, 'cache-control': value },
});

export type PageDelivery = ReturnType<typeof createPageDelivery>;

export function createPageDelivery(options: { cache?: PageCache | undefined }) {
  const { cache } = options;

  return {
    cache,

    /**
     * Answers a public address: from the cache when the request and the answer allow it, else by
     * rendering. `render` must not depend on the request beyond its address when `shared` is set.
     */
    async deliver(
      request: FastifyRequest,
      reply: FastifyReply,
      args: { key: string; shared: boolean; render: (context?: RenderContext) => Promise<RenderedPage> },
    ): Promise<FastifyReply> {
      if (args.shared && cache) {
        const result = await cache.load(args.key, async (context) => {
          const { value: rendered, tags } = await collectTags(() => args.render(context));
          const policy = publicPolicyOf(rendered);
          if (!policy) return { rendered };
          return {
            rendered,
            page: await toCachedPage(
              withCacheControl(rendered, policy.cacheControl),
              policy.ttlMs,
              Date.now(),
              tags,
            ),
          };
        });
        if (result.kind !== 'uncacheable') {
          reply.header('x-cache', X_CACHE[result.kind]);
          return sendCachedPage(request, reply, result.page);
        }
        return sendRenderedPage(request, reply, withCacheControl(result.rendered, PRIVATE_NO_STORE));
      }
      const rendered = await args.render();
      const policy = args.shared ? publicPolicyOf(rendered) : undefined;
      if (policy) {
        reply.header('x-cache', 'BYPASS');
        return sendRenderedPage(request, reply, withCacheControl(rendered, policy.cacheControl), {
          validate: true,
        });
      }
      return sendRenderedPage(request, reply, withCacheControl(rendered, PRIVATE_NO_STORE));
    },
  };
}
