// The editor's safety net: while the form is dirty its values are copied to local storage every
// few seconds (one key per record and user); a reload offers them back when they are newer than
// the record; a successful save clears them.
import { local, readStorage, writeStorage } from '../../lib/storage-keys.ts';

export const AUTOSAVE_INTERVAL_MS = 3000;

export interface Autosaved {
  savedAt: number;
  values: Record<string, unknown>;
}

export function autosaveKey(kind: string, id: string | undefined, user: string | undefined): string {
  return `autosave:${kind}:${id ?? 'new'}:${user ?? 'anonymous'}`;
}

export function readAutosave(key: string): Autosaved | null {
  const text = readStorage(local(), key);
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as Autosaved;
    return typeof parsed?.savedAt === 'number' && parsed.values && typeof parsed.values === 'object'
      ? parsed
      : null;
  } catch {
    return null;
  }
}

export function writeAutosave(key: string, values: Record<string, unknown>, now = Date.now()): void {
  writeStorage(local(), key, JSON.stringify({ savedAt: now, values } satisfies Autosaved));
}

export function clearAutosave(key: string): void {
  writeStorage(local(), key, null);
}

/** The copy is worth offering when it is newer than the record's last save. */
export function isNewerThan(saved: Autosaved | null, updatedAt: unknown): saved is Autosaved {
  if (!saved) return false;
  const stamp = updatedAt ? Date.parse(String(updatedAt)) : Number.NaN;
  return Number.isNaN(stamp) || saved.savedAt > stamp;
}
