// The public site's rendered-page cache (ADR 008, invalidation by ADR 016): one entry per URL (path +
// query, so the language prefix is part of the key) holding the body with its compressed forms, so a
// warm hit neither renders nor compresses. Bounded by bytes (LRU). Each entry carries the cache tags
// of what its render read; a content write marks the entries sharing one of its tags stale (served at
// once while one background render refreshes them) or, for an unpublish or delete, drops them. A
// cold miss renders once however many requests wait for it.
import { ALL_TAG } from '../content/content-tags.ts';

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
  /** Bytes held: the bodies plus an estimate of the headers. */
  size: number;
  expiresAt: number;
  /** What the render read (content-tags.ts); `*` when it cannot tell. Absent: depends on nothing. */
  tags?: readonly string[];
  /**
   * Smaller compressed forms of the same body, made in the background after the entry is stored
   * (the first readers get fast-compressed ones): resolves with the upgraded page.
   */
  upgrade?: (() => Promise<CachedPage>) | undefined;
}

/** A render's outcome: `page` when it was cached (or could be), else the uncacheable render itself. */
export type LoadResult =
  | { kind: 'hit' | 'stale' | 'miss'; page: CachedPage }
  | { kind: 'uncacheable'; rendered: RenderedPage };

export interface PageCacheOptions {
  /** Upper bound of all entries together, in bytes. */
  maxBytes: number;
  /** Larger entries are served but not kept (default an eighth of maxBytes). */
  maxEntryBytes?: number;
  /**
   * Bytes not-found pages may hold together (default an eighth of maxBytes): random addresses
   * evict older not-found pages, not real ones (issue 34).
   */
  maxNotFoundBytes?: number;
  /**
   * How long an invalidated or expired entry may still be served while it is refreshed in the
   * background; past it, a reader waits for the render (default STALE_MAX_MS).
   */
  staleMaxMs?: number;
  now?: () => number;
  /**
   * How long an entry must stay in place before its slow compression starts (default
   * UPGRADE_DELAY_MS): a page invalidated again before then was not worth compressing slowly.
   */
  upgradeDelayMs?: number;
  /** Told when a background render or compression fails (the stale entry stays). */
  onError?: (error: unknown, key: string) => void;
}

export interface PageCacheStats {
  entries: number;
  /** Bytes of every entry, those waiting for their slow compression included. */
  bytes: number;
  /** Entries waiting for their slow compression (each is one of `entries`). */
  waitingUpgrades: number;
  hits: number;
  /** Answers from an invalidated or expired entry while it was refreshed. */
  stale: number;
  misses: number;
  /** Times `render` ran through the cache (misses, refreshes, waiters of an uncacheable render). */
  renders: number;
  /** Renders started to refresh a stale entry. */
  refreshes: number;
  clears: number;
  invalidations: number;
  /** Entries marked stale or dropped by invalidations. */
  invalidated: number;
}

/** An invalidated page is served stale for at most this long (then a reader waits for its render). */
export const STALE_MAX_MS = 60_000;

/** See PageCacheOptions.upgradeDelayMs. */
export const UPGRADE_DELAY_MS = 10_000;

/** Invalidations remembered for renders in flight (older renders are stored as stale). */
const LOG_SIZE = 512;

export type PageCache = ReturnType<typeof createPageCache>;

const firstKey = (map: Map<string, unknown>): string | undefined => map.keys().next().value;

type RenderOutcome = { rendered: RenderedPage; page?: CachedPage };

/**
 * `render` returns the rendered page, or a compressed entry when it is cacheable: the cache does not
 * know the rules (status, headers), only how to keep and share what it is given.
 */
export type PageRender = (context?: RenderContext) => Promise<RenderOutcome>;

/** `background`: a refresh of a stale entry, which no reader waits for. */
export interface RenderContext {
  background: boolean;
}

interface Entry {
  page: CachedPage;
  /** When an invalidation reached it. */
  staleSince?: number;
}

interface Invalidation {
  seq: number;
  tags: ReadonlySet<string>;
  hard: boolean;
}

