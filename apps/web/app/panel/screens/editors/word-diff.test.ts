import { describe, expect, it } from 'vitest';
import { htmlToText, readableValue, sameValue, tokenize, wordDiff } from './word-diff.ts';

const join = (parts: ReturnType<typeof wordDiff>, kinds: string[]) =>
  parts
    .filter((p) => kinds.includes(p.kind))
    .map((p) => p.text)
    .join('');

describe('word diff', () => {
  it('keeps words and spaces as tokens', () => {
    expect(tokenize(' a  bc\nd')).toEqual([' ', 'a', '  ', 'bc', '\n', 'd']);
    expect(tokenize('')).toEqual([]);
  });

  it('marks the words added and removed, and both sides join back to the texts', () => {
    const before = 'The video is old and unrelated to current events.';
    const after = 'The video is from 2016 and unrelated to the events.';
    const parts = wordDiff(before, after);
    expect(join(parts, ['same', 'removed'])).toBe(before);
    expect(join(parts, ['same', 'added'])).toBe(after);
    expect(parts.filter((p) => p.kind === 'removed').map((p) => p.text.trim())).toEqual(['old', 'current']);
    expect(parts.filter((p) => p.kind === 'added').map((p) => p.text.trim())).toEqual(['from 2016', 'the']);
  });

  it('works on Arabic and on empty sides', () => {
    const parts = wordDiff('الصورة قديمة', 'الصورة حديثة جداً');
    expect(parts[0]).toEqual({ kind: 'same', text: 'الصورة ' });
    expect(join(parts, ['added'])).toContain('حديثة');
    expect(join(parts, ['removed'])).toBe('قديمة');
    expect(wordDiff('', 'new text')).toEqual([{ kind: 'added', text: 'new text' }]);
    expect(wordDiff('old text', '')).toEqual([{ kind: 'removed', text: 'old text' }]);
    expect(wordDiff('same', 'same')).toEqual([{ kind: 'same', text: 'same' }]);
  });

  it('replaces a very long text whole instead of building a huge table', () => {
    const a = Array.from({ length: 3000 }, (_, i) => `a${i}`).join(' ');
    const b = Array.from({ length: 3000 }, (_, i) => `b${i}`).join(' ');
    const parts = wordDiff(a, b);
    expect(parts.map((p) => p.kind)).toEqual(['removed', 'added']);
  });
});

describe('readable values', () => {
  it('reads stored HTML as text', () => {
    expect(htmlToText('<p>One &amp; two</p><p>Three<br>four</p>')).toBe('One & two\nThree\nfour');
    expect(readableValue('<p>صورة من <strong>2013</strong></p>')).toBe('صورة من 2013');
    expect(readableValue('plain < text')).toBe('plain < text');
  });

  it('reads lists, numbers and empty values', () => {
    expect(readableValue(['a', 'b'])).toBe('a\nb');
    expect(readableValue(-3)).toBe('-3');
    expect(readableValue(null)).toBe('');
    expect(readableValue({ category: 'fraud', score: -2 })).toBe('category: fraud\nscore: -2');
  });

  it('compares values regardless of key order; empty values are equal', () => {
    expect(sameValue({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 })).toBe(true);
    expect(sameValue(null, '')).toBe(true);
    expect(sameValue([], null)).toBe(true);
    expect(sameValue('a', 'b')).toBe(false);
  });
});
