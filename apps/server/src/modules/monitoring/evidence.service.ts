// Evidence archive (ADR 020): when a fact-check is saved, every address in its references and
// claim sources that has no snapshot yet is fetched once, in the background, and kept in the
// protected `evidence/` folder through the files module's StorageDriver (disk or S3) with its
// final URL, HTTP status, fetch time and SHA-256. A failure is recorded once and not retried. A
// stopping instance releases the addresses it claimed but did not fetch.
// Claiming a URL is an INSERT … ON CONFLICT DO NOTHING: with several instances, one fetches it.
import { createHash } from 'node:crypto';
import { and, type Db, eq, evidenceSnapshot, factcheck, inArray, newId } from '@tabayyun/db';
import { Parser } from 'htmlparser2';
import type { StorageDriver } from '../files/storage-driver.ts';
import { FetchError, type SafeFetch } from './safe-fetch.ts';

/** Background fetches at the same time per instance. */
const EVIDENCE_CONCURRENCY = 2;
/** Addresses taken from one fact-check (a longer list is cut). */
const URLS_PER_FACTCHECK_MAX = 100;
export const EVIDENCE_FOLDER = 'evidence';

const EXTENSIONS: Record<string, string> = {
  'text/html': '.html',
  'application/xhtml+xml': '.html',
  'application/pdf': '.pdf',
  'image/jpeg': '.jpg',
  'image/png': '.png',
  'image/webp': '.webp',
  'image/gif': '.gif',
  'text/plain': '.txt',
  'application/json': '.json',
};

/** The http(s) addresses an HTML fragment links or mentions, in order, without duplicates. */
export function extractUrls(...fragments: (string | null | undefined)[]): string[] {
  const found: string[] = [];
  const add = (raw: string) => {
    try {
      const url = new URL(raw.trim().replace(/[).,;:!?،؛]+$/u, ''));
      if ((url.protocol === 'http:' || url.protocol === 'https:') && !found.includes(url.href))
        found.push(url.href);
    } catch {
      // Not an address.
    }
  };
  for (const html of fragments) {
    if (!html) continue;
    const parser = new Parser(
      {
        onopentag(name, attrs) {
          if (name === 'a' && attrs.href) add(attrs.href);
        },
        ontext(text) {
          for (const m of text.matchAll(/https?:\/\/[^\s<>"']+/g)) add(m[0]);
        },
      },
      { decodeEntities: true },
    );
    parser.write(html);
    parser.end();
  }
  return found.slice(0, URLS_PER_FACTCHECK_MAX);
}

export function createEvidenceService(deps: {
  db: Db;
  fetcher: SafeFetch;
  driver: StorageDriver;
  maxBytes: number;
  log?: { warn(obj: object, msg: string): void };
}) {
  const { db, fetcher, driver } = deps;
  const queue: { id: string; url: string }[] = [];
  let active = 0;
  let idleWaiters: (() => void)[] = [];
  /** Aborted by close(): the fetches under way stop, and nothing new starts. */
  const closing = new AbortController();

  /**
   * Gives up claims (pending rows) of addresses not fetched because the instance is stopping: the
   * next save that cites them claims them again, here or on another instance.
   */
  async function release(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await db
      .delete(evidenceSnapshot)
      .where(and(inArray(evidenceSnapshot._id, ids), eq(evidenceSnapshot.status, 'pending')))
      .catch((err: unknown) => deps.log?.warn({ err }, 'evidence claims not released'));
  }

  async function snapshot(job: { id: string; url: string }): Promise<void> {
    const fetchedAt = new Date();
    try {
      const res = await fetcher.fetch(job.url, { maxBytes: deps.maxBytes, signal: closing.signal });
      const type = res.contentType.split(';')[0]!.trim().toLowerCase();
      const key = `${EVIDENCE_FOLDER}/${job.id}${EXTENSIONS[type] ?? '.bin'}`;
      const sha256 = createHash('sha256').update(res.body).digest('hex');
      await driver.put(
        key,
        (async function* () {
          yield new Uint8Array(res.body);
        })(),
      );
      await db
        .update(evidenceSnapshot)
        .set({
          status: 'done',
          finalUrl: res.finalUrl,
          httpStatus: res.status,
          contentType: type || null,
          size: res.body.length,
          sha256,
          path: key,
          fetchedAt,
        })
        .where(eq(evidenceSnapshot._id, job.id));
    } catch (err) {
      if (closing.signal.aborted) return release([job.id]);
      const failure = err instanceof FetchError ? err : undefined;
      await db
        .update(evidenceSnapshot)
        .set({
          status: 'failed',
          httpStatus: failure?.status ?? null,
          error: failure ? `${failure.kind}: ${failure.message}` : String(err),
          fetchedAt,
        })
        .where(eq(evidenceSnapshot._id, job.id))
        .catch((e: unknown) => deps.log?.warn({ err: e }, 'evidence failure not recorded'));
    }
  }

  function idle(): Promise<void> {
    if (active === 0 && queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => idleWaiters.push(resolve));
  }

  const pump = () => {
    while (!closing.signal.aborted && active < EVIDENCE_CONCURRENCY && queue.length > 0) {
      const job = queue.shift()!;
      active++;
      void snapshot(job).finally(() => {
        active--;
        pump();
        if (active === 0 && queue.length === 0) {
          const waiters = idleWaiters;
          idleWaiters = [];
          for (const w of waiters) w();
        }
      });
    }
  };

  return {
    /** Claims the fact-check's new addresses and queues them; answers how many were claimed. */
    async snapshotFactcheck(factcheckId: string): Promise<number> {
      const [row] = await db
        .select({ references: factcheck.references, sources: factcheck.sources })
        .from(factcheck)
        .where(eq(factcheck._id, factcheckId));
      if (!row) return 0;
      const urls = extractUrls(row.references, row.sources);
      if (urls.length === 0) return 0;
      const claimed = await db
        .insert(evidenceSnapshot)
        .values(urls.map((url) => ({ _id: newId(), url, status: 'pending' as const })))
        .onConflictDoNothing()
        .returning({ id: evidenceSnapshot._id, url: evidenceSnapshot.url });
      if (closing.signal.aborted) {
        await release(claimed.map((job) => job.id));
        return 0;
      }
      queue.push(...claimed);
      pump();
      return claimed.length;
    },

    /** The snapshots of these addresses (any status). */
    async snapshotsOf(urls: string[]) {
      if (urls.length === 0) return [];
      return db.select().from(evidenceSnapshot).where(inArray(evidenceSnapshot.url, urls));
    },

    async findSnapshot(id: string) {
      const [row] = await db.select().from(evidenceSnapshot).where(eq(evidenceSnapshot._id, id));
      return row;
    },

    /** Resolves when no snapshot is queued or being fetched (tests). */
    idle,

    /**
     * Stops (shutdown): the fetches under way are abandoned and their addresses, with those still
     * queued, released for a later save to claim again; resolves once none is running. A stop
     * no longer waits for every queued address to be fetched (each up to FETCH_TIMEOUT_MS).
     */
    async close(): Promise<void> {
      closing.abort(new Error('evidence snapshots stopped'));
      await release(queue.splice(0).map((job) => job.id));
      await idle();
    },
  };
}

export type EvidenceService = ReturnType<typeof createEvidenceService>;