export function createPageCache(options: PageCacheOptions) {
  const now = options.now ?? Date.now;
  const maxEntryBytes = options.maxEntryBytes ?? Math.floor(options.maxBytes / 8);
  const maxNotFoundBytes = options.maxNotFoundBytes ?? Math.floor(options.maxBytes / 8);
  /** Keys of the not-found entries, oldest first, and their bytes. */
  const notFound = new Set<string>();
  let notFoundBytes = 0;
  const staleMaxMs = options.staleMaxMs ?? STALE_MAX_MS;
  // A Map iterates in insertion order: re-inserting on a hit makes the first key the least recent.
  const entries = new Map<string, Entry>();
  /** tag → keys of the entries whose render read it. */
  const byTag = new Map<string, Set<string>>();
  const inFlight = new Map<string, Promise<RenderOutcome>>();
  /** Background work (refreshes, compression), for tests and shutdown. */
  const background = new Set<Promise<unknown>>();
  let bytes = 0;
  /**
   * Entries waiting for their slow compression (see runUpgrades), by key in the order they were
   * stored. Only entries in the cache wait: `remove` takes an entry out of here too, so an evicted,
   * replaced or dropped page is not kept alive by the queue (issue 34: under a flood of new
   * addresses the queue held every evicted page, bytes the cache's bound did not count).
   */
  const upgrades = new Map<string, { page: CachedPage; storedAt: number }>();
  let isUpgrading = false;
  let isClosed = false;
  const upgradeDelayMs = options.upgradeDelayMs ?? UPGRADE_DELAY_MS;
  /** Ends the wait of the upgrade queue early (on close). */
  let wake: (() => void) | undefined;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        wake = undefined;
        resolve();
      }, ms);
      timer.unref();
      wake = () => {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      };
    });
  // Every invalidation gets a number: a render compares the log with the number it started at.
  let seq = 0;
  const log: Invalidation[] = [];
  const stats = {
    hits: 0,
    stale: 0,
    misses: 0,
    renders: 0,
    refreshes: 0,
    clears: 0,
    invalidations: 0,
    invalidated: 0,
  };

  const tagsOf = (page: CachedPage): readonly string[] => page.tags ?? [];

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    upgrades.delete(key);
    bytes -= entry.page.size;
    if (notFound.delete(key)) notFoundBytes -= entry.page.size;
    for (const tag of tagsOf(entry.page)) {
      const keys = byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) byTag.delete(tag);
    }
  };

  const track = (promise: Promise<unknown>) => {
    const tracked = promise.catch(() => {}).finally(() => background.delete(tracked));
    background.add(tracked);
  };

  const store = (key: string, page: CachedPage, staleSince?: number) => {
    if (page.size > maxEntryBytes) return;
    remove(key);
    entries.set(key, staleSince === undefined ? { page } : { page, staleSince });
    bytes += page.size;
    for (const tag of tagsOf(page)) {
      const keys = byTag.get(tag) ?? new Set<string>();
      byTag.set(tag, keys);
      keys.add(key);
    }
    if (page.status === 404) {
      notFound.add(key);
      notFoundBytes += page.size;
      for (const oldest of notFound) {
        if (notFoundBytes <= maxNotFoundBytes) break;
        remove(oldest);
      }
    }
    for (const oldest of entries.keys()) {
      if (bytes <= options.maxBytes) break;
      remove(oldest);
    }
    if (page.upgrade && entries.get(key)?.page === page) {
      upgrades.set(key, { page, storedAt: Date.now() });
      if (!isUpgrading && !isClosed) track(runUpgrades());
    }
  };

  /**
   * The slow compressions (brotli 11 costs ~80 ms of CPU for a 75 KB page) one at a time, in the
   * order the entries were stored, each once it has stayed in place for `upgradeDelayMs`: a
   * publish refreshes ten pages or so at once, and their compressions side by side took both cores
   * of a small machine from the readers (issue 13). An entry replaced, invalidated or dropped
   * before its turn is skipped: the newer entry has its own upgrade.
   */
  const runUpgrades = async () => {
    isUpgrading = true;
    try {
      for (let key = firstKey(upgrades); key !== undefined && !isClosed; key = firstKey(upgrades)) {
        const { page, storedAt } = upgrades.get(key)!;
        const wait = storedAt + upgradeDelayMs - Date.now();
        if (wait > 0) await pause(wait);
        // Replaced meanwhile: the newer entry waits its own turn (at the end).
        if (upgrades.get(key)?.page !== page) continue;
        upgrades.delete(key);
        const entry = entries.get(key);
        if (isClosed || entry?.page !== page || entry.staleSince !== undefined || !page.upgrade) continue;
        try {
          const better = await page.upgrade();
          const current = entries.get(key);
          if (current?.page !== page) continue;
          bytes += better.size - page.size;
          if (notFound.has(key)) notFoundBytes += better.size - page.size;
          current.page = { ...better, upgrade: undefined };
        } catch (error) {
          options.onError?.(error, key);
        }
      }
    } finally {
      isUpgrading = false;
    }
  };

  /** The invalidations since `started` that touch a page with these tags: none, soft or hard. */
  const missedSince = (started: number, tags: readonly string[]): 'none' | 'soft' | 'hard' => {
    if (started === seq) return 'none';
    if (log.length === 0 || log[0]!.seq > started + 1) return 'hard';
    let found: 'none' | 'soft' | 'hard' = 'none';
    const dependsOnAll = tags.includes(ALL_TAG);
    for (const inv of log) {
      if (inv.seq <= started) continue;
      const touches =
        inv.tags.has(ALL_TAG) || (inv.tags.size > 0 && dependsOnAll) || tags.some((t) => inv.tags.has(t));
      if (!touches) continue;
      if (inv.hard) return 'hard';
      found = 'soft';
    }
    return found;
  };

  /** Runs one render for `key`, shared with whoever asks meanwhile, and stores what it may keep. */
  const startRender = (key: string, render: PageRender, background = false): Promise<RenderOutcome> => {
    const started = seq;
    const run = (async () => {
      stats.renders++;
      const result = await render({ background });
      if (result.page) {
        const missed = missedSince(started, tagsOf(result.page));
        // A write landed while it rendered: keep it only as stale (refreshed on the next request),
        // and not at all if the write removed something from readers.
        if (missed === 'none') store(key, result.page);
        else if (missed === 'soft') store(key, result.page, now());
      }
      return result;
    })();
    inFlight.set(key, run);
    const forget = () => {
      if (inFlight.get(key) === run) inFlight.delete(key);
    };
    run.then(forget, forget);
    return run;
  };

  const refresh = (key: string, render: PageRender) => {
    if (inFlight.has(key)) return;
    stats.refreshes++;
    track(startRender(key, render, true).catch((error: unknown) => options.onError?.(error, key)));
  };

  return {
    /** A fresh entry or undefined; counts nothing (use `load` to serve). */
    peek(key: string): CachedPage | undefined {
      const entry = entries.get(key);
      if (!entry || entry.staleSince !== undefined || entry.page.expiresAt <= now()) return undefined;
      return entry.page;
    },

    async load(key: string, render: PageRender): Promise<LoadResult> {
      const entry = entries.get(key);
      if (entry) {
        entries.delete(key);
        entries.set(key, entry);
        const t = now();
        const staleAt = entry.staleSince ?? (entry.page.expiresAt <= t ? entry.page.expiresAt : undefined);
        if (staleAt === undefined) {
          stats.hits++;
          return { kind: 'hit', page: entry.page };
        }
        if (t - staleAt <= staleMaxMs) {
          stats.stale++;
          refresh(key, render);
          return { kind: 'stale', page: entry.page };
        }
        // Stale for too long: this reader waits for a fresh render.
        remove(key);
      }
      stats.misses++;
      const pending = inFlight.get(key);
      if (pending) {
        const shared = await pending;
        if (shared.page) return { kind: 'miss', page: shared.page };
        // The first render was not cacheable (a Set-Cookie, an error): it answered its own caller;
        // each waiter renders for itself, as it would have without the cache.
        stats.renders++;
        const own = await render();
        return own.page ? { kind: 'miss', page: own.page } : { kind: 'uncacheable', rendered: own.rendered };
      }
      const result = await startRender(key, render);
      return result.page
        ? { kind: 'miss', page: result.page }
        : { kind: 'uncacheable', rendered: result.rendered };
    },

    /**
     * A committed write touched these tags (content-tags.ts): the entries that read one of them
     * are served stale until refreshed, or, when `hard`, dropped. An empty list touches nothing.
     */
    invalidate(tags: readonly string[], opts: { hard?: boolean } = {}): number {
      if (tags.length === 0) return 0;
      const set = new Set(tags);
      const hard = opts.hard === true;
      seq++;
      log.push({ seq, tags: set, hard });
      if (log.length > LOG_SIZE) log.shift();
      stats.invalidations++;
      const keys = new Set<string>();
      if (set.has(ALL_TAG)) for (const key of entries.keys()) keys.add(key);
      else {
        for (const tag of [...set, ALL_TAG]) for (const key of byTag.get(tag) ?? []) keys.add(key);
      }
      // A render already running may have read what this write removed: later readers get their own.
      if (hard) inFlight.clear();
      const t = now();
      for (const key of keys) {
        if (hard) remove(key);
        else {
          const entry = entries.get(key);
          if (entry) entry.staleSince ??= t;
        }
      }
      stats.invalidated += keys.size;
      return keys.size;
    },

    /** Drops every entry; renders in flight finish for their callers but are not stored. */
    clear(): void {
      entries.clear();
      upgrades.clear();
      notFound.clear();
      notFoundBytes = 0;
      byTag.clear();
      inFlight.clear();
      bytes = 0;
      seq++;
      log.push({ seq, tags: new Set([ALL_TAG]), hard: true });
      if (log.length > LOG_SIZE) log.shift();
      stats.clears++;
    },

    /** Drops the slow compressions not started yet (shutdown); `settled` then resolves promptly. */
    close(): void {
      isClosed = true;
      upgrades.clear();
      wake?.();
    },

    /** Resolves once the background refreshes and compressions started so far have finished. */
    async settled(): Promise<void> {
      while (background.size > 0) await Promise.all([...background]);
    },

    stats(): PageCacheStats {
      return { entries: entries.size, bytes, waitingUpgrades: upgrades.size, ...stats };
    },
  };
}
