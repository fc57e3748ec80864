// Content changes fan out to every instance through PostgreSQL NOTIFY, so each can drop cached
// pages (the public-site cache subscribes). Publishing never fails a write that has committed.
import type { Database } from '@tabayyun/db';

export const CONTENT_CHANNEL = 'content_changed';

export interface ContentChange {
  resource: string;
  id: string;
}

export function createContentEvents(database: Database) {
  const listeners = new Set<(change: ContentChange) => void>();
  let unlisten: (() => Promise<void>) | undefined;
  let starting: Promise<void> | undefined;

  const start = () => {
    starting ??= database
      .listen(CONTENT_CHANNEL, (payload) => {
        try {
          const change = JSON.parse(payload) as ContentChange;
          for (const l of listeners) l(change);
        } catch {
          // A foreign payload on our channel is ignored.
        }
      })
      .then((stop) => {
        unlisten = stop;
      });
    return starting;
  };

  return {
    publish(resource: string, id: string): void {
      database.notify(CONTENT_CHANNEL, JSON.stringify({ resource, id })).catch(() => {});
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
