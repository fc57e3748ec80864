import { describe, expect, it } from 'vitest';
import { languageTarget } from './language-switcher.tsx';

describe('languageTarget', () => {
  it('goes to the linked translation when one exists', () => {
    const translations = [
      { language: 'ar' as const, href: 'https://example.org/factcheck/2401050700' },
      { language: 'en' as const, href: 'https://example.org/en/factcheck/2401060830' },
    ];
    expect(languageTarget('en', '/factcheck/2401050700', '', translations)).toBe('/en/factcheck/2401060830');
    expect(languageTarget('tr', '/factcheck/2401050700', '', translations)).toBe('/tr');
  });

  it('keeps the address of pages that exist in every language', () => {
    expect(languageTarget('en', '/category/fraud', '?page=2', undefined)).toBe('/en/category/fraud?page=2');
    expect(languageTarget('ar', '/tr/about-us', '', undefined)).toBe('/about-us');
    expect(languageTarget('ar', '/en', '', undefined)).toBe('/');
  });
});
