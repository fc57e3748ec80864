// The page cache's own rules, without a server: LRU by bytes, expiry, in-flight sharing, clears
// that win over renders in flight; and the pieces around it (negotiation, validators, CSP hashes).
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, inlineScriptHashes } from './content-security.ts';
import { type CachedPage, createPageCache, type RenderedPage } from './page-cache.ts';
import { isCacheableRequest, isPreviewRequest } from './page-delivery.ts';
import { chooseEncoding, matchesEtag, toCachedPage } from './page-response.ts';

const page = (size: number, expiresAt = Number.POSITIVE_INFINITY): CachedPage => ({
  status: 200,
  headers: {},
  body: Buffer.alloc(0),
  gzip: Buffer.alloc(0),
  br: Buffer.alloc(0),
  etag: 'x',
  size,
  expiresAt,
});
const rendered: RenderedPage = { status: 200, headers: {}, body: Buffer.from('x') };
const cacheable = (size: number) => async () => ({ rendered, page: page(size) });

describe('createPageCache', () => {
  it('evicts the least recently used entries beyond its byte bound', async () => {
    const cache = createPageCache({ maxBytes: 300, maxEntryBytes: 300 });
    await cache.load('a', cacheable(100));
    await cache.load('b', cacheable(100));
    await cache.load('c', cacheable(100));
    await cache.load('a', cacheable(100)); // a hit: a is now the most recent
    await cache.load('d', cacheable(100));
    expect(cache.peek('b')).toBeUndefined();
    expect(cache.peek('a')).toBeDefined();
    expect(cache.stats()).toMatchObject({ entries: 3, bytes: 300, hits: 1 });
  });

  it('does not keep an entry larger than its per-entry bound, but still serves it', async () => {
    const cache = createPageCache({ maxBytes: 1000, maxEntryBytes: 100 });
    expect((await cache.load('big', cacheable(500))).kind).toBe('miss');
    expect(cache.peek('big')).toBeUndefined();
  });

  it('drops expired entries', async () => {
    let now = 0;
    const cache = createPageCache({ maxBytes: 1000, now: () => now });
    await cache.load('a', async () => ({ rendered, page: page(10, 50) }));
    expect(cache.peek('a')).toBeDefined();
    now = 50;
    expect(cache.peek('a')).toBeUndefined();
    expect(cache.stats().bytes).toBe(0);
  });

  it('shares one render between concurrent loads of a key', async () => {
    const cache = createPageCache({ maxBytes: 1000 });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let renders = 0;
    const render = async () => {
      renders++;
      await gate;
      return { rendered, page: page(10) };
    };
    const loads = [cache.load('k', render), cache.load('k', render), cache.load('k', render)];
    release();
    const results = await Promise.all(loads);
    expect(renders).toBe(1);
    expect(new Set(results.map((r) => (r.kind === 'uncacheable' ? r : r.page))).size).toBe(1);
  });

  it('lets each waiter render for itself when the shared render is not cacheable', async () => {
    const cache = createPageCache({ maxBytes: 1000 });
    let renders = 0;
    const render = async () => {
      renders++;
      return { rendered };
    };
    const results = await Promise.all([cache.load('k', render), cache.load('k', render)]);
    expect(results.every((r) => r.kind === 'uncacheable')).toBe(true);
    expect(renders).toBe(2);
    expect(cache.stats().entries).toBe(0);
  });

  it('does not store a render that started before a clear', async () => {
    const cache = createPageCache({ maxBytes: 1000 });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const loading = cache.load('k', async () => {
      await gate;
      return { rendered, page: page(10) };
    });
    cache.clear(); // a content write while the page was rendering
    release();
    expect((await loading).kind).toBe('miss');
    expect(cache.peek('k')).toBeUndefined();
  });
});

describe('responses', () => {
  it.each([
    [undefined, 'identity'],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['*', 'br'],
    ['identity', 'identity'],
    ['gzip;q=0, br;q=0', 'identity'],
  ])('Accept-Encoding %j chooses %s', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });

  it('matches If-None-Match against the body in any encoding, weak or strong', () => {
    expect(matchesEtag('"abc-gz"', 'abc')).toBe(true);
    expect(matchesEtag('W/"abc"', 'abc')).toBe(true);
    expect(matchesEtag('"x", "abc-br"', 'abc')).toBe(true);
    expect(matchesEtag('*', 'abc')).toBe(true);
    expect(matchesEtag('"abcd"', 'abc')).toBe(false);
    expect(matchesEtag(undefined, 'abc')).toBe(false);
  });

  it('compresses once into both encodings with a validator of the body', async () => {
    const body = Buffer.from('<p>تبيَّن</p>'.repeat(200));
    const cached = await toCachedPage({ status: 200, headers: {}, body }, 1000, 0);
    expect(cached.gzip.length).toBeLessThan(body.length);
    expect(cached.br.length).toBeLessThan(body.length);
    expect(cached.expiresAt).toBe(1000);
    expect(cached.size).toBeGreaterThan(body.length);
  });
});

describe('request rules', () => {
  const request = (url: string, headers: Record<string, string> = {}, method = 'GET') =>
    ({ url, method, headers }) as unknown as FastifyRequest;

  it('shares anonymous GETs and HEADs without a draft parameter only', () => {
    expect(isCacheableRequest(request('/en/factcheck/x?page=2'))).toBe(true);
    expect(isCacheableRequest(request('/', {}, 'HEAD'))).toBe(true);
    expect(isCacheableRequest(request('/contact-us', {}, 'POST'))).toBe(false);
    expect(isCacheableRequest(request('/factcheck/x?draft=abc'))).toBe(false);
    expect(isCacheableRequest(request('/factcheck/x?a=1&draft='))).toBe(false);
    expect(isCacheableRequest(request('/', { authorization: 'Bearer t' }))).toBe(false);
    expect(isPreviewRequest('/factcheck/x?drafts=1')).toBe(false);
  });
});

describe('content security policy', () => {
  it('hashes each inline script once, and skips external scripts and data blocks', () => {
    const html =
      '<script>a()</script><script type="module">import "/x.js"</script><script src="/y.js"></script>' +
      '<script type="application/ld+json">{"@type":"ClaimReview"}</script><script>a()</script>';
    const hash = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;
    expect(inlineScriptHashes(html)).toEqual([hash('a()'), hash('import "/x.js"')]);
    const csp = contentSecurityPolicy(html);
    expect(csp).toContain(`script-src 'self' ${hash('a()')} ${hash('import "/x.js"')}`);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toContain('unsafe-eval');
  });
});
