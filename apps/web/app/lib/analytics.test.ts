import { beforeEach, describe, expect, it } from 'vitest';
import { trackPageView } from './analytics.ts';
import { applyTheme, parseTheme } from './theme.ts';

describe('trackPageView', () => {
  beforeEach(() => {
    localStorage.clear();
    window.__tabayyunPageViews = [];
  });

  it('records nothing before consent', () => {
    expect(trackPageView('/')).toBe(false);
    expect(window.__tabayyunPageViews).toEqual([]);
  });

  it('records views after consent, except under /panel', () => {
    localStorage.setItem('cookie_consent', 'granted');
    expect(trackPageView('/en/sources', 5)).toBe(true);
    expect(trackPageView('/panel/dashboard')).toBe(false);
    expect(trackPageView('/panel')).toBe(false);
    expect(trackPageView('/panels-of-experts')).toBe(true);
    expect(window.__tabayyunPageViews?.map((v) => v.path)).toEqual(['/en/sources', '/panels-of-experts']);
  });
});

describe('theme', () => {
  it('reads System by default and applies explicit choices to <html>', () => {
    expect(parseTheme(null)).toBe('system');
    expect(parseTheme('DARK')).toBe('dark');
    expect(parseTheme('sepia')).toBe('system');
    applyTheme('dark');
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
    applyTheme('system');
    expect(document.documentElement.hasAttribute('data-theme')).toBe(false);
  });
});
