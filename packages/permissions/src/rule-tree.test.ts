import { describe, expect, it } from 'vitest';
import { buildRuleTree, rule } from './rule-tree.ts';
import type { Permission, Rule } from './types.ts';

const anyone: Permission = { by: 'anonymous', access: 'grant' };
const editors: Permission = { by: 'role', value: 'editor', access: 'grant' };
const nobody: Permission = { by: 'anonymous', access: 'deny' };

describe('buildRuleTree', () => {
  it('splits paths on / and ignores empty segments', () => {
    const factcheck = rule('/api//factcheck/', { Read: [anyone] });
    const tree = buildRuleTree([factcheck]);
    expect(tree.item).toBeNull();
    expect(Object.keys(tree.children)).toEqual(['api']);
    expect(tree.children.api?.item).toBeNull();
    expect(tree.children.api?.children.factcheck?.item).toEqual(factcheck);
  });

  it('puts the root rule on the root branch', () => {
    const root = rule('/', {}, 'deny');
    expect(buildRuleTree([root]).item).toEqual(root);
  });

  it('shares one branch between :param spellings at one level', () => {
    const tree = buildRuleTree([
      rule('/a/:id/x', { Read: [anyone] }),
      rule('/a/:slug/y', { Read: [anyone] }),
    ]);
    expect(Object.keys(tree.children.a!.children)).toEqual([':id']);
    expect(Object.keys(tree.children.a!.children[':id']!.children)).toEqual(['x', 'y']);
  });

  it('serialises to the JSON shape of GET /permissions/rules', () => {
    const tree = buildRuleTree([rule('/api', { Read: [anyone] })]);
    expect(JSON.parse(JSON.stringify(tree))).toEqual({
      item: null,
      children: { api: { item: { name: '/api', path: '/api', actions: { Read: [anyone] } }, children: {} } },
    });
  });

  it('treats __proto__ as an ordinary segment', () => {
    const tree = buildRuleTree([rule('/__proto__/x', { Read: [anyone] })]);
    expect(Object.hasOwn(tree.children, '__proto__')).toBe(true);
    expect(({} as { x?: unknown }).x).toBeUndefined();
  });

  it('does not mutate the rules it is given', () => {
    const defaults = rule('/api/factcheck', { Read: [anyone] });
    buildRuleTree([defaults, rule('/api/factcheck', { Read: [nobody] })]);
    expect(defaults.actions.Read).toEqual([anyone]);
  });
});

describe('buildRuleTree merge of later rules over earlier ones', () => {
  const defaults: Rule = {
    name: 'factchecks',
    path: '/api/factcheck',
    fallbackAuthorization: 'deny',
    ruleSource: 'default',
    actions: { Read: [anyone], Update: [editors], Delete: [editors] },
  };

  it('replaces the list of each action the later rule names and keeps the others', () => {
    const row: Rule = {
      name: 'factchecks (db)',
      path: 'api/factcheck',
      ruleSource: 'database',
      actions: { Update: [nobody], Delete: [] },
    };
    const merged = buildRuleTree([defaults, row]).children.api?.children.factcheck?.item;
    expect(merged).toEqual({
      name: 'factchecks (db)',
      path: 'api/factcheck',
      fallbackAuthorization: 'deny',
      ruleSource: 'database',
      actions: { Read: [anyone], Update: [nobody], Delete: [] },
    });
  });

  it('takes the later fallbackAuthorization when present', () => {
    const row = rule('/api/factcheck', {}, 'grant');
    expect(buildRuleTree([defaults, row]).children.api?.children.factcheck?.item?.fallbackAuthorization).toBe(
      'grant',
    );
  });
});

describe('rule', () => {
  it('names the rule after its path and sets the fallback only when given', () => {
    expect(rule('/dashboard', { Read: [editors] })).toEqual({
      name: '/dashboard',
      path: '/dashboard',
      actions: { Read: [editors] },
    });
    expect(rule('/dashboard', {}, 'deny').fallbackAuthorization).toBe('deny');
  });
});
