import { beforeEach, describe, expect, it } from 'vitest';
import { trackPageView } from './analytics.ts';
import { CONSENT_BOOT_SCRIPT, CONSENT_EVENT, hasConsent } from './consent.ts';

/** Runs the head script as the browser does, on a page with the banner's button. */
function bootWithBanner(): HTMLButtonElement {
  document.body.innerHTML =
    '<section class="cookie-banner"><p>cookies</p><button type="button" data-consent-accept=""><span>Accept</span></button></section>';
  new Function(CONSENT_BOOT_SCRIPT)();
  return document.querySelector('button')!;
}

describe('cookie consent before React', () => {
  beforeEach(() => {
    localStorage.clear();
    document.documentElement.removeAttribute('data-consent');
    window.__tabayyunPageViews = [];
  });

  it('marks a reader who has not chosen, and grants consent from the button with no React on the page', () => {
    const button = bootWithBanner();
    expect(document.documentElement.dataset.consent).toBe('unset');
    expect(trackPageView('/')).toBe(false);
    let events = 0;
    window.addEventListener(CONSENT_EVENT, () => events++);
    button.querySelector('span')!.click();
    expect(document.documentElement.dataset.consent).toBe('granted');
    expect(hasConsent()).toBe(true);
    expect(events).toBe(1);
    expect(trackPageView('/en/sources')).toBe(true);
  });

  it('marks a reader who has chosen before, and ignores clicks elsewhere', () => {
    localStorage.setItem('cookie_consent', 'granted');
    bootWithBanner();
    expect(document.documentElement.dataset.consent).toBe('granted');
    localStorage.clear();
    document.querySelector('p')!.click();
    expect(hasConsent()).toBe(false);
  });
});
