import { describe, expect, it } from 'vitest';
import type { ConditionExpression } from './condition.ts';
import { ConditionError, evaluateCondition, readPath } from './condition.ts';

const context = {
  status: 'draft',
  count: 3,
  title: 'Tabayyun Fact',
  tags: ['covid', 'health'],
  author: { slug: 'amal', profile: { verified: true } },
  empty: '',
  nothing: null,
  publishedAt: new Date('2026-01-02T00:00:00Z'),
};

const evaluate = (expression: ConditionExpression) => evaluateCondition(expression, context);

describe('evaluateCondition operators', () => {
  it.each<[string, ConditionExpression, boolean]>([
    ['eq on a path', { op: 'eq', left: { path: 'status' }, right: 'draft' }, true],
    ['eq is strict', { op: 'eq', left: { path: 'count' }, right: '3' }, false],
    ['eq on a nested path', { op: 'eq', left: { path: 'author.slug' }, right: 'amal' }, true],
    [
      'eq compares Dates by time',
      { op: 'eq', left: { path: 'publishedAt' }, right: new Date('2026-01-02') },
      true,
    ],
    ['ne', { op: 'ne', left: { path: 'status' }, right: 'published' }, true],
    ['ne on equal values', { op: 'ne', left: { path: 'status' }, right: 'draft' }, false],
    ['gt', { op: 'gt', left: { path: 'count' }, right: 2 }, true],
    ['gt on equal values', { op: 'gt', left: { path: 'count' }, right: 3 }, false],
    ['gte', { op: 'gte', left: { path: 'count' }, right: 3 }, true],
    ['lt', { op: 'lt', left: { path: 'count' }, right: 3 }, false],
    ['lte', { op: 'lte', left: { path: 'count' }, right: 3 }, true],
    ['lt on strings', { op: 'lt', left: '2026-01-01', right: '2026-02-01' }, true],
    ['gt on Dates', { op: 'gt', left: { path: 'publishedAt' }, right: new Date('2025-12-31') }, true],
    ['gt across types is false', { op: 'gt', left: { path: 'count' }, right: '2' }, false],
    ['lt with a missing value is false', { op: 'lt', left: { path: 'missing' }, right: 5 }, false],
    ['not of a falsy value', { op: 'not', left: { path: 'empty' } }, true],
    ['not of a truthy value', { op: 'not', left: { path: 'status' } }, false],
    [
      'not of a nested expression',
      { op: 'not', left: { op: 'eq', left: { path: 'count' }, right: 4 } },
      true,
    ],
    ['bool of a truthy value', { op: 'bool', left: { path: 'author.profile.verified' } }, true],
    ['bool of a missing value', { op: 'bool', left: { path: 'author.profile.banned' } }, false],
    ['exists', { op: 'exists', left: { path: 'empty' } }, true],
    ['exists is false for null', { op: 'exists', left: { path: 'nothing' } }, false],
    ['exists is false for a missing path', { op: 'exists', left: { path: 'a.b.c' } }, false],
    [
      'exists with right false asks for absence',
      { op: 'exists', left: { path: 'nothing' }, right: false },
      true,
    ],
    ['startsWith', { op: 'startsWith', left: { path: 'title' }, right: 'Tabay' }, true],
    ['startsWith is case-sensitive', { op: 'startsWith', left: { path: 'title' }, right: 'tabay' }, false],
    ['startsWith on a number is false', { op: 'startsWith', left: { path: 'count' }, right: '3' }, false],
    ['endsWith', { op: 'endsWith', left: { path: 'title' }, right: 'Fact' }, true],
    ['indexOf in a string', { op: 'indexOf', left: { path: 'title' }, right: 'yun F' }, true],
    ['indexOf in an array', { op: 'indexOf', left: { path: 'tags' }, right: 'health' }, true],
    ['indexOf missing in an array', { op: 'indexOf', left: { path: 'tags' }, right: 'sport' }, false],
    ['indexOf on a number is false', { op: 'indexOf', left: { path: 'count' }, right: 3 }, false],
    ['equalsIgnoreCase', { op: 'equalsIgnoreCase', left: { path: 'title' }, right: 'TABAYYUN fact' }, true],
    [
      'equalsIgnoreCase on non-strings is eq',
      { op: 'equalsIgnoreCase', left: { path: 'count' }, right: 3 },
      true,
    ],
    [
      'a path compared with a path',
      { op: 'eq', left: { path: 'author.slug' }, right: { path: 'author.slug' } },
      true,
    ],
    ['{ value } escapes a literal object', { op: 'eq', left: { value: { path: 'x' } }, right: 'x' }, false],
    ['an array literal operand', { op: 'indexOf', left: ['a', 'b'], right: 'b' }, true],
  ])('%s', (_name, expression, expected) => {
    expect(evaluate(expression)).toBe(expected);
  });

  it('accepts the compact array form', () => {
    expect(evaluate(['eq', { path: 'count' }, 3])).toBe(true);
    expect(evaluate(['exists', { path: 'missing' }])).toBe(false);
    expect(
      evaluate({
        and: [
          ['gt', { path: 'count' }, 1],
          ['lt', { path: 'count' }, 5],
        ],
      }),
    ).toBe(true);
  });

  it('reads own properties only', () => {
    expect(evaluate({ op: 'exists', left: { path: 'constructor' } })).toBe(false);
    expect(evaluate({ op: 'exists', left: { path: 'status.length' } })).toBe(false);
    expect(readPath({ items: [{ id: 'x' }] }, 'items.0.id')).toBe('x');
    expect(readPath(context, '')).toBe(context);
  });
});

