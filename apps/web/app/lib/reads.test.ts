import { beforeEach, describe, expect, it, vi } from 'vitest';
import { countReadOnce, READS_TTL_MS } from './reads.ts';

describe('countReadOnce', () => {
  beforeEach(() => localStorage.clear());

  it('posts once per item per browser and remembers when', async () => {
    const post = vi.fn(async () => {});
    expect(await countReadOnce('a1', { isPublished: true, post, now: 1000 })).toBe(true);
    expect(await countReadOnce('a1', { isPublished: true, post, now: 2000 })).toBe(false);
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith('a1');
    expect(localStorage.getItem('reads_a1')).toBe('1000');
  });

  it('never counts unpublished content', async () => {
    const post = vi.fn(async () => {});
    expect(await countReadOnce('d1', { isPublished: false, post })).toBe(false);
    expect(post).not.toHaveBeenCalled();
    expect(localStorage.getItem('reads_d1')).toBeNull();
  });

  it('purges entries older than two days, so the item counts again', async () => {
    const post = vi.fn(async () => {});
    localStorage.setItem('reads_old', '0');
    localStorage.setItem('reads_fresh', String(READS_TTL_MS));
    localStorage.setItem('theme', 'dark');
    await countReadOnce('old', { isPublished: true, post, now: READS_TTL_MS + 1 });
    expect(post).toHaveBeenCalledWith('old');
    expect(localStorage.getItem('reads_fresh')).toBe(String(READS_TTL_MS));
    expect(localStorage.getItem('theme')).toBe('dark');
  });
});
