// The page cache's own rules, without a server: LRU by bytes, expiry, in-flight sharing, tag
// invalidation (stale while one background render refreshes, hard drops), writes that win over
// renders in flight; and the pieces around it (negotiation, validators, CSP hashes).
import { createHash } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { windowBitsFor } from '../../compression/brotli.ts';
import { chooseEncoding } from '../../compression/content-encoding.ts';
import { contentSecurityPolicy, inlineScriptHashes } from './content-security.ts';
import { type CachedPage, createPageCache, type RenderedPage } from './page-cache.ts';
import { isCacheableRequest, isPreviewRequest } from './page-delivery.ts';
import { matchesEtag, toCachedPage } from './page-response.ts';

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
setFlagsFromString('--expose-gc');
const MB = 1024 * 1024;
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

  it('serves an expired entry stale while it refreshes, and renders for the reader once stale too long', async () => {
    let now = 0;
    const cache = createPageCache({ maxBytes: 1000, staleMaxMs: 100, now: () => now });
    await cache.load('a', async () => ({ rendered, page: page(10, 50) }));
    expect(cache.peek('a')).toBeDefined();
    now = 50;
    expect(cache.peek('a')).toBeUndefined();
    let renders = 0;
    const render = async () => {
      renders++;
      return { rendered, page: page(10, now + 50) };
    };
    expect((await cache.load('a', render)).kind).toBe('stale');
    await cache.settled();
    expect(renders).toBe(1);
    expect((await cache.load('a', render)).kind).toBe('hit');
    now = 1000; // expired at 100, stale for 900 ms > 100
    expect((await cache.load('a', render)).kind).toBe('miss');
    expect(renders).toBe(2);
  });

  it('marks only the entries that read a tag stale, and refreshes each with one background render', async () => {
    const cache = createPageCache({ maxBytes: 10_000, upgradeDelayMs: 0 });
    const tagged =
      (tags: string[], size = 10) =>
      async () => ({ rendered, page: { ...page(size), tags } });
    await cache.load('home', tagged(['factcheck:*@en']));
    await cache.load('writer', tagged(['factcheck:author=b@en']));
    await cache.load('static', tagged([]));
    expect(cache.invalidate([])).toBe(0);
    expect(cache.invalidate(['factcheck:*@en', 'factcheck:author=a@en'])).toBe(1);
    expect((await cache.load('writer', tagged([]))).kind).toBe('hit');
    expect((await cache.load('static', tagged([]))).kind).toBe('hit');
    let renders = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow = async () => {
      renders++;
      await gate;
      return { rendered, page: { ...page(10), tags: ['factcheck:*@en'] } };
    };
    const answers = await Promise.all([cache.load('home', slow), cache.load('home', slow)]);
    expect(answers.map((a) => a.kind)).toEqual(['stale', 'stale']);
    release();
    await cache.settled();
    expect(renders).toBe(1);
    expect((await cache.load('home', slow)).kind).toBe('hit');
    expect(cache.stats()).toMatchObject({ stale: 2, refreshes: 1 });
  });

  it('drops entries on a hard invalidation: the next reader waits for a fresh render', async () => {
    const cache = createPageCache({ maxBytes: 10_000, upgradeDelayMs: 0 });
    await cache.load('item', async () => ({ rendered, page: { ...page(10), tags: ['factcheck:_id=x'] } }));
    expect(cache.invalidate(['factcheck:_id=x'], { hard: true })).toBe(1);
    expect(cache.peek('item')).toBeUndefined();
    expect((await cache.load('item', cacheable(10))).kind).toBe('miss');
  });

  it('an entry that read something unknown (`*`) is touched by every change; a `*` change touches all', async () => {
    const cache = createPageCache({ maxBytes: 10_000, upgradeDelayMs: 0 });
    await cache.load('unknown', async () => ({ rendered, page: { ...page(10), tags: ['*'] } }));
    await cache.load('other', async () => ({ rendered, page: { ...page(10), tags: ['author:*'] } }));
    expect(cache.invalidate(['article:*'])).toBe(1);
    expect(cache.invalidate(['*'])).toBe(2);
  });

  it('keeps a render that a write overtook only as stale, and not at all after a hard one', async () => {
    for (const hard of [false, true]) {
      const cache = createPageCache({ maxBytes: 10_000, upgradeDelayMs: 0 });
      let release!: () => void;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const loading = cache.load('k', async () => {
        await gate;
        return { rendered, page: { ...page(10), tags: ['factcheck:*'] } };
      });
      await Promise.resolve();
      cache.invalidate(['factcheck:*'], { hard });
      release();
      expect((await loading).kind).toBe('miss');
      expect(cache.peek('k')).toBeUndefined();
      expect(cache.stats().entries).toBe(hard ? 0 : 1);
    }
  });

  it('swaps in the better compressed forms when the background upgrade finishes', async () => {
    const cache = createPageCache({ maxBytes: 10_000, upgradeDelayMs: 0 });
    const better = { ...page(20), br: Buffer.from('smaller') };
    await cache.load('k', async () => ({ rendered, page: { ...page(10), upgrade: async () => better } }));
    await cache.settled();
    expect(cache.peek('k')?.br.toString()).toBe('smaller');
    expect(cache.stats().bytes).toBe(20);
  });

  it('runs the slow compressions one at a time, and skips an entry replaced before its turn', async () => {
    const cache = createPageCache({ maxBytes: 10_000, upgradeDelayMs: 0 });
    let running = 0;
    let most = 0;
    const upgraded: string[] = [];
    const slowUpgrade = (name: string) => async () => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running--;
      upgraded.push(name);
      return { ...page(10), br: Buffer.from(name) };
    };
    const entry = (name: string) => async () => ({
      rendered,
      page: { ...page(10), tags: [`${name[0]}:*`], upgrade: slowUpgrade(name) },
    });
    await Promise.all(['a', 'b', 'c'].map((key) => cache.load(key, entry(key))));
    // b is refreshed (a new entry) before the first upgrade finishes: only the newer b is upgraded.
    cache.invalidate(['b:*']);
    expect((await cache.load('b', entry('b2'))).kind).toBe('stale');
    await cache.settled();
    expect(most).toBe(1);
    expect(upgraded).toEqual(['a', 'c', 'b2']);
    expect(cache.peek('b')?.br.toString()).toBe('b2');
  });

  it('compresses slowly only an entry that stayed in place for the delay, and stops on close', async () => {
    const cache = createPageCache({ maxBytes: 10_000, upgradeDelayMs: 30 });
    const upgraded: string[] = [];
    const entry = (name: string) => async () => ({
      rendered,
      page: {
        ...page(10),
        tags: [`${name}:*`],
        upgrade: async () => {
          upgraded.push(name);
          return page(10);
        },
      },
    });
    await cache.load('kept', entry('kept'));
    await cache.load('invalidated', entry('invalidated'));
    cache.invalidate(['invalidated:*']);
    await cache.settled();
    expect(upgraded).toEqual(['kept']);
    await cache.load('late', entry('late'));
    cache.close();
    await cache.settled();
    expect(upgraded).toEqual(['kept']);
  });

  it('keeps no evicted page alive while it waits for its slow compression (issue 34)', async () => {
    // A flood of new addresses: each entry is stored, queued for brotli 11 and evicted before its
    // turn. The queue held every evicted page, memory the byte bound did not count.
    const gc = runInNewContext('gc') as () => void;
    const cache = createPageCache({ maxBytes: 4 * MB, maxEntryBytes: 4 * MB, upgradeDelayMs: 60_000 });
    const bodies: WeakRef<Buffer>[] = [];
    for (let i = 0; i < 40; i++) {
      await cache.load(`/p${i}`, async () => {
        const body = Buffer.alloc(MB, i);
        bodies.push(new WeakRef(body));
        return { rendered, page: { ...page(MB), body, upgrade: async () => page(MB) } };
      });
    }
    gc();
    await new Promise((resolve) => setTimeout(resolve, 0));
    gc();
    const alive = bodies.filter((ref) => ref.deref() !== undefined).length;
    expect(cache.stats()).toMatchObject({ entries: 4, bytes: 4 * MB, waitingUpgrades: 4 });
    // The four cached pages, and at most a few the last renders' settled promises still reach;
    // before the queue kept keys only, all 40 stayed alive.
    expect(alive).toBeLessThan(8);
    cache.close();
    await cache.settled();
  });

  it('lets not-found pages hold an eighth of the cache, evicting older not-found pages first', async () => {
    const cache = createPageCache({ maxBytes: 800, maxEntryBytes: 800 });
    await cache.load('/real', cacheable(400));
    for (let i = 0; i < 20; i++) {
      await cache.load(`/random-${i}`, async () => ({ rendered, page: { ...page(50), status: 404 } }));
    }
    expect(cache.peek('/real')).toBeDefined();
    expect(cache.peek('/random-19')).toBeDefined();
    expect(cache.peek('/random-17')).toBeUndefined();
    expect(cache.stats().bytes).toBe(500);
  });

  it('tells a render whether a reader waits for it (a miss) or it refreshes a stale entry', async () => {
    const cache = createPageCache({ maxBytes: 10_000, upgradeDelayMs: 0 });
    const seen: (boolean | undefined)[] = [];
    const render = async (context?: { background: boolean }) => {
      seen.push(context?.background);
      return { rendered, page: { ...page(10), tags: ['factcheck:*'] } };
    };
    await cache.load('k', render);
    cache.invalidate(['factcheck:*']);
    expect((await cache.load('k', render)).kind).toBe('stale');
    await cache.settled();
    expect(seen).toEqual([false, true]);
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

  it('chooses the same for a header it has seen, among many made-up ones and very long ones', () => {
    const headers = ['gzip, deflate, br', 'br;q=0, gzip', 'gzip;q=0, br;q=0', `gzip, ${'x'.repeat(300)}`];
    const first = headers.map((header) => chooseEncoding(header));
    for (let i = 0; i < 200; i++) chooseEncoding(`gzip;q=0.${i % 10}, made-up-${i}`);
    expect(headers.map((header) => chooseEncoding(header))).toEqual(first);
    expect(first).toEqual(['br', 'gzip', 'identity', 'gzip']);
    expect(chooseEncoding(['gzip', 'br'])).toBe('br');
  });

  it('matches If-None-Match against the body in any encoding, weak or strong', () => {
    expect(matchesEtag('"abc-gz"', 'abc')).toBe(true);
    expect(matchesEtag('W/"abc"', 'abc')).toBe(true);
    expect(matchesEtag('"x", "abc-br"', 'abc')).toBe(true);
    expect(matchesEtag('*', 'abc')).toBe(true);
    expect(matchesEtag('"abcd"', 'abc')).toBe(false);
    expect(matchesEtag(undefined, 'abc')).toBe(false);
  });

  it('compresses fast into both encodings with a validator of the body, then better in an upgrade', async () => {
    const body = Buffer.from('<p>تبيَّن</p>'.repeat(200));
    const cached = await toCachedPage({ status: 200, headers: {}, body }, 1000, 0, ['factcheck:*']);
    expect(cached.gzip.length).toBeLessThan(body.length);
    expect(cached.br.length).toBeLessThan(body.length);
    expect(cached.expiresAt).toBe(1000);
    expect(cached.size).toBeGreaterThan(body.length);
    expect(cached.tags).toEqual(['factcheck:*']);
    const better = await cached.upgrade!();
    expect(gunzipSync(better.gzip).equals(body)).toBe(true);
    expect(brotliDecompressSync(better.br).equals(body)).toBe(true);
    expect(better.etag).toBe(cached.etag);
  });

  it('sizes the brotli window to the page, the smallest that holds it, and loses none of it', async () => {
    // A window of 2^bits holds 2^bits − 16 bytes.
    expect([0, 1008, 1009, 78_000, 131_056, 131_057, 50_000_000].map(windowBitsFor)).toEqual([
      10, 10, 11, 17, 17, 18, 24,
    ]);
    // A page whose last part repeats its first, 200 KB apart: every form decodes to the same bytes.
    const start = Buffer.from(createHash('sha512').update('start').digest('hex').repeat(200));
    const middle = Buffer.from('<p>تبيَّن</p>'.repeat(10_000));
    const body = Buffer.concat([start, middle, start]);
    const cached = await toCachedPage({ status: 200, headers: {}, body }, 1000, 0);
    expect(brotliDecompressSync(cached.br).equals(body)).toBe(true);
    expect(brotliDecompressSync((await cached.upgrade!()).br).equals(body)).toBe(true);
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

  it('hashes the same UTF-8 bytes when it reads the document as bytes', () => {
    const html = '<p>تبيّن</p><script>window.title="تحقق\u00a0من الخبر"; b()</script><script>c()</script>';
    const bytes = Buffer.from(html, 'utf8');
    expect(inlineScriptHashes(bytes)).toEqual(inlineScriptHashes(html));
    expect(contentSecurityPolicy(bytes)).toBe(contentSecurityPolicy(html));
  });
});
