import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Clause, CompareOp, Condition, ListOp, Query } from './ast.ts';
import { MAX_PER_PAGE } from './ast.ts';
import { isReservedKey, RESERVED_KEYS } from './names.ts';
import { parseQuery } from './parse.ts';
import { QueryError } from './query-error.ts';
import { serializeQuery } from './serialize.ts';

const COMPARE_OPS: CompareOp[] = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte'];
const LIST_OPS: ListOp[] = ['in', 'nin', 'all'];

const segment = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,5}$/);
const nameArbitrary = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('status', 'title', 'author.slug', 'evaluation.category', '_id') },
  { weight: 3, arbitrary: fc.array(segment, { minLength: 1, maxLength: 3 }).map((parts) => parts.join('.')) },
  { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_.]{0,6}$/) },
);
// Reserved names may be fields of later alternatives, never the key of a clause.
const alternativeField = fc.oneof({ weight: 8, arbitrary: nameArbitrary }, fc.constantFrom(...RESERVED_KEYS));
const clauseKey = nameArbitrary.filter((name) => !isReservedKey(name));

// Every character the grammar gives a meaning to, plus Arabic, Turkish and any code point.
const character = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom('*', '{', '}', '=', ',', ';', '!', '-', '&', '%', '+', ' ', '#', '?', '\n'),
  },
  {
    weight: 4,
    arbitrary: fc.constantFrom('a', 'Z', '_', '.', '0', 'in}', '{eq}', 'x=', 'ا', 'غزة', 'İ', 'ı', '%20'),
  },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
);
const text = fc
  .array(character, { maxLength: 8 })
  .map((parts) => parts.join(''))
  .filter((value) => !value.includes('|'));
const nonEmptyText = text.filter((value) => value !== '');
const item = nonEmptyText.filter((value) => !value.includes(','));

function conditionArbitrary(field: fc.Arbitrary<string>): fc.Arbitrary<Condition> {
  return fc.oneof(
    fc.record({
      kind: fc.constant('compare' as const),
      field,
      op: fc.constantFrom(...COMPARE_OPS),
      value: text,
    }),
    fc.record({
      kind: fc.constant('like' as const),
      field,
      mode: fc.constant('contains' as const),
      value: nonEmptyText,
    }),
    fc.record({
      kind: fc.constant('like' as const),
      field,
      mode: fc.constant('startsWith' as const),
      value: nonEmptyText.filter((value) => !value.startsWith('*') && !value.startsWith('{')),
    }),
    fc.record({
      kind: fc.constant('like' as const),
      field,
      mode: fc.constant('endsWith' as const),
      value: nonEmptyText.filter((value) => !value.endsWith('*')),
    }),
    fc.record({
      kind: fc.constant('list' as const),
      field,
      op: fc.constantFrom(...LIST_OPS),
      values: fc.array(item, { minLength: 1, maxLength: 4 }),
    }),
    fc.record({ kind: fc.constant('between' as const), field, from: item, to: item }),
    fc.record({ kind: fc.constant('exists' as const), field, exists: fc.boolean() }),
  );
}

const clauseArbitrary: fc.Arbitrary<Clause> = fc
  .tuple(
    conditionArbitrary(clauseKey),
    fc.array(
      fc.oneof(
        // Same field as before (OR of values) or another field (OR across keys).
        { weight: 1, arbitrary: conditionArbitrary(fc.constant('')) },
        { weight: 1, arbitrary: conditionArbitrary(alternativeField) },
      ),
      { maxLength: 4 },
    ),
  )
  .map(([first, rest]) => {
    let field = first.field;
    const any = [first];
    for (const condition of rest) {
      field = condition.field === '' ? field : condition.field;
      any.push({ ...condition, field });
    }
    return { any };
  });

const queryArbitrary: fc.Arbitrary<Query> = fc.record(
  {
    page: fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
    perPage: fc.integer({ min: 1, max: MAX_PER_PAGE }),
    sort: fc.record({ field: nameArbitrary, direction: fc.constantFrom('asc' as const, 'desc' as const) }),
    select: fc.record({
      mode: fc.constantFrom('include' as const, 'exclude' as const),
      fields: fc.array(nameArbitrary, { minLength: 1, maxLength: 4 }),
    }),
    lookup: fc.array(nameArbitrary, { minLength: 1, maxLength: 3 }),
    // A small key pool makes repeated keys (ANDed clauses) common.
    where: fc.array(clauseArbitrary, { maxLength: 6 }),
  },
  { requiredKeys: ['where'] },
);

describe('parseQuery ∘ serializeQuery', () => {
  it('reads back every writable query unchanged', () => {
    fc.assert(
      fc.property(queryArbitrary, (query) => {
        // structuredClone: fast-check builds null-prototype records, which toStrictEqual tells apart.
        expect(parseQuery(serializeQuery(query))).toStrictEqual(structuredClone(query));
      }),
      { numRuns: 3000 },
    );
  });

  it('writes one canonical string per query', () => {
    fc.assert(
      fc.property(queryArbitrary, (query) => {
        const written = serializeQuery(query);
        expect(serializeQuery(parseQuery(written))).toBe(written);
      }),
    );
  });
});

describe('parseQuery on arbitrary query strings', () => {
  const token = fc.oneof(
    fc.constantFrom('a', 'b.c', 'page', 'per_page', 'sort_by', 'select', 'lookup', '1', '-', '!', '*', '**'),
    fc.constantFrom(
      '=',
      '&',
      '|',
      ',',
      ';',
      '{',
      '}',
      '{in}',
      '{btw}',
      '{exists}',
      '{eq}',
      '{bad}',
      'asc',
      'true',
    ),
    fc.constantFrom('%7C', '%3D', '%26', '+', '%', '%2', 'غزة', 'İ'),
    fc.string({ unit: 'binary', maxLength: 2 }),
  );

  it('either reads the query or throws a QueryError, and what it reads writes back', () => {
    fc.assert(
      fc.property(fc.array(token, { maxLength: 16 }), (tokens) => {
        let query: Query;
        try {
          query = parseQuery(tokens.join(''));
        } catch (error) {
          expect(error).toBeInstanceOf(QueryError);
          return;
        }
        expect(parseQuery(serializeQuery(query))).toStrictEqual(query);
      }),
      { numRuns: 5000 },
    );
  });
});
