import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { authorize } from './authorize.ts';
import { buildRuleTree } from './rule-tree.ts';
import type { Actor, Permission, Rule, RuleBranch } from './types.ts';
import { SUPER_ADMIN_ROLE } from './types.ts';

const ROLES = ['editor', 'fact-checker', 'author'];
const SUBS = ['u1', 'u2'];

const permissionArbitrary: fc.Arbitrary<Permission> = fc.record({
  access: fc.constantFrom('grant' as const, 'deny' as const),
  by: fc.constantFrom(
    'anonymous' as const,
    'user' as const,
    'emv' as const,
    'role' as const,
    'email' as const,
  ),
  value: fc.option(fc.constantFrom(...ROLES, ...SUBS, 'a@example.org'), { nil: undefined }),
});

const ruleArbitrary: fc.Arbitrary<Rule> = fc
  .record({
    segments: fc.array(fc.constantFrom('api', 'factcheck', 'x', ':id'), { maxLength: 3 }),
    fallbackAuthorization: fc.option(fc.constantFrom('grant' as const, 'deny' as const), { nil: undefined }),
    read: fc.array(permissionArbitrary, { maxLength: 4 }),
    update: fc.array(permissionArbitrary, { maxLength: 4 }),
  })
  .map(({ segments, fallbackAuthorization, read, update }) => ({
    name: 'generated',
    path: `/${segments.join('/')}`,
    fallbackAuthorization,
    actions: { Read: read, Update: update },
  }));

const actorArbitrary: fc.Arbitrary<Actor> = fc.oneof(
  fc.constant<Actor>({ roles: [], anonymous: true }),
  fc.record({
    sub: fc.constantFrom(...SUBS),
    roles: fc.subarray(ROLES),
    email: fc.constantFrom('a@example.org', 'b@example.org'),
    emv: fc.boolean(),
    anonymous: fc.constant(false),
  }),
);

const pathArbitrary = fc.array(fc.constantFrom('api', 'factcheck', 'x', 'y'), { maxLength: 4 });
const actionArbitrary = fc.constantFrom('Read', 'Update');

/** The permissions of the rule at exactly these segments (after merging), or none. */
function permissionsAt(tree: RuleBranch, segments: string[], action: string): Permission[] {
  let branch: RuleBranch | undefined = tree;
  for (const segment of segments) branch = branch?.children[segment];
  return branch?.item?.actions[action] ?? [];
}

describe('authorize properties', () => {
  it('super-admin is always granted', () => {
    fc.assert(
      fc.property(
        fc.array(ruleArbitrary),
        actorArbitrary,
        pathArbitrary,
        actionArbitrary,
        (rules, actor, path, action) => {
          const superAdmin = { ...actor, anonymous: false, roles: [...actor.roles, SUPER_ADMIN_ROLE] };
          expect(authorize(buildRuleTree(rules), superAdmin, `/${path.join('/')}`, action).granted).toBe(
            true,
          );
        },
      ),
    );
  });

  it('a matching deny added anywhere in the deepest rule denies', () => {
    fc.assert(
      fc.property(
        fc.array(ruleArbitrary),
        actorArbitrary,
        pathArbitrary,
        actionArbitrary,
        fc.nat(),
        fc.nat(),
        (rules, actor, segments, action, denyPick, position) => {
          const matchingDenies: Permission[] = [{ by: 'anonymous', access: 'deny' }];
          if (!actor.anonymous) matchingDenies.push({ by: 'user', value: actor.sub, access: 'deny' });
          for (const role of actor.roles) matchingDenies.push({ by: 'role', value: role, access: 'deny' });
          const deny = matchingDenies[denyPick % matchingDenies.length]!;

          const path = `/${segments.join('/')}`;
          const existing = permissionsAt(buildRuleTree(rules), segments, action);
          const withDeny = existing.toSpliced(position % (existing.length + 1), 0, deny);
          const row: Rule = { name: 'row', path, actions: { [action]: withDeny } };

          const decision = authorize(buildRuleTree([...rules, row]), actor, path, action);
          expect(decision.granted).toBe(false);
          expect(decision.rule?.name).toBe('row');
        },
      ),
    );
  });
});
