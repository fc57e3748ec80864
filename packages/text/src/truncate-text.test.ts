import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { truncateText } from './truncate-text.ts';

describe('truncateText', () => {
  it('returns short text unchanged, whitespace collapsed', () => {
    expect(truncateText('short text')).toBe('short text');
    expect(truncateText('  a \n b  ')).toBe('a b');
    expect(truncateText('x'.repeat(150))).toBe('x'.repeat(150));
  });

  it('cuts English at a word boundary and appends an ellipsis', () => {
    expect(truncateText('The quick brown fox jumps over the lazy dog', 20)).toBe('The quick brown fox…');
    expect(truncateText('The quick brown fox jumps', 10)).toBe('The quick…');
  });

  it('cuts Arabic at a word boundary', () => {
    const text = 'قالت وزارة الصحة في غزة إن القصف استهدف مستشفى المعمداني';
    const cut = truncateText(text, 25);
    expect(cut).toBe('قالت وزارة الصحة في غزة…');
  });

  it('cuts Turkish at a word boundary', () => {
    expect(truncateText('İstanbul’da yaşanan olayın doğrulaması yapıldı', 30)).toBe(
      'İstanbul’da yaşanan olayın…',
    );
  });

  it('drops punctuation left before the ellipsis', () => {
    expect(truncateText('First clause, second clause goes on', 16)).toBe('First clause…');
    expect(truncateText('هذا خبر، وهذا آخر طويل جدا', 12)).toBe('هذا خبر…');
  });

  it('cuts a single over-long word without splitting a surrogate pair', () => {
    expect(truncateText('abcdefghij', 5)).toBe('abcd…');
    expect(truncateText('😀😀😀😀😀', 4)).toBe('😀…');
  });

  it('defaults to 150 characters', () => {
    const text = 'word '.repeat(60);
    const cut = truncateText(text);
    expect(cut.length).toBeLessThanOrEqual(150);
    expect(cut.endsWith('word…')).toBe(true);
  });

  it('never exceeds max and only appends the ellipsis when cutting', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), fc.integer({ min: 1, max: 200 }), (text, max) => {
        const cut = truncateText(text, max);
        const flat = text.replace(/\s+/g, ' ').trim();
        expect(cut.length).toBeLessThanOrEqual(max);
        if (flat.length <= max) expect(cut).toBe(flat);
        else expect(cut.endsWith('…')).toBe(true);
        expect(cut.isWellFormed()).toBe(true);
      }),
    );
  });
});
