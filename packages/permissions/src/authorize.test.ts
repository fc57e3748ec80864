import { describe, expect, it } from 'vitest';
import { authorize, authorizeInBrowser } from './authorize.ts';
import { buildRuleTree, rule } from './rule-tree.ts';
import type { Actor, Permission } from './types.ts';
import { ANONYMOUS_ACTOR } from './types.ts';

const buildActor = (roles: string[] = [], sub = 'u1'): Actor => ({ sub, roles, anonymous: false });

const anyone = (access: Permission['access'] = 'grant'): Permission => ({ by: 'anonymous', access });
const role = (
  value: string,
  access: Permission['access'] = 'grant',
  selectors?: Permission['selectors'],
): Permission => ({
  by: 'role',
  value,
  access,
  selectors,
});

const editor = buildActor(['editor']);
const factChecker = buildActor(['fact-checker']);

describe('authorize', () => {
  const tree = buildRuleTree([
    rule('/', {}, 'deny'),
    rule('/api', { Read: [role('editor')] }),
    rule('/api/factcheck', { Read: [anyone()], Delete: [role('fact-checker', 'deny')] }),
    rule('/api/factcheck/:id', { Update: [role('editor')] }),
    rule('/api/factcheck/count', { Read: [role('fact-checker', 'deny')] }),
    rule('/dashboard', { Read: [role('editor'), role('fact-checker')] }),
  ]);

  it('grants super-admin everything, with no selectors', () => {
    const decision = authorize(tree, buildActor(['super-admin']), '/nowhere/at/all', 'Launch');
    expect(decision).toEqual({ granted: true, selectors: { query: [], payload: [] } });
  });

  it('the deepest rule on the path decides', () => {
    expect(authorize(tree, ANONYMOUS_ACTOR, '/api/factcheck', 'Read').granted).toBe(true);
    expect(authorize(tree, ANONYMOUS_ACTOR, '/api/article', 'Read').granted).toBe(false);
    expect(authorize(tree, editor, '/api/article', 'Read').rule?.path).toBe('/api');
  });

  it('walks up while a rule is undecided, down to the root fallback', () => {
    const decision = authorize(tree, ANONYMOUS_ACTOR, '/api/factcheck/abc', 'Read');
    expect(decision.granted).toBe(true);
    expect(decision.rule?.path).toBe('/api/factcheck');
    const fallback = authorize(tree, factChecker, '/api/factcheck/abc', 'Update');
    expect(fallback).toMatchObject({ granted: false, rule: { path: '/' } });
    expect(fallback.permission).toBeUndefined();
  });

  it('a :param segment matches any one segment', () => {
    expect(authorize(tree, editor, '/api/factcheck/abc', 'Update').rule?.path).toBe('/api/factcheck/:id');
    expect(authorize(tree, editor, '/api/factcheck/abc/', 'Update').granted).toBe(true);
  });

  it('an exact segment beats :param', () => {
    expect(authorize(tree, factChecker, '/api/factcheck/count', 'Read')).toMatchObject({
      granted: false,
      rule: { path: '/api/factcheck/count' },
    });
    expect(authorize(tree, factChecker, '/api/factcheck/other', 'Read').granted).toBe(true);
  });

  it('a matching deny stops at once, without walking up', () => {
    const decision = authorize(tree, factChecker, '/api/factcheck/abc', 'Delete');
    expect(decision).toMatchObject({
      granted: false,
      rule: { path: '/api/factcheck' },
      permission: { access: 'deny' },
    });
  });

  it('denies when nothing decides', () => {
    const openTree = buildRuleTree([rule('/api', { Read: [role('editor')] })]);
    expect(authorize(openTree, factChecker, '/api/factcheck', 'Read')).toEqual({
      granted: false,
      selectors: { query: [], payload: [] },
    });
    expect(authorize(buildRuleTree([]), ANONYMOUS_ACTOR, '/', 'Read').granted).toBe(false);
  });

  it.each([
    ['built', tree],
    ['parsed from JSON', JSON.parse(JSON.stringify(tree))],
  ])('does not mistake inherited keys for segments or actions (%s tree)', (_name, subject) => {
    expect(authorize(subject, editor, '/constructor/toString', 'Read').rule?.path).toBe('/');
    expect(authorize(subject, editor, '/api', 'constructor').granted).toBe(false);
    expect(authorize(subject, editor, '/api/__proto__', 'Read').rule?.path).toBe('/api');
  });

  it('works on a tree parsed from JSON, as the browser receives it', () => {
    const served = JSON.parse(JSON.stringify(tree));
    expect(authorize(served, editor, '/api/factcheck/abc', 'Update').granted).toBe(true);
    expect(authorize(served, factChecker, '/api/factcheck/count', 'Read').granted).toBe(false);
  });
});

describe('authorize within one rule', () => {
  const decide = (permissions: Permission[], fallback?: 'grant' | 'deny', actor = editor) =>
    authorize(buildRuleTree([rule('/x', { Read: permissions }, fallback)]), actor, '/x', 'Read');

  it('starts from fallbackAuthorization', () => {
    expect(decide([], 'grant')).toMatchObject({ granted: true, rule: { path: '/x' } });
    expect(decide([role('fact-checker')], 'deny').granted).toBe(false);
    expect(decide([role('editor')], 'deny').granted).toBe(true);
  });

  it('a later matching deny overrides an earlier grant', () => {
    const decision = decide([role('editor'), anyone('deny')]);
    expect(decision).toMatchObject({ granted: false, permission: { by: 'anonymous', access: 'deny' } });
  });

  it('a deny that does not match leaves the grant standing', () => {
    expect(decide([role('editor'), role('fact-checker', 'deny')]).granted).toBe(true);
  });

  it('the first matching grant decides and brings its selectors', () => {
    const own = role('editor', 'grant', { query: 'author=$sub' });
    const decision = decide([role('fact-checker'), own, anyone('grant')]);
    expect(decision.permission).toBe(own);
    expect(decision.selectors).toEqual({ query: ['author=$sub'], payload: [] });
  });

  it('a grant without selectors restricts nothing', () => {
    expect(decide([anyone(), role('editor', 'grant', { query: 'author=$sub' })]).selectors).toEqual({
      query: [],
      payload: [],
    });
  });
});

describe('authorizeInBrowser', () => {
  it('grants everything with no rules source', () => {
    expect(authorizeInBrowser(null, ANONYMOUS_ACTOR, '/dashboard', 'Read').granted).toBe(true);
    expect(authorizeInBrowser(undefined, ANONYMOUS_ACTOR, '/api/user', 'Delete').granted).toBe(true);
  });

  it('decides like the server once rules are loaded', () => {
    const tree = buildRuleTree([rule('/dashboard', { Read: [role('editor')] })]);
    expect(authorizeInBrowser(tree, ANONYMOUS_ACTOR, '/dashboard', 'Read').granted).toBe(false);
    expect(authorizeInBrowser(tree, editor, '/dashboard', 'Read').granted).toBe(true);
  });
});
