// One run of a media source: fetch each of its feeds (an HTML page stands for the feeds it links),
// turn new entries into feed items in status `new`, count duplicates, write a scraping report for
// every failure and go on with the next feed, then close the run record with its counts.
import {
  and,
  type Db,
  type DbExecutor,
  desc,
  eq,
  type FeedMatch,
  type FileRecord,
  feed,
  inArray,
  isNotNull,
  mediaSource,
  mediaSourceRun,
  newId,
  or,
  scrapingReport,
  sql,
} from '@tabayyun/db';
import { fileRecord } from '@tabayyun/schemas';
import { htmlToText, normalizeForSearch, truncateText } from '@tabayyun/text';
import { AppError, notFound } from '../../errors.ts';
import { SYSTEM_ACTOR } from '../../plugins/actor.ts';
import { sanitizeHtml } from '../content/sanitize-html.ts';
import type { FilesService } from '../files/files.service.ts';
import { discoverFeedLinks, type FeedEntry, looksLikeHtml, parseFeedEntries } from './feed-parse.ts';
import { createMatcher, type Matcher } from './matching.ts';
import { FetchError, type SafeFetch } from './safe-fetch.ts';

/** Feeds fetched at the same time within one run. */
const FEED_CONCURRENCY = 4;
/** Feeds taken from one HTML page's <link rel="alternate"> list. */
const DISCOVERED_FEEDS_MAX = 3;
/** Entries read from one feed (a feed of thousands is cut, not refused). */
const ENTRIES_PER_FEED_MAX = 500;
const FEED_ACCEPT =
  'application/rss+xml, application/atom+xml, application/feed+json, application/json;q=0.9, application/xml;q=0.9, text/xml;q=0.9, text/html;q=0.5, */*;q=0.1';

export interface RunResults {
  feeds: number;
  found: number;
  new: number;
  duplicates: number;
  errors: number;
  /** Milliseconds. */
  duration: number;
}

export interface IngestDeps {
  db: Db;
  fetcher: SafeFetch;
  files: FilesService | undefined;
  /** Called after feed items were written (cache invalidation, list totals). */
  onFeedChange?: (ids: string[]) => void;
  /** New feed items that match published fact-checks (the desk notifies their owners, issue 35). */
  onFeedMatches?: (items: { _id: string; title: string; matches: FeedMatch[] }[]) => void;
  log?: { warn(obj: object, msg: string): void };
}

/** The run in progress: every scraping report it writes counts as one of its errors. */
interface RunContext {
  sourceId: string;
  runId: string;
  totals: RunResults;
}

/** An entry as it would be stored, with what the duplicate rule compares. */
interface Prepared {
  entry: FeedEntry;
  entryId: string | null;
  link: string | null;
  titleNormalized: string;
  /** The entry's date (or now, when it has none), in milliseconds. */
  when: number;
  title: string;
  description: string | null;
  body: string | null;
}

/** What the duplicate rule compares of a stored item: its date is coalesce(published, created). */
interface Stored {
  entryId: string | null;
  link: string | null;
  titleNormalized: string | null;
  at: number;
}

const DAY_MS = 24 * 60 * 60_000;

/** Same id, same link, or the same normalised title within a day (inclusive). */
function duplicates(p: Prepared, item: Stored): boolean {
  if (p.entryId && item.entryId === p.entryId) return true;
  if (p.link && item.link === p.link) return true;
  return (
    p.titleNormalized !== '' &&
    item.titleNormalized === p.titleNormalized &&
    item.at >= p.when - DAY_MS &&
    item.at <= p.when + DAY_MS
  );
}

/**
 * Splits `batch` (feed order) into the entries to store and the duplicates, as storing them one
 * after the other would: an entry duplicates a stored item or an entry before it that is stored,
 * never one that was itself a duplicate.
 */
function sortOut(batch: Prepared[], stored: Stored[]): { fresh: Prepared[] } {
  const seen = [...stored];
  const fresh: Prepared[] = [];
  for (const p of batch) {
    if (seen.some((item) => duplicates(p, item))) continue;
    fresh.push(p);
    seen.push({ entryId: p.entryId, link: p.link, titleNormalized: p.titleNormalized, at: p.when });
  }
  return { fresh };
}

/** The spec's file-record keys, from the schema that validates feed images. */
const FILE_RECORD_KEYS = Object.keys(fileRecord.shape) as (keyof FileRecord)[];

/** The stored file as the feed item's `featuredImage` entry: the spec's keys, no nulls, ISO dates. */
function toFileRecord(row: Record<string, unknown>): FileRecord {
  const out: Record<string, unknown> = {};
  for (const key of FILE_RECORD_KEYS) {
    const value = row[key];
    if (value === null || value === undefined) continue;
    out[key] = value instanceof Date ? value.toISOString() : value;
  }
  return out as unknown as FileRecord;
}

