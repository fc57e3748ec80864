import { describe, expect, it } from 'vitest';
import { formatPublishedDate } from './dates.ts';

const AR = { morning: 'ص', evening: 'م', dateComma: '،' };
const EN = { morning: 'AM', evening: 'PM', dateComma: ',' };

describe('formatPublishedDate', () => {
  it('formats in the newsroom time zone with the language names of the day period', () => {
    // 11:05 UTC is 14:05 in Damascus (UTC+3).
    expect(formatPublishedDate('2024-01-06T11:05:00.000Z', EN)).toBe('2024-01-06, 2:05 PM');
    expect(formatPublishedDate('2024-01-06T11:05:00.000Z', AR)).toBe('2024-01-06، 2:05 م');
    expect(formatPublishedDate('2024-01-06T04:30:00.000Z', AR)).toBe('2024-01-06، 7:30 ص');
  });

  it('gives the same text from its memory of a date as the first time, for any language', () => {
    const iso = '2025-03-09T21:59:00.000Z';
    const first = formatPublishedDate(iso, EN);
    expect(formatPublishedDate(iso, EN)).toBe(first);
    expect(formatPublishedDate(iso, AR)).toBe(first.replace(',', '،').replace('AM', 'ص'));
  });

  it('stays right past the number of dates it keeps (Damascus has kept UTC+3 since late 2022)', () => {
    for (let day = 0; day < 2500; day++) {
      const date = new Date(Date.UTC(2023, 0, 1, 9) + day * 86_400_000);
      const iso = date.toISOString();
      expect(formatPublishedDate(iso, EN)).toBe(`${iso.slice(0, 10)}, 12:00 PM`);
    }
    expect(formatPublishedDate('2024-01-06T11:05:00.000Z', EN)).toBe('2024-01-06, 2:05 PM');
  });

  it('answers an empty text for a date it cannot read', () => {
    expect(formatPublishedDate('not a date', EN)).toBe('');
    expect(formatPublishedDate('not a date', EN)).toBe('');
  });
});