describe('evaluateCondition and / or', () => {
  const isDraft: ConditionExpression = { op: 'eq', left: { path: 'status' }, right: 'draft' };
  const isPublished: ConditionExpression = { op: 'eq', left: { path: 'status' }, right: 'published' };

  it('and needs every item, or needs one', () => {
    expect(evaluate({ and: [isDraft, isPublished] })).toBe(false);
    expect(evaluate({ and: [isDraft, isDraft] })).toBe(true);
    expect(evaluate({ or: [isPublished, isDraft] })).toBe(true);
    expect(evaluate({ or: [isPublished, isPublished] })).toBe(false);
  });

  it('an empty and is true, an empty or is false', () => {
    expect(evaluate({ and: [] })).toBe(true);
    expect(evaluate({ or: [] })).toBe(false);
  });

  it('nests', () => {
    const many = { op: 'gt', left: { path: 'count' }, right: 10 } as const;
    expect(evaluate({ or: [{ and: [isDraft, many] }, { and: [isDraft, { op: 'not', left: many }] }] })).toBe(
      true,
    );
    expect(evaluate({ and: [{ or: [isPublished, many] }, isDraft] })).toBe(false);
  });

  it('stops at the first deciding item', () => {
    expect(evaluate({ or: [isDraft, { op: 'nope', left: 1 } as never] })).toBe(true);
    expect(evaluate({ and: [isPublished, { op: 'nope', left: 1 } as never] })).toBe(false);
  });
});

describe('evaluateCondition errors', () => {
  it('throws NOT_SUPPORTED_EXPRESSION_OPERATOR naming an unknown operator', () => {
    const run = () => evaluate({ op: 'matches', left: { path: 'status' }, right: 'd.*' } as never);
    expect(run).toThrowError(ConditionError);
    expect(run).toThrowError(/NOT_SUPPORTED_EXPRESSION_OPERATOR.*matches/);
    try {
      run();
    } catch (error) {
      expect((error as ConditionError).code).toBe('NOT_SUPPORTED_EXPRESSION_OPERATOR');
    }
  });

  it('throws for an unknown operator nested in and / or and in the compact form', () => {
    expect(() => evaluate({ and: [{ or: [['regex', 1, 2] as never] }] })).toThrowError(
      /NOT_SUPPORTED_EXPRESSION_OPERATOR: regex/,
    );
  });

  it('throws INVALID_EXPRESSION for a shape that is no expression', () => {
    expect(() => evaluate({ left: 1 } as never)).toThrowError(
      expect.objectContaining({ code: 'INVALID_EXPRESSION' }),
    );
    expect(() => evaluate(null as never)).toThrowError(
      expect.objectContaining({ code: 'INVALID_EXPRESSION' }),
    );
  });
});
