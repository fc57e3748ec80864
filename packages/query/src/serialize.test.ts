import { describe, expect, it } from 'vitest';
import type { Condition, Query } from './ast.ts';
import { parseQuery } from './parse.ts';
import { QueryError } from './query-error.ts';
import { serializeQuery, toSearchParams } from './serialize.ts';

function one(condition: Condition): Query {
  return { where: [{ any: [condition] }] };
}

function decoded(query: Query): string {
  return decodeURIComponent(serializeQuery(query).replaceAll('+', ' '));
}

function errorOf(query: Query): QueryError {
  try {
    serializeQuery(query);
  } catch (error) {
    if (error instanceof QueryError) return error;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(query)} to be refused`);
}

describe('serializeQuery', () => {
  it('writes an empty query as an empty string', () => {
    expect(serializeQuery({ where: [] })).toBe('');
  });

  it('writes reserved keys after the filters', () => {
    const query: Query = {
      page: 2,
      perPage: 50,
      sort: { field: 'publishedAt', direction: 'desc' },
      select: { mode: 'exclude', fields: ['body', 'claims'] },
      lookup: ['author', 'category'],
      where: [{ any: [{ kind: 'compare', field: 'status', op: 'eq', value: 'published' }] }],
    };
    expect(decoded(query)).toBe(
      'status=published&sort_by=-publishedAt&select=!body,!claims&lookup=author;category&page=2&per_page=50',
    );
    expect(
      decoded({
        where: [],
        sort: { field: 'title', direction: 'asc' },
        select: { mode: 'include', fields: ['a'] },
      }),
    ).toBe('sort_by=title&select=a');
  });

  it('writes equality plainly when it reads back as equality', () => {
    expect(decoded(one({ kind: 'compare', field: 'a', op: 'eq', value: 'x=y,z;*w' }))).toBe('a=x=y,z;*w');
  });

  it.each(['', '{x}', '*x', 'x*', '*'])('writes equality with %j as {eq}', (value) => {
    expect(decoded(one({ kind: 'compare', field: 'a', op: 'eq', value }))).toBe(`a={eq}${value}`);
  });

  it('writes other comparisons, lists, between and exists with their operator', () => {
    expect(decoded(one({ kind: 'compare', field: 'n', op: 'gte', value: '5' }))).toBe('n={gte}5');
    expect(decoded(one({ kind: 'list', field: 't', op: 'nin', values: ['a', 'b'] }))).toBe('t={nin}a,b');
    expect(decoded(one({ kind: 'between', field: 'd', from: '1', to: '2' }))).toBe('d={btw}1,2');
    expect(decoded(one({ kind: 'exists', field: 'i', exists: true }))).toBe('i={exists}');
    expect(decoded(one({ kind: 'exists', field: 'i', exists: false }))).toBe('i={exists}false');
  });

  it('writes wildcards', () => {
    expect(decoded(one({ kind: 'like', field: 'a', mode: 'contains', value: 'غزة' }))).toBe('a=*غزة*');
    expect(decoded(one({ kind: 'like', field: 'a', mode: 'startsWith', value: 'x' }))).toBe('a=x*');
    expect(decoded(one({ kind: 'like', field: 'a', mode: 'endsWith', value: 'x' }))).toBe('a=*x');
    expect(decoded(one({ kind: 'like', field: 'a', mode: 'contains', value: '*' }))).toBe('a=***');
  });

  it('writes alternatives, switching field only when needed', () => {
    const query: Query = {
      where: [
        {
          any: [
            { kind: 'like', field: 'title', mode: 'contains', value: 'q' },
            { kind: 'like', field: 'claimsNormalized', mode: 'contains', value: 'q' },
            { kind: 'compare', field: 'claimsNormalized', op: 'eq', value: 'r' },
            { kind: 'compare', field: 'claimsNormalized', op: 'eq', value: 'k=v' },
            { kind: 'like', field: 'claimsNormalized', mode: 'startsWith', value: 'k=v' },
          ],
        },
      ],
    };
    expect(decoded(query)).toBe('title=*q*|claimsNormalized=*q*|r|{eq}k=v|claimsNormalized=k=v*');
    expect(parseQuery(serializeQuery(query))).toEqual(query);
  });

  it('encodes with URLSearchParams so the text survives a round trip', () => {
    const query = one({ kind: 'compare', field: 'q', op: 'eq', value: 'a b&c=d%e+f#g?h' });
    expect(serializeQuery(query)).toBe('q=a+b%26c%3Dd%25e%2Bf%23g%3Fh');
    expect(parseQuery(serializeQuery(query))).toEqual(query);
  });

  it('returns the same pairs from toSearchParams', () => {
    const query = parseQuery('a=1&a=2|b=3&page=4');
    expect([...toSearchParams(query)]).toEqual([
      ['a', '1'],
      ['a', '2|b=3'],
      ['page', '4'],
    ]);
  });

  describe('refuses what cannot be written', () => {
    it.each<[string, Condition]>([
      ['a | in an equality', { kind: 'compare', field: 'a', op: 'eq', value: 'x|y' }],
      ['a | in a wildcard', { kind: 'like', field: 'a', mode: 'contains', value: 'x|y' }],
      ['a | in a list item', { kind: 'list', field: 'a', op: 'in', values: ['x|y'] }],
      ['a , in a list item', { kind: 'list', field: 'a', op: 'in', values: ['x,y'] }],
      ['an empty list item', { kind: 'list', field: 'a', op: 'all', values: [''] }],
      ['an empty list', { kind: 'list', field: 'a', op: 'in', values: [] }],
      ['a , in between', { kind: 'between', field: 'a', from: '1,5', to: '2' }],
      ['an empty between bound', { kind: 'between', field: 'a', from: '1', to: '' }],
      ['an empty wildcard', { kind: 'like', field: 'a', mode: 'contains', value: '' }],
      ['startsWith a leading *', { kind: 'like', field: 'a', mode: 'startsWith', value: '*x' }],
      ['startsWith a lone *', { kind: 'like', field: 'a', mode: 'startsWith', value: '*' }],
      ['startsWith a leading {', { kind: 'like', field: 'a', mode: 'startsWith', value: '{x' }],
      ['endsWith a trailing *', { kind: 'like', field: 'a', mode: 'endsWith', value: 'x*' }],
      ['a lone surrogate', { kind: 'compare', field: 'a', op: 'eq', value: '\uD800' }],
      ['an invalid field name', { kind: 'compare', field: 'a-b', op: 'eq', value: 'x' }],
    ])('%s', (_, condition) => {
      expect(errorOf(one(condition)).key).toBe(condition.field);
    });

    it('an invalid field in a later alternative', () => {
      const query: Query = {
        where: [
          {
            any: [
              { kind: 'compare', field: 'a', op: 'eq', value: 'x' },
              { kind: 'compare', field: '9', op: 'eq', value: 'y' },
            ],
          },
        ],
      };
      expect(errorOf(query).key).toBe('9');
    });

    it('a clause starting on a reserved key', () => {
      expect(errorOf(one({ kind: 'compare', field: 'page', op: 'eq', value: '1' })).key).toBe('page');
    });

    it('an empty clause', () => {
      expect(errorOf({ where: [{ any: [] }] }).code).toBe('INVALID_QUERY');
    });

    it.each<[string, Query]>([
      ['page', { where: [], page: 0 }],
      ['page', { where: [], page: 1.5 }],
      ['per_page', { where: [], perPage: 501 }],
      ['per_page', { where: [], perPage: 0 }],
      ['sort_by', { where: [], sort: { field: '-a', direction: 'asc' } }],
      ['select', { where: [], select: { mode: 'include', fields: [] } }],
      ['select', { where: [], select: { mode: 'exclude', fields: ['!a'] } }],
      ['lookup', { where: [], lookup: [] }],
      ['lookup', { where: [], lookup: ['a;b'] }],
    ])('a bad %s', (key, query) => {
      expect(errorOf(query).key).toBe(key);
    });
  });
});
