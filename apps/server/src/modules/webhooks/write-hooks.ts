// Committed writes, on the instance that made them (issue 36 §3). The content events
// (content-events.ts) reach every instance but carry only cache tags; a webhook event must be
// enqueued once, with the records before and after the write, so it listens here: the resource
// service's onChange (services.ts) and the feed items monitoring writes directly.

export interface WrittenRecords {
  before?: Record<string, unknown> | undefined;
  after?: Record<string, unknown> | undefined;
}

export type WriteListener = (resource: string, id: string, records: WrittenRecords) => void;

export function createWriteHooks() {
  const listeners = new Set<WriteListener>();
  const emit: WriteListener = (resource, id, records) => {
    for (const l of listeners) {
      try {
        l(resource, id, records);
      } catch {
        // A listener's failure never fails the committed write.
      }
    }
  };
  return {
    emit,
    /** Feed items written outside the resource service (media-source runs): each one is new. */
    feedItemsCreated(ids: readonly string[]): void {
      for (const id of ids) emit('feed', id, { after: { _id: id } });
    },
    subscribe(listener: WriteListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type WriteHooks = ReturnType<typeof createWriteHooks>;
