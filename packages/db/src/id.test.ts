import { describe, expect, it } from 'vitest';
import { ID_PATTERN, idTimestamp, newId } from './id.ts';

describe('newId', () => {
  it('is 24 lowercase hex characters', () => {
    for (let i = 0; i < 100; i++) expect(newId()).toMatch(/^[0-9a-f]{24}$/);
    expect(ID_PATTERN.test(newId())).toBe(true);
  });

  it('starts with the creation time in seconds', () => {
    const at = new Date('2026-11-22T10:00:00.900Z');
    const id = newId(at);
    expect(id.slice(0, 8)).toBe((Math.floor(at.getTime() / 1000) >>> 0).toString(16));
    expect(idTimestamp(id).toISOString()).toBe('2026-11-22T10:00:00.000Z');
  });

  it('sorts by creation time across seconds', () => {
    const earlier = newId(new Date('2026-01-01T00:00:00Z'));
    const later = newId(new Date('2026-01-01T00:00:01Z'));
    const much_later = newId(new Date('2030-06-01T00:00:00Z'));
    expect([much_later, later, earlier].sort()).toEqual([earlier, later, much_later]);
  });

  it('is unique and increasing within one process and one second', () => {
    const at = new Date('2026-01-01T00:00:00Z');
    const ids = Array.from({ length: 10_000 }, () => newId(at));
    expect(new Set(ids).size).toBe(ids.length);
    const increasing = ids.slice(1).filter((id, i) => id > ids[i]!).length;
    // The 3-byte counter may wrap once in 16M ids.
    expect(increasing).toBeGreaterThanOrEqual(ids.length - 2);
  });
});
