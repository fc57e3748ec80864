import { describe, expect, it } from 'vitest';
import { directionOf, homePathOf, languageFromPath } from './language.ts';
import { messagesFor, resultCountText } from './messages.ts';

describe('languageFromPath', () => {
  it('reads Arabic at the root and English or Turkish under their prefix', () => {
    expect(languageFromPath('/')).toBe('ar');
    expect(languageFromPath('/factchecks/some-slug')).toBe('ar');
    expect(languageFromPath('/en')).toBe('en');
    expect(languageFromPath('/en/factchecks/x')).toBe('en');
    expect(languageFromPath('/tr/')).toBe('tr');
  });

  it('matches the prefix case-insensitively, like the routes, but only as a whole segment', () => {
    expect(languageFromPath('/EN/about')).toBe('en');
    expect(languageFromPath('/english')).toBe('ar');
    expect(languageFromPath('/entr')).toBe('ar');
  });
});

describe('directionOf and homePathOf', () => {
  it('writes Arabic right to left and links each language to its own home', () => {
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('en')).toBe('ltr');
    expect(directionOf('tr')).toBe('ltr');
    expect(homePathOf('ar')).toBe('/');
    expect(homePathOf('tr')).toBe('/tr');
  });
});

describe('messagesFor', () => {
  it('names the product in each language', () => {
    expect(messagesFor('ar').siteName).toBe('تبيَّن');
    expect(messagesFor('en').notFoundTitle).toBe('Page Not Found');
    expect(messagesFor('ar').notFoundTitle).toBe('الصفحة غير موجودة');
  });
});

describe('resultCountText', () => {
  it("words a count in each language's plural forms", () => {
    expect([1, 2, 3, 10, 11, 99, 100, 102].map((n) => resultCountText('ar', n))).toEqual([
      'نتيجة واحدة',
      'نتيجتان',
      '3 نتائج',
      '10 نتائج',
      '11 نتيجة',
      '99 نتيجة',
      '100 نتيجة',
      '102 نتيجة',
    ]);
    expect([1, 2, 21].map((n) => resultCountText('en', n))).toEqual(['1 result', '2 results', '21 results']);
    expect([1, 7].map((n) => resultCountText('tr', n))).toEqual(['1 sonuç', '7 sonuç']);
  });
});
