// The browser storage keys of platform §3, plus the panel's own (language, column choices).
export const STORAGE_KEYS = {
  token: 'token',
  /**
   * Platform §3's refresh-token key: no longer written (the token lives in an HttpOnly cookie, ADR
   * 046); a token an older panel left there is moved out at load and exchanged for the cookie.
   */
  legacyRefreshToken: 'refresh_token',
  /** Says the server set the refresh-token cookie (its value is no secret: '1'). */
  sessionCookie: 'session_cookie',
  device: 'device',
  isSidebarOpened: 'isSidebarOpened',
  theme: 'theme',
  /** Platform §4's backup key of an older panel (read once, like legacyRefreshToken). */
  legacyRefreshTokenBackup: 'refresh_token_backup',
  /** Set while the administrator acts as another user (their refresh token waits in a cookie). */
  impersonating: 'impersonating',
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
