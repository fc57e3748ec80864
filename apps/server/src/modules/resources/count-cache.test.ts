import { sql } from '@tabayyun/db';
import { describe, expect, it } from 'vitest';
import { createCountCache } from './count-cache.ts';

describe('count cache', () => {
  it('keys by resource, SQL text and parameters', () => {
    const cache = createCountCache();
    const a = cache.keyOf('factcheck', sql`status = ${'published'}`);
    expect(cache.keyOf('factcheck', sql`status = ${'published'}`)).toBe(a);
    expect(cache.keyOf('factcheck', sql`status = ${'draft'}`)).not.toBe(a);
    expect(cache.keyOf('article', sql`status = ${'published'}`)).not.toBe(a);
  });

  it('evicts the least recently used entry beyond its bound and clears', () => {
    const cache = createCountCache(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('remembers a derived answer until the next clear, and keeps none loaded across a clear', async () => {
    const cache = createCountCache();
    let loads = 0;
    const load = async () => [{ count: ++loads }];
    expect(await cache.remember('counts:ar', load)).toEqual([{ count: 1 }]);
    expect(await cache.remember('counts:ar', load)).toEqual([{ count: 1 }]);
    cache.clear();
    expect(await cache.remember('counts:ar', load)).toEqual([{ count: 2 }]);
    // A write lands while the answer is being read: that answer is given, but not kept.
    cache.clear();
    const slow = cache.remember('counts:ar', async () => {
      cache.clear();
      return [{ count: 99 }];
    });
    expect(await slow).toEqual([{ count: 99 }]);
    expect(await cache.remember('counts:ar', load)).toEqual([{ count: 3 }]);
  });
});
