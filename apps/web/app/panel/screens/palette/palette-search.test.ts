import { describe, expect, it } from 'vitest';
import { foldText, matches, SEARCH_SOURCES, searchParams } from './palette-search.ts';

describe('command palette search', () => {
  it('matches Arabic without diacritics and with any alef, and every word of the query', () => {
    expect(foldText('التحقّقات')).toBe('التحققات');
    expect(matches('التحققات قيد', ['التحقّقات · قيد المراجعة'])).toBe(true);
    expect(matches('الاخبار', ['الأخبار الواردة'])).toBe(true);
    expect(matches('roles', ['Settings · Roles'])).toBe(true);
    expect(matches('roles users', ['Settings · Roles'])).toBe(false);
    expect(matches('', ['anything'])).toBe(true);
  });

  it('searches five of each kind and opens the right screen', () => {
    const [factcheck, , feed, user] = SEARCH_SOURCES;
    expect(searchParams(factcheck!, ' bread ')).toEqual({
      search: 'bread',
      searchField: 'title',
      per_page: 5,
      select: '_id,title,status',
    });
    expect(factcheck!.link({ _id: 'abc' })).toBe('/panel/factcheck/edit/abc');
    expect(feed!.link({ _id: 'f1' })).toBe('/panel/feeds/edit/f1');
    expect(user!.searchField).toBe('name,email');
    expect(user!.link({ email: 'a+b@x.org' })).toBe('/panel/users?q=a%2Bb%40x.org');
  });
});
