// Content changes fan out to every instance through PostgreSQL NOTIFY, so each can drop cached
// pages (the public-site cache subscribes) and totals. Each change carries the cache tags it touched
// (content-tags.ts, ADR 016): a write readers cannot see carries none. Publishing never fails a
// write that has committed.
//
// The writing instance tells its own listeners at once, before the write answers (issue 33 §4): a
// reader's GET sent right after an unpublish's 200 must not get the cached page, and the NOTIFY
// comes back ~100 ms later on PostgreSQL. Each payload names the instance that sent it, which
// ignores its own when it comes back.
import { randomUUID } from 'node:crypto';
import type { Database } from '@tabayyun/db';
import { ALL_TAG, changeTags, PRIVATE_RESOURCES } from './content-tags.ts';

export const CONTENT_CHANNEL = 'content_changed';

/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more: larger tag sets say "everything". */
const MAX_PAYLOAD_BYTES = 7000;

export interface ContentChange {
  resource: string;
  id: string;
  /** Cache tags the write touched; empty when readers see no difference. */
  tags: string[];
  /** Readers saw the record before and not after (unpublished, deleted): drop, never serve stale. */
  hard: boolean;
  /** The instance that wrote it (absent: an older instance). */
  origin?: string | undefined;
}

/** The stored record before and after a write (absent: created, or deleted). */
export interface ChangedRecords {
  before?: Record<string, unknown> | undefined;
  after?: Record<string, unknown> | undefined;
}

/** A payload from the channel; one without tags (an older instance) touches every page. */
export function parseContentChange(payload: string): ContentChange | undefined {
  const raw = JSON.parse(payload) as Partial<ContentChange>;
  if (typeof raw?.resource !== 'string' || typeof raw.id !== 'string') return undefined;
  const tags = Array.isArray(raw.tags)
    ? raw.tags.filter((t): t is string => typeof t === 'string')
    : PRIVATE_RESOURCES.has(raw.resource)
      ? []
      : [ALL_TAG];
  const origin = typeof raw.origin === 'string' ? raw.origin : undefined;
  return { resource: raw.resource, id: raw.id, tags, hard: raw.hard === true, origin };
}

export function encodeContentChange(
  resource: string,
  id: string,
  records: ChangedRecords,
  origin?: string,
): string {
  const { tags, hard } = changeTags(resource, records.before, records.after);
  const payload = JSON.stringify({ resource, id, tags, hard, origin });
  if (Buffer.byteLength(payload) < MAX_PAYLOAD_BYTES) return payload;
  return JSON.stringify({ resource, id, tags: [ALL_TAG], hard, origin });
}

export function createContentEvents(database: Database) {
  const listeners = new Set<(change: ContentChange) => void>();
  /** This instance: its own changes reach its listeners at once, not again through NOTIFY. */
  const self = randomUUID();
  const dispatch = (change: ContentChange) => {
    for (const l of listeners) {
      try {
        l(change);
      } catch {
        // A listener's failure never fails the committed write, nor the other listeners.
      }
    }
  };
  let unlisten: (() => Promise<void>) | undefined;
  let starting: Promise<void> | undefined;

  const start = () => {
    starting ??= database
      .listen(CONTENT_CHANNEL, (payload) => {
        let change: ContentChange | undefined;
        try {
          change = parseContentChange(payload);
        } catch {
          // A foreign payload on our channel is ignored.
        }
        if (change && change.origin !== self) dispatch(change);
      })
      .then((stop) => {
        unlisten = stop;
      });
    return starting;
  };

  return {
    /**
     * After a committed write, before it answers: this instance's listeners hear it now, the others
     * through NOTIFY. `records` decides which cached pages it touches (none if absent).
     */
    publish(resource: string, id: string, records: ChangedRecords = {}): void {
      const payload = encodeContentChange(resource, id, records, self);
      database.notify(CONTENT_CHANNEL, payload).catch(() => {});
      const change = parseContentChange(payload);
      if (change) dispatch(change);
    },
    async subscribe(listener: (change: ContentChange) => void): Promise<() => void> {
      listeners.add(listener);
      await start();
      return () => listeners.delete(listener);
    },
    async close(): Promise<void> {
      listeners.clear();
      await unlisten?.();
    },
  };
}
