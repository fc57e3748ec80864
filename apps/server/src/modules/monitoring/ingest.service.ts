// One run of a media source: fetch each of its feeds (an HTML page stands for the feeds it links),
// turn new entries into feed items in status `new`, count duplicates, write a scraping report for
// every failure and go on with the next feed, then close the run record with its counts.
import {
  and,
  type Db,
  desc,
  eq,
  type FileRecord,
  feed,
  isNotNull,
  mediaSource,
  mediaSourceRun,
  newId,
  or,
  scrapingReport,
  sql,
} from '@tabayyun/db';
import { fileRecord } from '@tabayyun/schemas';
import { htmlToText, normalizeForSearch, sanitizeHtml, truncateText } from '@tabayyun/text';
import { AppError, notFound } from '../../errors.ts';
import { SYSTEM_ACTOR } from '../../plugins/actor.ts';
import type { FilesService } from '../files/files.service.ts';
import { discoverFeedLinks, type FeedEntry, looksLikeHtml, parseFeedEntries } from './feed-parse.ts';
import { findMatches } from './matching.ts';
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
  log?: { warn(obj: object, msg: string): void };
}

/** The run in progress: every scraping report it writes counts as one of its errors. */
interface RunContext {
  sourceId: string;
  runId: string;
  totals: RunResults;
}

type Outcome = { kind: 'new'; id: string } | { kind: 'duplicate' };

const DAY_MS = 24 * 60 * 60_000;

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
      return [{ url: res.finalUrl, entries: parseFeedEntries(text, res.finalUrl) }];
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
        entries: parseFeedEntries(feedRes.body.toString('utf8'), feedRes.finalUrl),
      });
    }
    return out;
  }

  const entryKey = (entry: FeedEntry) => ({
    entryId: entry.id ? entry.id.slice(0, 2000) : null,
    link: entry.link ? entry.link.slice(0, 2000) : null,
    titleNormalized: normalizeForSearch(entry.title),
  });

  /** Same id, same link, or the same normalised title within a day, from this source. */
  function duplicateWhere(sourceId: string, entry: FeedEntry) {
    const key = entryKey(entry);
    const when = entry.publishedAt ?? new Date();
    return and(
      eq(feed.monitorSource, sourceId),
      or(
        key.entryId ? eq(feed.entryId, key.entryId) : undefined,
        key.link ? eq(feed.link, key.link) : undefined,
        key.titleNormalized
          ? and(
              eq(feed.titleNormalized, key.titleNormalized),
              sql`coalesce(${feed.publishedDate}, ${feed.createdAt}) between ${new Date(when.getTime() - DAY_MS)} and ${new Date(when.getTime() + DAY_MS)}`,
            )
          : undefined,
      ),
    );
  }

  async function isDuplicate(sourceId: string, entry: FeedEntry): Promise<boolean> {
    const rows = await db
      .select({ _id: feed._id })
      .from(feed)
      .where(duplicateWhere(sourceId, entry))
      .limit(1);
    return rows.length > 0;
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

  async function ingestEntry(run: RunContext, entry: FeedEntry, feedUrl: string): Promise<Outcome> {
    if (!entry.title && !entry.link) return { kind: 'duplicate' };
    if (await isDuplicate(run.sourceId, entry)) return { kind: 'duplicate' };
    const image = entry.imageUrl ? await storeImage(run, entry.imageUrl, feedUrl) : undefined;
    const key = entryKey(entry);
    const title = entry.title || truncateText(entry.link ?? '', 1000);
    const description = entry.description ? truncateText(htmlToText(entry.description), 10_000) : null;
    const matches = await findMatches(db, `${title} ${description ?? ''}`);
    const id = newId();
    const now = new Date();
    const inserted = await db.transaction(async (tx) => {
      // One writer per source at a time: the title rule cannot be a unique index.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`feed-ingest:${run.sourceId}`}))`);
      const again = await tx
        .select({ _id: feed._id })
        .from(feed)
        .where(duplicateWhere(run.sourceId, entry))
        .limit(1);
      if (again.length > 0) return false;
      const rows = await tx
        .insert(feed)
        .values({
          _id: id,
          status: 'new',
          title,
          titleNormalized: normalizeForSearch(title),
          featuredImage: image ? [image] : [],
          mediaSource: [run.sourceId],
          description,
          body: entry.body ? sanitizeHtml(entry.body) : null,
          publishedDate: entry.publishedAt,
          monitorSource: run.sourceId,
          entryId: key.entryId,
          link: key.link,
          matches,
          updateLog: [],
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning({ _id: feed._id });
      return rows.length > 0;
    });
    if (!inserted) {
      if (image && deps.files) {
        await deps.files
          .remove({ actor: SYSTEM_ACTOR, rawPath: image.path.replace(/^[^/]+\//, '') })
          .catch(() => {});
      }
      return { kind: 'duplicate' };
    }
    return { kind: 'new', id };
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

  async function ingestDocuments(
    run: RunContext,
    documents: { url: string; entries: FeedEntry[] }[],
    added: string[],
  ): Promise<void> {
    const { totals } = run;
    for (const doc of documents) {
      for (const raw of doc.entries.slice(0, ENTRIES_PER_FEED_MAX)) {
        totals.found++;
        // The title as stored (text, bounded): the duplicate rule compares exactly this.
        const entry = { ...raw, title: truncateText(htmlToText(raw.title), 1000) };
        try {
          const outcome = await ingestEntry(run, entry, doc.url);
          if (outcome.kind === 'new') {
            totals.new++;
            added.push(outcome.id);
          } else totals.duplicates++;
        } catch (err) {
          deps.log?.warn({ err, url: doc.url }, 'feed entry not stored');
          await report(
            run,
            new FetchError('malformed', doc.url, `An entry could not be stored: ${reasonOf(err)}`),
            doc.url,
          );
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
      let failedFeeds = 0;
      try {
        // Two phases: every feed is fetched first (a few at a time), then the entries are written
        // one by one. Database work never overlaps a fetch, so a busy embedded database (PGlite
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
          if (documents) await ingestDocuments(run, documents, added);
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
