// Cookie consent (spec §4): unset (the banner shows) or granted. Analytics, comments and social
// embeds stay off until it is granted. Kept in local storage.
export const CONSENT_STORAGE_KEY = 'cookie_consent';
export const CONSENT_EVENT = 'tabayyun:consent';

export type ConsentState = 'unset' | 'granted';

export function readConsent(): ConsentState {
  try {
    return localStorage.getItem(CONSENT_STORAGE_KEY) === 'granted' ? 'granted' : 'unset';
  } catch {
    return 'unset';
  }
}

/**
 * Runs before the first paint (inline in the document head, like the theme script): marks <html>
 * with `data-consent`, so the server-rendered banner shows at once to readers who have not chosen
 * yet and never flashes for the others. Without JavaScript there is no attribute and no banner
 * (nothing to consent to: analytics and comments need JavaScript). Tiny and free of imports.
 */
export const CONSENT_BOOT_SCRIPT = `try{document.documentElement.setAttribute('data-consent',localStorage.getItem('${CONSENT_STORAGE_KEY}')==='granted'?'granted':'unset')}catch(e){document.documentElement.setAttribute('data-consent','unset')}`;

export function grantConsent(): void {
  document.documentElement.setAttribute('data-consent', 'granted');
  try {
    localStorage.setItem(CONSENT_STORAGE_KEY, 'granted');
  } catch {
    // Private mode without storage: consent lasts for this page only.
  }
  window.dispatchEvent(new CustomEvent(CONSENT_EVENT));
}

export function hasConsent(): boolean {
  return readConsent() === 'granted';
}
