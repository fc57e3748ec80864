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

/** Marks the control that grants consent (the banner's button); the boot script handles its clicks. */
export const CONSENT_ACCEPT_ATTRIBUTE = 'data-consent-accept';

/**
 * Runs before the first paint, inline in the document head like the theme script, so consent works
 * from the first paint, long before React hydrates (hydration waits for the page to load, ADR 010):
 * - marks <html> with `data-consent` (`unset` or `granted`): CSS shows the server-rendered banner
 *   only under `unset`, so it shows at once to readers who have not chosen and never flashes for
 *   the others;
 * - a click on any `[data-consent-accept]` grants consent: it is stored, the attribute flips (CSS
 *   hides the banner at once) and CONSENT_EVENT tells analytics, comments and the banner.
 * Without JavaScript there is no attribute and no banner (nothing to consent to: analytics and
 * comments need JavaScript). Tiny and free of imports.
 */
export const CONSENT_BOOT_SCRIPT = `(function(d,k){var r=d.documentElement;function mark(v){r.setAttribute('data-consent',v)}try{mark(localStorage.getItem(k)==='granted'?'granted':'unset')}catch(e){mark('unset')}d.addEventListener('click',function(e){var t=e.target;if(!t||!t.closest||!t.closest('[${CONSENT_ACCEPT_ATTRIBUTE}]'))return;mark('granted');try{localStorage.setItem(k,'granted')}catch(e){}window.dispatchEvent(new CustomEvent('${CONSENT_EVENT}'))})})(document,'${CONSENT_STORAGE_KEY}')`;

export function hasConsent(): boolean {
  return readConsent() === 'granted';
}
