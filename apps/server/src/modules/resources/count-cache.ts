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
  readonly size: number;
}

export function createCountCache(maxEntries = 2000): CountCache {
  const entries = new Map<string, number>();
  return {
    get(key) {
      const value = entries.get(key);
      if (value !== undefined) {
        // Refresh recency: Map keeps insertion order, so re-inserting moves it to the end.
        entries.delete(key);
        entries.set(key, value);
      }
      return value;
    },
    set(key, value) {
      entries.delete(key);
      entries.set(key, value);
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    },
    clear: () => entries.clear(),
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
