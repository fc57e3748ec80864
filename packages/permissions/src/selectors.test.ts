import { describe, expect, it } from 'vitest';
import { authorize } from './authorize.ts';
import { buildRuleTree, rule } from './rule-tree.ts';
import { checkPayload, resolveSelectorQuery, SelectorError } from './selectors.ts';
import type { Actor } from './types.ts';
import { ANONYMOUS_ACTOR } from './types.ts';

const factChecker: Actor = {
  sub: 'u 1',
  roles: ['fact-checker'],
  email: 'amal+news@example.org',
  anonymous: false,
};
const editor: Actor = { sub: 'u2', roles: ['editor'], anonymous: false };

// What the server defaults will say: a fact-checker edits only their own fact-checks, and may
// set status only to draft or review; editors publish.
const tree = buildRuleTree([
  rule('/api/factcheck', {
    Update: [
      { by: 'role', value: 'editor', access: 'grant' },
      {
        by: 'role',
        value: 'fact-checker',
        access: 'grant',
        selectors: { query: 'author=$sub', payload: { status: ['draft', 'review'] } },
      },
    ],
  }),
]);

describe('resolveSelectorQuery', () => {
  it('replaces actor tokens by URL-encoded values', () => {
    expect(resolveSelectorQuery('author=$sub&status=draft', factChecker)).toBe('author=u%201&status=draft');
    expect(resolveSelectorQuery('createdBy.email=$email', factChecker)).toBe(
      'createdBy.email=amal%2Bnews%40example.org',
    );
  });

  it('replaces whole values only, after an {op} prefix and in alternatives and lists', () => {
    expect(resolveSelectorQuery('author={ne}$sub', factChecker)).toBe('author={ne}u%201');
    expect(resolveSelectorQuery('a=$sub|b=$sub', factChecker)).toBe('a=u%201|b=u%201');
    expect(resolveSelectorQuery('a={in}x,$sub', factChecker)).toBe('a={in}x,u%201');
    expect(resolveSelectorQuery('title=*$sub*&note=$subject&$sub=1', factChecker)).toBe(
      'title=*$sub*&note=$subject&$sub=1',
    );
  });

  it('returns a query without tokens unchanged', () => {
    expect(resolveSelectorQuery('status=published', ANONYMOUS_ACTOR)).toBe('status=published');
  });

  it('throws when the actor lacks a referenced value', () => {
    expect(() => resolveSelectorQuery('author=$sub', ANONYMOUS_ACTOR)).toThrowError(SelectorError);
    expect(() => resolveSelectorQuery('phone=$phone', factChecker)).toThrowError(
      expect.objectContaining({ code: 'UNRESOLVED_SELECTOR_TOKEN', token: '$phone' }),
    );
  });

  it('resolves the selector of a decision for its actor', () => {
    const decision = authorize(tree, factChecker, '/api/factcheck/f1', 'Update');
    expect(decision.selectors.query.map((query) => resolveSelectorQuery(query, factChecker))).toEqual([
      'author=u%201',
    ]);
  });
});

describe('checkPayload', () => {
  const asFactChecker = authorize(tree, factChecker, '/api/factcheck/f1', 'Update');
  const asEditor = authorize(tree, editor, '/api/factcheck/f1', 'Update');

  it('lets a fact-checker set status only to draft or review', () => {
    expect(checkPayload(asFactChecker, { status: 'review', title: 'x' })).toEqual({ ok: true });
    expect(checkPayload(asFactChecker, { status: 'published' })).toEqual({
      ok: false,
      field: 'status',
      allowed: ['draft', 'review'],
    });
  });

  it('does not check fields the write leaves alone', () => {
    expect(checkPayload(asFactChecker, { title: 'x' })).toEqual({ ok: true });
  });

  it('restricts nothing without payload selectors', () => {
    expect(checkPayload(asEditor, { status: 'published' })).toEqual({ ok: true });
  });

  it('checks every element of an array value, and dotted fields', () => {
    const decision = authorize(
      buildRuleTree([
        rule('/api/article', {
          Create: [
            {
              by: 'anonymous',
              access: 'grant',
              selectors: { payload: { tags: ['a', 'b'], 'evaluation.category': ['c1'] } },
            },
          ],
        }),
      ]),
      ANONYMOUS_ACTOR,
      '/api/article',
      'Create',
    );
    expect(checkPayload(decision, { tags: ['a', 'b'] })).toEqual({ ok: true });
    expect(checkPayload(decision, { tags: ['a', 'z'] })).toMatchObject({ ok: false, field: 'tags' });
    expect(checkPayload(decision, { evaluation: { category: 'c2' } })).toMatchObject({
      ok: false,
      field: 'evaluation.category',
    });
    expect(checkPayload(decision, { evaluation: { category: 'c1' } })).toEqual({ ok: true });
  });
});
