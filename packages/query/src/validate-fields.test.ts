import { describe, expect, it } from 'vitest';
import { parseQuery } from './parse.ts';
import { QueryError } from './query-error.ts';
import { type QueryFieldRules, validateQueryFields } from './validate-fields.ts';

const RULES: QueryFieldRules = {
  filterable: new Set(['status', 'title', 'claimsNormalized']),
  sortable: new Set(['publishedAt']),
  selectable: new Set(['title', 'body']),
  lookups: new Set(['author']),
};

function keyOf(query: string, rules: QueryFieldRules = RULES): string {
  try {
    validateQueryFields(parseQuery(query), rules);
  } catch (error) {
    if (error instanceof QueryError) return error.key;
    throw error;
  }
  throw new Error(`expected ${query} to be refused`);
}

describe('validateQueryFields', () => {
  it('accepts declared fields', () => {
    const query = parseQuery(
      'status=published&title=*q*|claimsNormalized=*q*&sort_by=-publishedAt&select=!body&lookup=author',
    );
    expect(() => validateQueryFields(query, RULES)).not.toThrow();
  });

  it('names an unknown filter field, in the first or a later alternative', () => {
    expect(keyOf('passwordHash=x')).toBe('passwordHash');
    expect(keyOf('title=*q*|token=*q*')).toBe('token');
  });

  it('names the reserved key for unknown sort, select and lookup fields', () => {
    expect(keyOf('sort_by=title')).toBe('sort_by');
    expect(keyOf('select=title,secret')).toBe('select');
    expect(keyOf('lookup=author;owner')).toBe('lookup');
  });

  it('accepts predicates for dotted paths', () => {
    const rules: QueryFieldRules = {
      filterable: (field) => field === 'status' || field.startsWith('evaluation.'),
    };
    expect(() => validateQueryFields(parseQuery('evaluation.category=x&status=y'), rules)).not.toThrow();
    expect(keyOf('author.slug=x', rules)).toBe('author.slug');
  });

  it('accepts nothing for an absent list', () => {
    expect(keyOf('status=x', {})).toBe('status');
    expect(keyOf('lookup=author', { filterable: new Set() })).toBe('lookup');
    expect(() => validateQueryFields(parseQuery('page=2&per_page=10'), {})).not.toThrow();
  });
});
