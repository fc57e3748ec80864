// The public site's rendered-page cache (ADR 008): one entry per URL (path + query, so the language
// prefix is part of the key) holding the body with its gzip and brotli forms, so a warm hit neither
// renders nor compresses. Bounded by bytes (LRU), cleared on any content write, and a cold miss
// renders once however many requests wait for it.

/** What a render produced, before compression: cacheable or not, the caller decides. */
export interface RenderedPage {
  status: number;
  /** Lower-case names; no Set-Cookie, Content-Length or Content-Encoding. */
  headers: Record<string, string>;
  /** Set-Cookie values: a page that sets any is never cached. */
  cookies?: string[];
  body: Buffer;
}

/** A cache entry: the rendered page with its compressed forms and validator, ready to send. */
export interface CachedPage extends RenderedPage {
  gzip: Buffer;
  br: Buffer;
  /** Strong validator of the uncompressed body (a hash, without quotes). */
  etag: string;
  /** Bytes held: the three bodies plus an estimate of the headers. */
  size: number;
  expiresAt: number;
}

/** A render's outcome: `page` when it was cached (or could be), else the uncacheable render itself. */
export type LoadResult =
  | { kind: 'hit'; page: CachedPage }
  | { kind: 'miss'; page: CachedPage }
  | { kind: 'uncacheable'; rendered: RenderedPage };

export interface PageCacheOptions {
  /** Upper bound of all entries together, in bytes. */
  maxBytes: number;
  /** Larger entries are served but not kept (default an eighth of maxBytes). */
  maxEntryBytes?: number;
  now?: () => number;
}

export interface PageCacheStats {
  entries: number;
  bytes: number;
  hits: number;
  misses: number;
  /** Times `render` ran through the cache (misses, plus waiters of an uncacheable render). */
  renders: number;
  clears: number;
}

export type PageCache = ReturnType<typeof createPageCache>;

/**
 * `render` returns the rendered page, or a compressed entry when it is cacheable: the cache does not
 * know the rules (status, headers), only how to keep and share what it is given.
 */
export type PageRender = () => Promise<{ rendered: RenderedPage; page?: CachedPage }>;

export function createPageCache(options: PageCacheOptions) {
  const now = options.now ?? Date.now;
  const maxEntryBytes = options.maxEntryBytes ?? Math.floor(options.maxBytes / 8);
  // A Map iterates in insertion order: re-inserting on a hit makes the first key the least recent.
  const entries = new Map<string, CachedPage>();
  const inFlight = new Map<string, Promise<{ rendered: RenderedPage; page?: CachedPage }>>();
  let bytes = 0;
  // Bumped by clear(): a render that started before a write must not store what it saw.
  let generation = 0;
  const stats = { hits: 0, misses: 0, renders: 0, clears: 0 };

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.size;
  };

  const store = (key: string, page: CachedPage) => {
    if (page.size > maxEntryBytes) return;
    remove(key);
    entries.set(key, page);
    bytes += page.size;
    for (const oldest of entries.keys()) {
      if (bytes <= options.maxBytes) break;
      remove(oldest);
    }
  };

  const lookup = (key: string): CachedPage | undefined => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now()) {
      remove(key);
      return undefined;
    }
    entries.delete(key);
    entries.set(key, entry);
    return entry;
  };

  return {
    /** A fresh entry or undefined; counts nothing (use `load` to serve). */
    peek(key: string): CachedPage | undefined {
      return lookup(key);
    },

    async load(key: string, render: PageRender): Promise<LoadResult> {
      const cached = lookup(key);
      if (cached) {
        stats.hits++;
        return { kind: 'hit', page: cached };
      }
      stats.misses++;
      const pending = inFlight.get(key);
      if (pending) {
        const shared = await pending;
        if (shared.page) return { kind: 'miss', page: shared.page };
        // The first render was not cacheable (a Set-Cookie, an error): it answered its own caller;
        // each waiter renders for itself, as it would have without the cache.
      }
      const started = generation;
      const run = (async () => {
        stats.renders++;
        return render();
      })();
      if (!pending) inFlight.set(key, run);
      try {
        const result = await run;
        if (result.page && started === generation) store(key, result.page);
        return result.page
          ? { kind: 'miss', page: result.page }
          : { kind: 'uncacheable', rendered: result.rendered };
      } finally {
        if (inFlight.get(key) === run) inFlight.delete(key);
      }
    },

    /** Drops every entry; renders in flight finish for their callers but are not stored. */
    clear(): void {
      entries.clear();
      inFlight.clear();
      bytes = 0;
      generation++;
      stats.clears++;
    },

    stats(): PageCacheStats {
      return { entries: entries.size, bytes, ...stats };
    },
  };
}
