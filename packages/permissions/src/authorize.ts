// The decision of CONTRACT.md "Permissions". It runs on every request, so the lookup is one walk
// down the path (at most its depth, no backtracking) and the way back up is the recursion's unwind;
// the only allocations are the path segments and the returned decision.

import { matchesPermission } from './match-permission.ts';
import { findParamKey } from './rule-tree.ts';
import type { Actor, Decision, DecisionSelectors, Permission, Rule, RuleBranch } from './types.ts';
import { SUPER_ADMIN_ROLE } from './types.ts';

const NO_SELECTORS: DecisionSelectors = Object.freeze({
  query: Object.freeze([]) as readonly string[],
  payload: Object.freeze([]) as DecisionSelectors['payload'],
});
const UNRESTRICTED_GRANT: Decision = Object.freeze({ granted: true, selectors: NO_SELECTORS });
const NOTHING_DECIDED: Decision = Object.freeze({ granted: false, selectors: NO_SELECTORS });

/**
 * Decides whether `actor` may do `action` on `path`.
 *
 * 1. An actor with the role `super-admin` is granted, with no selectors.
 * 2. Walk down the tree, one segment at a time, preferring the exact segment over a `:param`
 *    child; the last rule reached is the deepest rule on the path.
 * 3. A rule starts from its `fallbackAuthorization` and reads its permissions for the action in
 *    order: a matching `deny` decides "denied" at once; the first matching `grant` sets the result
 *    to granted and is the one whose selectors apply, but reading goes on so that a later matching
 *    `deny` still wins. A rule with no fallback and no matching permission is undecided.
 * 4. Undecided: the rule of the parent segment decides, and so on up to the root.
 * 5. Nothing decides: denied.
 *
 * Selector queries are returned raw: resolve them with `resolveSelectorQuery`.
 */
export function authorize(tree: RuleBranch, actor: Actor, path: string, action: string): Decision {
  if (actor.roles.includes(SUPER_ADMIN_ROLE)) return UNRESTRICTED_GRANT;
  return decideFrom(tree, actor, path, 0, action) ?? NOTHING_DECIDED;
}

/** The browser mirror of `authorize`: with no rules source (spec §6) everything is granted. */
export function authorizeInBrowser(
  tree: RuleBranch | null | undefined,
  actor: Actor,
  path: string,
  action: string,
): Decision {
  return tree ? authorize(tree, actor, path, action) : UNRESTRICTED_GRANT;
}

function decideFrom(
  branch: RuleBranch,
  actor: Actor,
  path: string,
  position: number,
  action: string,
): Decision | undefined {
  let start = position;
  while (start < path.length && path.charCodeAt(start) === 47) start++; // skip '/'
  if (start < path.length) {
    let end = path.indexOf('/', start);
    if (end === -1) end = path.length;
    const child = findChild(branch.children, path.slice(start, end));
    if (child !== undefined) {
      const decision = decideFrom(child, actor, path, end, action);
      if (decision !== undefined) return decision;
    }
  }
  return branch.item ? decideByRule(branch.item, actor, action) : undefined;
}

function findChild(
  children: Record<string, RuleBranch> | undefined,
  segment: string,
): RuleBranch | undefined {
  if (!children) return undefined;
  if (Object.hasOwn(children, segment)) return children[segment];
  const paramKey = findParamKey(children);
  return paramKey === undefined ? undefined : children[paramKey];
}

function decideByRule(rule: Rule, actor: Actor, action: string): Decision | undefined {
  const permissions = Object.hasOwn(rule.actions, action) ? rule.actions[action] : undefined;
  let grant: Permission | undefined;
  if (permissions) {
    for (const permission of permissions) {
      if (permission.access !== 'deny' && (permission.access !== 'grant' || grant !== undefined)) continue;
      if (!matchesPermission(permission, actor)) continue;
      if (permission.access === 'deny') return { granted: false, rule, permission, selectors: NO_SELECTORS };
      grant = permission;
    }
  }
  if (grant !== undefined) return { granted: true, rule, permission: grant, selectors: selectorsOf(grant) };
  if (rule.fallbackAuthorization === 'grant') return { granted: true, rule, selectors: NO_SELECTORS };
  if (rule.fallbackAuthorization === 'deny') return { granted: false, rule, selectors: NO_SELECTORS };
  return undefined;
}

function selectorsOf(permission: Permission): DecisionSelectors {
  const selectors = permission.selectors;
  if (!selectors || (!selectors.query && !selectors.payload)) return NO_SELECTORS;
  return {
    query: selectors.query ? [selectors.query] : NO_SELECTORS.query,
    payload: selectors.payload ? [selectors.payload] : NO_SELECTORS.payload,
  };
}
