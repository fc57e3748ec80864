// The browser storage keys of platform §3, plus the panel's own (language, column choices).
export const STORAGE_KEYS = {
  token: 'token',
  refreshToken: 'refresh_token',
  device: 'device',
  isSidebarOpened: 'isSidebarOpened',
  theme: 'theme',
  /** Holds the admin's refresh token while impersonating (platform §4). */
  refreshTokenBackup: 'refresh_token_backup',
  /** The interface language of the back office (ar or en). */
  panelLanguage: 'panelLanguage',
} as const;

/** Reads a key; storage may be unavailable (private mode, blocked cookies). */
export function readStorage(storage: Storage | undefined, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(storage: Storage | undefined, key: string, value: string | null): void {
  try {
    if (value === null) storage?.removeItem(key);
    else storage?.setItem(key, value);
  } catch {
    // Storage unavailable: the value lasts for this page only.
  }
}

export const local = (): Storage | undefined =>
  typeof localStorage === 'undefined' ? undefined : localStorage;
export const session = (): Storage | undefined =>
  typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