/**
 * Why a write failed, as a reader of the scraping reports needs it: the database's own reason
 * (Drizzle wraps it in an error quoting the whole statement and its parameters, entry text
 * included), without U+0000, which a text column cannot hold.
 */
function reasonOf(err: unknown): string {
  const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
  return (cause instanceof Error ? cause.message : String(cause)).replaceAll('\u0000', '');
}

export function createIngestService(deps: IngestDeps) {
  const { db, fetcher } = deps;

  async function report(run: RunContext, err: unknown, fallbackUrl: string): Promise<void> {
    const failure =
      err instanceof FetchError
        ? err
        : new FetchError('unreachable', fallbackUrl, err instanceof Error ? err.message : String(err));
    run.totals.errors++;
    await db.insert(scrapingReport).values({
      _id: newId(),
      mediaSource: run.sourceId,
      mediaSourceRun: run.runId,
      status: 'failed',
      date: new Date(),
      // The address as the source lists it; where a redirect or a feed link led elsewhere, that too.
      url: fallbackUrl.replaceAll('\u0000', ''),
      error: failure.kind,
      message: failure.message.replaceAll('\u0000', ''),
      details: {
        ...(failure.status === undefined ? {} : { httpStatus: failure.status }),
        ...(failure.url && failure.url !== fallbackUrl ? { failedUrl: failure.url } : {}),
      },
    });
  }

  /** The entries behind one configured address (a feed, or a page linking feeds). */
  async function entriesOf(address: string): Promise<{ url: string; entries: FeedEntry[] }[]> {
    const res = await fetcher.fetch(address, { accept: FEED_ACCEPT });
    const text = res.body.toString('utf8');
    if (!looksLikeHtml(res.contentType, text)) {
      return [{ url: res.finalUrl, entries: await parseFeedEntries(text, res.finalUrl) }];
    }
    const links = discoverFeedLinks(text, res.finalUrl).slice(0, DISCOVERED_FEEDS_MAX);
    if (links.length === 0) {
      throw new FetchError(
        'not-a-feed',
        address,
        `${address} is a web page without a feed link (<link rel="alternate" type="application/rss+xml">)`,
      );
    }
    const out: { url: string; entries: FeedEntry[] }[] = [];
    for (const link of links) {
      const feedRes = await fetcher.fetch(link, { accept: FEED_ACCEPT });
      out.push({
        url: feedRes.finalUrl,
        entries: await parseFeedEntries(feedRes.body.toString('utf8'), feedRes.finalUrl),
      });
    }
    return out;
  }

  /** What an item stored from `entry` would hold, and what the duplicate rule compares. */
  function prepare(entry: FeedEntry): Prepared {
    const title = entry.title || truncateText(entry.link ?? '', 1000);
    const description = entry.description ? truncateText(htmlToText(entry.description), 10_000) : null;
    return {
      entry,
      entryId: entry.id ? entry.id.slice(0, 2000) : null,
      link: entry.link ? entry.link.slice(0, 2000) : null,
      titleNormalized: normalizeForSearch(entry.title),
      when: (entry.publishedAt ?? new Date()).getTime(),
      title,
      description,
      body: entry.body ? sanitizeHtml(entry.body) : null,
    };
  }

  /** This source's items that an entry of `batch` could duplicate: one query for the whole batch. */
  async function storedLike(executor: DbExecutor, sourceId: string, batch: Prepared[]): Promise<Stored[]> {
    const ids = [...new Set(batch.flatMap((p) => (p.entryId ? [p.entryId] : [])))];
    const links = [...new Set(batch.flatMap((p) => (p.link ? [p.link] : [])))];
    const titles = [...new Set(batch.flatMap((p) => (p.titleNormalized ? [p.titleNormalized] : [])))];
    if (ids.length + links.length + titles.length === 0) return [];
    const rows = await executor
      .select({
        entryId: feed.entryId,
        link: feed.link,
        titleNormalized: feed.titleNormalized,
        publishedDate: feed.publishedDate,
        createdAt: feed.createdAt,
      })
      .from(feed)
      .where(
        and(
          eq(feed.monitorSource, sourceId),
          or(
            ids.length > 0 ? inArray(feed.entryId, ids) : undefined,
            links.length > 0 ? inArray(feed.link, links) : undefined,
            titles.length > 0 ? inArray(feed.titleNormalized, titles) : undefined,
          ),
        ),
      );
    return rows.map((r) => ({
      entryId: r.entryId,
      link: r.link,
      titleNormalized: r.titleNormalized,
      at: (r.publishedDate ?? r.createdAt).getTime(),
    }));
  }

  async function removeImage(image: FileRecord | undefined): Promise<void> {
    if (!image || !deps.files) return;
    await deps.files
      .remove({ actor: SYSTEM_ACTOR, rawPath: image.path.replace(/^[^/]+\//, '') })
      .catch(() => {});
  }

  async function storeImage(
    run: RunContext,
    imageUrl: string,
    base: string,
  ): Promise<FileRecord | undefined> {
    if (!deps.files) return undefined;
    let absolute: string;
    try {
      absolute = new URL(imageUrl, base).href;
    } catch {
      return undefined;
    }
    try {
      const res = await fetcher.fetch(absolute, { accept: 'image/*' });
      const name = decodeURIComponent(new URL(res.finalUrl).pathname.split('/').pop() || 'image') || 'image';
      const [row] = await deps.files.upload({
        actor: SYSTEM_ACTOR,
        folder: 'news-feed',
        overwrite: false,
        parts: () =>
          (async function* () {
            yield {
              type: 'file' as const,
              fieldname: 'featuredImage',
              filename: name,
              encoding: '7bit',
              content: (async function* () {
                yield new Uint8Array(res.body);
              })(),
            };
          })(),
      });
      return row ? toFileRecord(row as unknown as Record<string, unknown>) : undefined;
    } catch (err) {
      // A missing image never loses the entry: the item is kept without it, the failure reported.
      const failure =
        err instanceof AppError
          ? new FetchError('invalid-image', absolute, `The image is refused: ${err.message}`)
          : err;
      await report(run, failure, absolute);
      return undefined;
    }
  }

  /**
   * Writes the new entries of `batch` (entries of one feed, in feed order) in one transaction and
   * answers how many were new. Throws when any entry cannot be stored, writing nothing; `images`
   * keeps the images already fetched, so a retry does not fetch them again.
   */
  async function writeBatch(
    run: RunContext,
    batch: Prepared[],
    feedUrl: string,
    images: Map<Prepared, FileRecord | undefined>,
    matcher: Matcher,
    added: string[],
  ): Promise<number> {
    const { fresh } = sortOut(batch, await storedLike(db, run.sourceId, batch));
    const kept = new Set(fresh);
    for (const p of batch) {
      if (!kept.has(p) && images.has(p)) {
        await removeImage(images.get(p));
        images.delete(p);
      }
    }
    if (fresh.length === 0) return 0;
    for (const p of fresh) {
      if (p.entry.imageUrl && !images.has(p)) images.set(p, await storeImage(run, p.entry.imageUrl, feedUrl));
    }
    const matches = await matcher.match(fresh.map((p) => `${p.title} ${p.description ?? ''}`));
    const now = new Date();
    const rows = fresh.map((p, i) => ({
      prepared: p,
      row: {
        _id: newId(),
        status: 'new' as const,
        title: p.title,
        titleNormalized: normalizeForSearch(p.title),
        featuredImage: images.get(p) ? [images.get(p)!] : [],
        mediaSource: [run.sourceId],
        description: p.description,
        body: p.body,
        publishedDate: p.entry.publishedAt,
        monitorSource: run.sourceId,
        entryId: p.entryId,
        link: p.link,
        matches: matches[i]!,
        updateLog: [],
        createdAt: now,
        updatedAt: now,
      },
    }));
    const inserted = await db.transaction(async (tx) => {
      // One writer per source at a time: the title rule cannot be a unique index. Whatever another
      // run stored since the check above is checked again under the lock.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`feed-ingest:${run.sourceId}`}))`);
      const still = new Set(sortOut(fresh, await storedLike(tx, run.sourceId, fresh)).fresh);
      const values = rows.filter((r) => still.has(r.prepared)).map((r) => r.row);
      if (values.length === 0) return new Set<string>();
      const ids = await tx.insert(feed).values(values).onConflictDoNothing().returning({ _id: feed._id });
      return new Set(ids.map((r) => r._id));
    });
    for (const { prepared, row } of rows) {
      if (inserted.has(row._id)) {
        added.push(row._id);
      } else {
        await removeImage(images.get(prepared));
      }
      images.delete(prepared);
    }
    const matched = rows.filter(({ row }) => inserted.has(row._id) && row.matches.length > 0);
    if (matched.length > 0) deps.onFeedMatches?.(matched.map(({ row }) => row));
    return inserted.size;
  }

  /** Fetches and parses one configured address; a failure is reported and answers undefined. */
  async function loadFeed(
    run: RunContext,
    address: string,
  ): Promise<{ url: string; entries: FeedEntry[] }[] | undefined> {
    try {
      return await entriesOf(address);
    } catch (err) {
      await report(run, err, address);
      return undefined;
    }
  }

  async function notStored(run: RunContext, feedUrl: string, err: unknown): Promise<void> {
    deps.log?.warn({ err, url: feedUrl }, 'feed entry not stored');
    await report(
      run,
      new FetchError('malformed', feedUrl, `An entry could not be stored: ${reasonOf(err)}`),
      feedUrl,
    );
  }

  async function ingestDocuments(
    run: RunContext,
    documents: { url: string; entries: FeedEntry[] }[],
    matcher: Matcher,
    added: string[],
  ): Promise<void> {
    const { totals } = run;
    for (const doc of documents) {
      const entries = doc.entries.slice(0, ENTRIES_PER_FEED_MAX);
      totals.found += entries.length;
      const batch: Prepared[] = [];
      for (const raw of entries) {
        try {
          // The title as stored (text, bounded): the duplicate rule compares exactly this.
          const entry = { ...raw, title: truncateText(htmlToText(raw.title), 1000) };
          if (entry.title || entry.link) batch.push(prepare(entry));
          else totals.duplicates++;
        } catch (err) {
          await notStored(run, doc.url, err);
        }
      }
      const images = new Map<Prepared, FileRecord | undefined>();
      try {
        // The feed's entries together: one duplicate check, one matching pass, one insert.
        const stored = await writeBatch(run, batch, doc.url, images, matcher, added);
        totals.new += stored;
        totals.duplicates += batch.length - stored;
      } catch (batchErr) {
        // An entry that cannot be stored fails its batch: go again one entry at a time, so that it
        // alone is reported and the others are kept.
        deps.log?.warn({ err: batchErr, url: doc.url }, 'feed batch not stored, storing entry by entry');
        for (const p of batch) {
          try {
            const stored = await writeBatch(run, [p], doc.url, images, matcher, added);
            if (stored > 0) totals.new++;
            else totals.duplicates++;
          } catch (err) {
            await removeImage(images.get(p));
            images.delete(p);
            await notStored(run, doc.url, err);
          }
        }
      }
    }
  }

  return {
    /** Runs one media source now; answers the closed run record. */
    async runSource(sourceId: string): Promise<Record<string, unknown>> {
      const [source] = await db
        .select({ _id: mediaSource._id, feeds: mediaSource.feeds })
        .from(mediaSource)
        .where(eq(mediaSource._id, sourceId));
      if (!source) throw notFound(`Media source '${sourceId}'`);
      const started = Date.now();
      const runId = newId();
      const date = new Date(started);
      await db.insert(mediaSourceRun).values({
        _id: runId,
        mediaSource: sourceId,
        status: 'running',
        date,
        results: { feeds: source.feeds.length, found: 0, new: 0, duplicates: 0, errors: 0, duration: 0 },
      });
      const totals: RunResults = {
        feeds: source.feeds.length,
        found: 0,
        new: 0,
        duplicates: 0,
        errors: 0,
        duration: 0,
      };
      const run: RunContext = { sourceId, runId, totals };
      const added: string[] = [];
      const matcher = createMatcher(db);
      let failedFeeds = 0;
      try {
        // Two phases: every feed is fetched first (a few at a time), then the entries are written
        // feed by feed. Database work never overlaps a fetch, so a busy embedded database (PGlite
        // runs on this thread) cannot starve a download into its time-out.
        const queue = source.feeds.map((address, index) => ({ address, index }));
        const loaded: ({ url: string; entries: FeedEntry[] }[] | undefined)[] = [];
        await Promise.all(
          Array.from({ length: Math.min(FEED_CONCURRENCY, queue.length) }, async () => {
            for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
              loaded[next.index] = await loadFeed(run, next.address);
            }
          }),
        );
        for (const documents of loaded) {
          if (documents) await ingestDocuments(run, documents, matcher, added);
          else failedFeeds++;
        }
      } finally {
        totals.duration = Date.now() - started;
        // Failed: nothing could be read at all (no feed, or no feed could be fetched and parsed).
        const failed = source.feeds.length === 0 || failedFeeds === source.feeds.length;
        await db
          .update(mediaSourceRun)
          .set({ status: failed ? 'failed' : 'done', results: totals, updatedAt: new Date() })
          .where(eq(mediaSourceRun._id, runId));
        await db.update(mediaSource).set({ lastRunAt: new Date() }).where(eq(mediaSource._id, sourceId));
        if (added.length > 0) deps.onFeedChange?.(added);
      }
      const [row] = await db.select().from(mediaSourceRun).where(eq(mediaSourceRun._id, runId));
      const { version: _v, updatedBy: _u, ...doc } = row!;
      return doc;
    },

    /** The latest runs of a source, newest first. */
    async lastRuns(sourceId: string, limit = 10) {
      return db
        .select()
        .from(mediaSourceRun)
        .where(and(eq(mediaSourceRun.mediaSource, sourceId), isNotNull(mediaSourceRun.date)))
        .orderBy(desc(mediaSourceRun.date))
        .limit(limit);
    },
  };
}

export type IngestService = ReturnType<typeof createIngestService>;
