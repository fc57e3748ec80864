// Totals of list queries, cached until content changes. Counting a large match exactly costs a
// scan (a third of 100k fact-checks, or a common search word), yet every page of one listing
// shares the same total and totals only change on writes. Every committed write NOTIFYs all
// instances (content-events.ts), and each clears its cache, so a total is never stale for longer
// than the NOTIFY round trip.
import { PgDialect, type SQL } from '@tabayyun/db';

const dialect = new PgDialect();

export interface CountCache {
  get(key: string): number | undefined;
  set(key: string, value: number): void;
  clear(): void;
  keyOf(resource: string, where: SQL | undefined): string;
  /** Another total that only content writes change (e.g. counts per rating): loaded once until then. */
  remember<T>(key: string, load: () => Promise<T>): Promise<T>;
  readonly size: number;
}

export function createCountCache(maxEntries = 2000): CountCache {
  // Totals (numbers) and other derived answers (`remember`), under keys that cannot collide.
  const entries = new Map<string, unknown>();
  /** Bumped by clear(): an answer loaded across a clear is not kept (it may predate the write). */
  let generation = 0;
  const put = (key: string, value: unknown) => {
    entries.delete(key);
    entries.set(key, value);
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
  };
  return {
    get(key) {
      const value = entries.get(key) as number | undefined;
      // Refresh recency: Map keeps insertion order, so re-inserting moves it to the end.
      if (value !== undefined) put(key, value);
      return value;
    },
    set: put,
    async remember<T>(key: string, load: () => Promise<T>) {
      const stored = `remember:${key}`;
      if (entries.has(stored)) return entries.get(stored) as T;
      const loadedIn = generation;
      const value = await load();
      if (generation === loadedIn) put(stored, value);
      return value;
    },
    clear: () => {
      generation++;
      entries.clear();
    },
    keyOf(resource, where) {
      if (!where) return `${resource}:`;
      const { sql, params } = dialect.sqlToQuery(where);
      return `${resource}:${sql}:${JSON.stringify(params)}`;
    },
    get size() {
      return entries.size;
    },
  };
}
