import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { articleSlug, factcheckSlug, MAX_SLUG_LENGTH, slugify } from './slug.ts';

describe('slugify', () => {
  it('joins English words in lower case with hyphens and strips punctuation', () => {
    expect(slugify('Hello, World! Fact-check #1 (2024)')).toBe('hello-world-fact-check-1-2024');
    expect(slugify("  --It's   true?? -- ")).toBe('it-s-true');
  });

  it('keeps Arabic letters as written, without diacritics or tatweel', () => {
    expect(slugify('إِسْرَائِيل تقصف مُسْتَشْفَى')).toBe('إسرائيل-تقصف-مستشفى');
    expect(slugify('ســوريا: الحقيقة؟')).toBe('سوريا-الحقيقة');
    expect(slugify('هٰذا، خبر؛ كاذب!')).toBe('هذا-خبر-كاذب');
  });

  it('converts Arabic-Indic and Persian digits', () => {
    expect(slugify('انتخابات ٢٠٢٤ و۱۴۰۳')).toBe('انتخابات-2024-و1403');
  });

  it('folds Turkish and other accented Latin letters to ASCII', () => {
    expect(slugify('İstanbul Çanakkale Şişli Ğ ıslak')).toBe('istanbul-canakkale-sisli-g-islak');
    expect(slugify('Straße Æther Łódź')).toBe('strasse-aether-lodz');
  });

  it('mixes scripts in one slug and drops other scripts', () => {
    expect(slugify('Gaza غزة 2024 Москва')).toBe('gaza-غزة-2024');
    expect(slugify('Москва 😀')).toBe('');
  });

  it('cuts at a word boundary within 80 characters', () => {
    const title = Array.from({ length: 30 }, (_, i) => `word${i}`).join(' ');
    const slug = slugify(title);
    expect(slug.length).toBeLessThanOrEqual(MAX_SLUG_LENGTH);
    expect(title.toLowerCase().replaceAll(' ', '-').startsWith(`${slug}-`)).toBe(true);
    expect(slug.endsWith('-')).toBe(false);
  });

  it('keeps a word ending exactly at 80 characters', () => {
    const slug = slugify(`${'a'.repeat(40)} ${'b'.repeat(39)} c`);
    expect(slug).toBe(`${'a'.repeat(40)}-${'b'.repeat(39)}`);
  });

  it('cuts inside a single word only when it alone is too long', () => {
    expect(slugify('x'.repeat(100))).toBe('x'.repeat(80));
  });

  it('always yields a clean slug', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => {
        const slug = slugify(text);
        expect(slug.length).toBeLessThanOrEqual(MAX_SLUG_LENGTH);
        expect(slug).toMatch(/^(?:[\p{Script=Arabic}a-z0-9]+(?:-[\p{Script=Arabic}a-z0-9]+)*)?$/u);
        expect(slugify(slug)).toBe(slug);
      }),
    );
  });
});

describe('factcheckSlug', () => {
  it('is YYMMDDHHmm in UTC', () => {
    expect(factcheckSlug(new Date('2026-03-05T07:09:59Z'))).toBe('2603050709');
    expect(factcheckSlug(new Date('2009-12-31T23:59:00Z'))).toBe('0912312359');
  });

  it('uses UTC whatever the offset of the input', () => {
    expect(factcheckSlug(new Date('2026-03-05T01:30:00+03:00'))).toBe('2603042230');
  });

  it('rejects an invalid date', () => {
    expect(() => factcheckSlug(new Date('nope'))).toThrow(RangeError);
  });
});

describe('articleSlug', () => {
  it('is YYYY-MM-DD-HHmmss in UTC', () => {
    expect(articleSlug(new Date('2026-03-05T07:09:04Z'))).toBe('2026-03-05-070904');
    expect(articleSlug(new Date('2026-01-01T02:30:00+03:00'))).toBe('2025-12-31-233000');
  });

  it('rejects an invalid date', () => {
    expect(() => articleSlug(new Date(Number.NaN))).toThrow(RangeError);
  });
});
