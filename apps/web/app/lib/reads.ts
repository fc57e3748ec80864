// Read counts (spec §4): the browser posts `count/read` once per item, for published content only,
// and remembers it in local storage as `reads_<id>` = timestamp; entries older than 2 days are purged.
export const READS_PREFIX = 'reads_';
export const READS_TTL_MS = 2 * 24 * 60 * 60 * 1000;

export function purgeOldReads(storage: Storage, now = Date.now()): void {
  const stale: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (!key?.startsWith(READS_PREFIX)) continue;
    const at = Number(storage.getItem(key));
    if (!Number.isFinite(at) || now - at > READS_TTL_MS) stale.push(key);
  }
  for (const key of stale) storage.removeItem(key);
}

/**
 * Counts one read of `id` unless this browser already did within two days. Returns true when it
 * posted. `post` is injectable for tests.
 */
export async function countReadOnce(
  id: string,
  opts: {
    isPublished: boolean;
    storage?: Storage;
    now?: number;
    post?: (id: string) => Promise<unknown>;
  },
): Promise<boolean> {
  if (!opts.isPublished) return false;
  const storage = opts.storage ?? localStorage;
  const now = opts.now ?? Date.now();
  purgeOldReads(storage, now);
  const key = `${READS_PREFIX}${id}`;
  if (storage.getItem(key) !== null) return false;
  storage.setItem(key, String(now));
  const post = opts.post ?? postRead;
  try {
    await post(id);
  } catch {
    // A lost count is harmless; do not retry on every page load.
  }
  return true;
}

async function postRead(id: string): Promise<void> {
  await fetch('/api/count/read', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ _id: id }),
    keepalive: true,
  });
}
