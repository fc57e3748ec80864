// The only inline scripts a page of this app carries that a browser may run (issue 34, ADR 044).
// The server allows exactly these (their hashes, computed once from this list through the server
// build's entry module) and its own hydration loader; every other inline script of a rendered page
// (React Router's data, or anything an injection could slip into content) is either turned into a
// data block the loader reads or blocked by the CSP. Change a text here and its hash follows.
import { CONSENT_BOOT_SCRIPT } from './lib/consent.ts';
import { THEME_BOOT_SCRIPT } from './lib/theme.ts';

/** Applies the stored theme and consent before the first paint (root.tsx): the one inline script of a public page. */
export const BOOT_SCRIPT = THEME_BOOT_SCRIPT + CONSENT_BOOT_SCRIPT;

/**
 * Hydrated pages only (the back office, /dev; public pages are documents the browser restores
 * itself, ADR 056). React Router's `<ScrollRestoration>` script with its arguments fixed (its storage key, no custom
 * key): on a reload, back to where the reader was before React hydrates. React Router renders its
 * own from the function's source text, which depends on how its package was built.
 */
export const SCROLL_RESTORATION_SCRIPT = `(function(k){var h=window.history;if(!h.state||!h.state.key){h.replaceState({key:Math.random().toString(32).slice(2)},'')}try{var y=JSON.parse(sessionStorage.getItem(k)||'{}')[h.state.key];if(typeof y==='number')window.scrollTo(0,y)}catch(e){console.error(e);sessionStorage.removeItem(k)}})('react-router-scroll-positions')`;

export const INLINE_SCRIPTS: readonly string[] = [BOOT_SCRIPT, SCROLL_RESTORATION_SCRIPT];
