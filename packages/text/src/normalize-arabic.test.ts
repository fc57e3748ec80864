import { describe, expect, it } from 'vitest';
import { normalizeArabic, removeArabicMarks, toAsciiDigits } from './normalize-arabic.ts';

describe('normalizeArabic', () => {
  it('removes tashkeel so vocalised and plain spellings meet', () => {
    expect(normalizeArabic('إِسْرَائِيل')).toBe(normalizeArabic('اسرائيل'));
    expect(normalizeArabic('مُحَمَّدٌ')).toBe('محمد');
  });

  it('removes superscript alef and Quranic marks', () => {
    expect(normalizeArabic('هٰذا')).toBe('هذا');
    expect(normalizeArabic('الرَّحِيمِ۝')).toBe('الرحيم');
    expect(normalizeArabic('قُرْءَانٗ')).toBe('قرءان');
  });

  it('removes tatweel', () => {
    expect(normalizeArabic('ســوريا')).toBe('سوريا');
    expect(normalizeArabic('الـــحـــقـــيـــقـــة')).toBe('الحقيقه');
  });

  it('folds alef forms to bare alef', () => {
    expect(normalizeArabic('أحمد إبراهيم آمال ٱلله')).toBe('احمد ابراهيم امال الله');
  });

  it('folds alef maksura and teh marbuta', () => {
    expect(normalizeArabic('مستشفى')).toBe(normalizeArabic('مستشفي'));
    expect(normalizeArabic('مدرسة')).toBe(normalizeArabic('مدرسه'));
    expect(normalizeArabic('مدرسة')).toBe('مدرسه');
  });

  it('folds hamza seats ؤ → و and ئ → ي (documented choice)', () => {
    expect(normalizeArabic('مسؤول')).toBe('مسوول');
    expect(normalizeArabic('إسرائيل')).toBe(normalizeArabic('اسراييل'));
    expect(normalizeArabic('شؤون')).toBe('شوون');
    // A bare hamza has no seat to fold.
    expect(normalizeArabic('سماء')).toBe('سماء');
  });

  it('folds Persian yeh and keheh', () => {
    expect(normalizeArabic('کتاب علی')).toBe('كتاب علي');
  });

  it('converts Arabic-Indic and Persian digits', () => {
    expect(normalizeArabic('٢٠٢٤')).toBe('2024');
    expect(normalizeArabic('۱۴۰۳')).toBe('1403');
    expect(normalizeArabic('٠١٢٣٤٥٦٧٨٩ ۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789 0123456789');
  });

  it('removes invisible direction marks and joiners', () => {
    expect(normalizeArabic('\u200Fسوريا\u200E \u061Cغزة\u200C')).toBe('سوريا غزه');
  });

  it('handles decomposed hamza (alef + combining hamza)', () => {
    expect(normalizeArabic('\u0627\u0654حمد')).toBe('احمد');
  });

  it('leaves English and Turkish text unchanged', () => {
    expect(normalizeArabic('Fact-check: İstanbul, Çanakkale 2024')).toBe(
      'Fact-check: İstanbul, Çanakkale 2024',
    );
  });
});

describe('removeArabicMarks', () => {
  it('keeps letter forms, removing only marks and tatweel', () => {
    expect(removeArabicMarks('إِسْرَائِيلـ')).toBe('إسرائيل');
  });
});

describe('toAsciiDigits', () => {
  it('maps every Eastern digit and nothing else', () => {
    expect(toAsciiDigits('عام ٢٠٢٤ / ۲۰۲۵ / 2026')).toBe('عام 2024 / 2025 / 2026');
  });
});
