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

export function grantConsent(): void {
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
