import { describe, expect, it } from 'vitest';
import type { Condition } from './ast.ts';
import { parseQuery } from './parse.ts';
import { QueryError } from './query-error.ts';

function conditionsOf(input: string): Condition[][] {
  return parseQuery(input).where.map((clause) => clause.any);
}

function errorOf(input: Parameters<typeof parseQuery>[0]): QueryError {
  try {
    parseQuery(input);
  } catch (error) {
    if (error instanceof QueryError) return error;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(input)} to be rejected`);
}

describe('parseQuery: inputs', () => {
  it('reads an empty query', () => {
    expect(parseQuery('')).toEqual({ where: [] });
    expect(parseQuery('?')).toEqual({ where: [] });
    expect(parseQuery({})).toEqual({ where: [] });
  });

  it('reads a string with or without ?, URLSearchParams and records alike', () => {
    const expected = parseQuery('status=published&page=2');
    expect(parseQuery('?status=published&page=2')).toEqual(expected);
    expect(parseQuery(new URLSearchParams({ status: 'published', page: '2' }))).toEqual(expected);
    expect(parseQuery({ status: 'published', page: '2' })).toEqual(expected);
  });

  it('reads record arrays as repeated keys', () => {
    expect(parseQuery({ tags: ['a', 'b'] }).where).toEqual([
      { any: [{ kind: 'compare', field: 'tags', op: 'eq', value: 'a' }] },
      { any: [{ kind: 'compare', field: 'tags', op: 'eq', value: 'b' }] },
    ]);
  });

  it('URL-decodes exactly once', () => {
    expect(conditionsOf('title=%D8%BA%D8%B2%D8%A9+news')).toEqual([
      [{ kind: 'compare', field: 'title', op: 'eq', value: 'غزة news' }],
    ]);
    expect(conditionsOf('title=100%2525')).toEqual([
      [{ kind: 'compare', field: 'title', op: 'eq', value: '100%25' }],
    ]);
    expect(parseQuery({ title: 'a%20b' }).where[0]?.any[0]).toMatchObject({ value: 'a%20b' });
  });
});

describe('parseQuery: reserved keys', () => {
  it('reads page and per_page', () => {
    expect(parseQuery('page=3&per_page=500')).toEqual({ page: 3, perPage: 500, where: [] });
    expect(parseQuery('per_page=1')).toEqual({ perPage: 1, where: [] });
  });

  it.each(['0', '-1', '1.5', 'abc', '', ' 1', '1e3', '0x10', '99999999999999999999'])(
    'rejects page=%j',
    (raw) => {
      expect(errorOf({ page: raw }).key).toBe('page');
    },
  );

  it.each(['0', '501', 'ten', ''])('rejects per_page=%j', (raw) => {
    expect(errorOf({ per_page: raw }).key).toBe('per_page');
  });

  it('reads every sort form', () => {
    expect(parseQuery('sort_by=-publishedAt').sort).toEqual({ field: 'publishedAt', direction: 'desc' });
    expect(parseQuery('sort_by=title').sort).toEqual({ field: 'title', direction: 'asc' });
    expect(parseQuery('sort_by=title,asc').sort).toEqual({ field: 'title', direction: 'asc' });
    expect(parseQuery('sort_by=author.name,desc').sort).toEqual({ field: 'author.name', direction: 'desc' });
  });

  it.each(['', '-', 'a,b', 'a,up', 'a,', '-a,desc', 'a,asc,desc', '1a', 'a b', '+a'])(
    'rejects sort_by=%j',
    (raw) => {
      expect(errorOf({ sort_by: raw }).key).toBe('sort_by');
    },
  );

  it('reads include and exclude selects', () => {
    expect(parseQuery('select=title,author.name').select).toEqual({
      mode: 'include',
      fields: ['title', 'author.name'],
    });
    expect(parseQuery('select=!body,!claims').select).toEqual({
      mode: 'exclude',
      fields: ['body', 'claims'],
    });
  });

  it.each(['', 'a,!b', '!a,b', 'a,,b', '!', '!!a', 'a b', 'a;b'])('rejects select=%j', (raw) => {
    expect(errorOf({ select: raw }).key).toBe('select');
  });

  it('reads lookups in order', () => {
    expect(parseQuery('lookup=author;category').lookup).toEqual(['author', 'category']);
    expect(parseQuery('lookup=author').lookup).toEqual(['author']);
  });

  it.each(['', 'a;', ';a', 'a,b', 'a;;b', 'a b'])('rejects lookup=%j', (raw) => {
    expect(errorOf({ lookup: raw }).key).toBe('lookup');
  });

  it.each(['page', 'per_page', 'sort_by', 'select', 'lookup'])('rejects %s given twice', (key) => {
    const value = { page: '1', per_page: '1', sort_by: 'a', select: 'a', lookup: 'a' }[key] ?? '';
    expect(errorOf(`${key}=${value}&${key}=${value}`).key).toBe(key);
  });
});

describe('parseQuery: filter values', () => {
  it('reads a plain value as equality, the empty value included', () => {
    expect(conditionsOf('status=published&count=0&flag=true&gone=null&empty=')).toEqual([
      [{ kind: 'compare', field: 'status', op: 'eq', value: 'published' }],
      [{ kind: 'compare', field: 'count', op: 'eq', value: '0' }],
      [{ kind: 'compare', field: 'flag', op: 'eq', value: 'true' }],
      [{ kind: 'compare', field: 'gone', op: 'eq', value: 'null' }],
      [{ kind: 'compare', field: 'empty', op: 'eq', value: '' }],
    ]);
  });

  it('keeps = , ; ! } and a middle * literal in plain values', () => {
    expect(conditionsOf('q=a%3Db,c;d!e}f*g')).toEqual([
      [{ kind: 'compare', field: 'q', op: 'eq', value: 'a=b,c;d!e}f*g' }],
    ]);
  });

  it('reads wildcards', () => {
    expect(conditionsOf('a=*غزة*&b=news*&c=*gate&d=***&e=**x&f=x**')).toEqual([
      [{ kind: 'like', field: 'a', mode: 'contains', value: 'غزة' }],
      [{ kind: 'like', field: 'b', mode: 'startsWith', value: 'news' }],
      [{ kind: 'like', field: 'c', mode: 'endsWith', value: 'gate' }],
      [{ kind: 'like', field: 'd', mode: 'contains', value: '*' }],
      [{ kind: 'like', field: 'e', mode: 'endsWith', value: '*x' }],
      [{ kind: 'like', field: 'f', mode: 'startsWith', value: 'x*' }],
    ]);
  });

  it.each(['*', '**'])('rejects the malformed wildcard %j', (raw) => {
    expect(errorOf({ title: raw }).key).toBe('title');
  });

  it('reads every comparison operator', () => {
    const ops = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte'] as const;
    const query = ops.map((op) => `n=${encodeURIComponent(`{${op}}5`)}`).join('&');
    expect(conditionsOf(query)).toEqual(ops.map((op) => [{ kind: 'compare', field: 'n', op, value: '5' }]));
  });

  it('takes the text after {op} literally', () => {
    expect(parseQuery({ a: '{eq}*x', b: '{ne}{gt}1', c: '{eq}', d: '{lt}a,b=c' }).where).toEqual([
      { any: [{ kind: 'compare', field: 'a', op: 'eq', value: '*x' }] },
      { any: [{ kind: 'compare', field: 'b', op: 'ne', value: '{gt}1' }] },
      { any: [{ kind: 'compare', field: 'c', op: 'eq', value: '' }] },
      { any: [{ kind: 'compare', field: 'd', op: 'lt', value: 'a,b=c' }] },
    ]);
  });

  it('reads list operators', () => {
    expect(parseQuery({ a: '{in}x,y', b: '{nin}z', c: '{all}1,2,3' }).where).toEqual([
      { any: [{ kind: 'list', field: 'a', op: 'in', values: ['x', 'y'] }] },
      { any: [{ kind: 'list', field: 'b', op: 'nin', values: ['z'] }] },
      { any: [{ kind: 'list', field: 'c', op: 'all', values: ['1', '2', '3'] }] },
    ]);
  });

  it.each(['{in}', '{nin}', '{all}', '{in}a,', '{in},a', '{all}a,,b'])(
    'rejects the empty list or item in %j',
    (raw) => {
      expect(errorOf({ tags: raw }).key).toBe('tags');
    },
  );

  it('reads between', () => {
    expect(parseQuery({ publishedAt: '{btw}1700000000000,1800000000000' }).where).toEqual([
      { any: [{ kind: 'between', field: 'publishedAt', from: '1700000000000', to: '1800000000000' }] },
    ]);
  });

  it.each(['{btw}', '{btw}1', '{btw}1,2,3', '{btw},2', '{btw}1,'])('rejects between with %j', (raw) => {
    expect(errorOf({ publishedAt: raw }).key).toBe('publishedAt');
  });

  it('reads exists', () => {
    expect(parseQuery({ a: '{exists}', b: '{exists}true', c: '{exists}false' }).where).toEqual([
      { any: [{ kind: 'exists', field: 'a', exists: true }] },
      { any: [{ kind: 'exists', field: 'b', exists: true }] },
      { any: [{ kind: 'exists', field: 'c', exists: false }] },
    ]);
  });

  it.each(['{exists}yes', '{exists}1', '{exists}TRUE', '{exists} '])('rejects %j', (raw) => {
    expect(errorOf({ image: raw }).key).toBe('image');
  });

  it.each(['{like}x', '{}x', '{EQ}x', '{ in}a', '{regex}.*'])('rejects the unknown operator in %j', (raw) => {
    const error = errorOf({ title: raw });
    expect(error.key).toBe('title');
    expect(error.message).toMatch(/unknown operator/);
  });

  it('rejects a value opening { without closing it', () => {
    expect(errorOf({ title: '{eq' }).key).toBe('title');
  });
});

describe('parseQuery: alternatives', () => {
  it('ORs values on one key', () => {
    expect(conditionsOf('status=draft|review')).toEqual([
      [
        { kind: 'compare', field: 'status', op: 'eq', value: 'draft' },
        { kind: 'compare', field: 'status', op: 'eq', value: 'review' },
      ],
    ]);
  });

  it('ORs across keys, as the table search box sends', () => {
    expect(parseQuery({ title: '*q*|claimsNormalized=*q*' }).where).toEqual([
      {
        any: [
          { kind: 'like', field: 'title', mode: 'contains', value: 'q' },
          { kind: 'like', field: 'claimsNormalized', mode: 'contains', value: 'q' },
        ],
      },
    ]);
  });

  it('keeps the switched field for the alternatives that follow', () => {
    expect(parseQuery({ a: 'x|b=y|z|c.d={gt}1|a=w' }).where[0]?.any).toEqual([
      { kind: 'compare', field: 'a', op: 'eq', value: 'x' },
      { kind: 'compare', field: 'b', op: 'eq', value: 'y' },
      { kind: 'compare', field: 'b', op: 'eq', value: 'z' },
      { kind: 'compare', field: 'c.d', op: 'gt', value: '1' },
      { kind: 'compare', field: 'a', op: 'eq', value: 'w' },
    ]);
  });

  it('treats only the first = of a switching alternative as the separator', () => {
    expect(parseQuery({ a: 'x|b=c=d' }).where[0]?.any[1]).toEqual({
      kind: 'compare',
      field: 'b',
      op: 'eq',
      value: 'c=d',
    });
  });

  it('never switches on the first alternative, nor on a text that is not a name', () => {
    expect(parseQuery({ a: 'b=c|1x=2|{eq}d=e|x y=1' }).where[0]?.any).toEqual([
      { kind: 'compare', field: 'a', op: 'eq', value: 'b=c' },
      { kind: 'compare', field: 'a', op: 'eq', value: '1x=2' },
      { kind: 'compare', field: 'a', op: 'eq', value: 'd=e' },
      { kind: 'compare', field: 'a', op: 'eq', value: 'x y=1' },
    ]);
  });

  it('mixes every condition kind in one clause', () => {
    expect(parseQuery({ a: '{in}1,2|*x|b={exists}false|{btw}1,2' }).where[0]?.any).toEqual([
      { kind: 'list', field: 'a', op: 'in', values: ['1', '2'] },
      { kind: 'like', field: 'a', mode: 'endsWith', value: 'x' },
      { kind: 'exists', field: 'b', exists: false },
      { kind: 'between', field: 'b', from: '1', to: '2' },
    ]);
  });

  it('reads empty alternatives as equality with the empty text', () => {
    expect(parseQuery({ a: 'x|' }).where[0]?.any[1]).toEqual({
      kind: 'compare',
      field: 'a',
      op: 'eq',
      value: '',
    });
  });

  it('names the field of the alternative in errors', () => {
    expect(errorOf({ a: 'x|b={bad}1' }).key).toBe('b');
    expect(errorOf({ a: 'x|{in}' }).key).toBe('a');
    expect(errorOf({ a: 'x|b=y|*' }).key).toBe('b');
  });

  it('ANDs repeated keys as separate clauses, in order', () => {
    expect(parseQuery('n={gte}1&status=published&n={lt}9').where).toEqual([
      { any: [{ kind: 'compare', field: 'n', op: 'gte', value: '1' }] },
      { any: [{ kind: 'compare', field: 'status', op: 'eq', value: 'published' }] },
      { any: [{ kind: 'compare', field: 'n', op: 'lt', value: '9' }] },
    ]);
  });

  it('reads dotted keys', () => {
    expect(conditionsOf('evaluation.category=X&author.slug=y&_id=1')).toEqual([
      [{ kind: 'compare', field: 'evaluation.category', op: 'eq', value: 'X' }],
      [{ kind: 'compare', field: 'author.slug', op: 'eq', value: 'y' }],
      [{ kind: 'compare', field: '_id', op: 'eq', value: '1' }],
    ]);
  });
});

describe('parseQuery: keys', () => {
  it.each(['1a', 'a-b', 'a[]', 'a b', '', '$where', 'عنوان', 'a[$ne]'])('rejects the key %j', (key) => {
    const error = errorOf(new URLSearchParams([[key, 'x']]));
    expect(error).toBeInstanceOf(QueryError);
    expect(error.key).toBe(key);
    expect(error.code).toBe('INVALID_QUERY');
  });

  it('produces errors that are Errors with a message', () => {
    const error = errorOf('page=0');
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('QueryError');
    expect(error.message).toContain('page');
  });
});
