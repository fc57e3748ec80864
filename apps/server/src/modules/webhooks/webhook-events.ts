// Which partner event a committed write is (issue 36 §3): a fact-check or article published,
// updated while published, withdrawn (unpublished or deleted), a correction added to one, or a feed
// item created.

export const WEBHOOK_EVENTS = ['published', 'updated', 'corrected', 'withdrawn', 'feed.created'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const isWebhookEvent = (v: unknown): v is WebhookEvent =>
  typeof v === 'string' && (WEBHOOK_EVENTS as readonly string[]).includes(v);

const PUBLISHABLE = new Set(['factcheck', 'article']);

/** Fields of the stored record that change on every write without a reader seeing a difference. */
const BOOKKEEPING = new Set(['updatedAt', '_version', 'version', 'updatedBy', 'lockedBy', 'lockedAt']);

const isPublished = (doc: Record<string, unknown> | undefined) =>
  doc !== undefined && doc.status === 'published' && !doc.deletedAt && !doc.disabledAt;

function differs(before: Record<string, unknown>, after: Record<string, unknown>): boolean {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  for (const k of keys) {
    if (BOOKKEEPING.has(k)) continue;
    if (JSON.stringify(before[k] ?? null) !== JSON.stringify(after[k] ?? null)) return true;
  }
  return false;
}

export function eventOf(
  resource: string,
  records: { before?: Record<string, unknown> | undefined; after?: Record<string, unknown> | undefined },
): WebhookEvent | undefined {
  const { before, after } = records;
  if (resource === 'feed') return !before && after ? 'feed.created' : undefined;
  if (resource === 'correction') return !before && after ? 'corrected' : undefined;
  if (!PUBLISHABLE.has(resource)) return undefined;
  const was = isPublished(before);
  const is = isPublished(after);
  if (!was && is) return 'published';
  if (was && !is) return 'withdrawn';
  if (was && is && before && after && differs(before, after)) return 'updated';
  return undefined;
}
