// The access seam: every route names a (path, action) and asks this one guard. It evaluates the
// rule tree of @tabayyun/permissions and returns the grant's selectors, already parsed, so the
// resource operations can AND them into the SQL (CONTRACT.md "selectors restrict").
import {
  type Actor,
  authorize,
  buildRuleTree,
  type Rule,
  type RuleBranch,
  resolveSelectorQuery,
} from '@tabayyun/permissions';
import { type Clause, parseQuery } from '@tabayyun/query';
import { AppError } from '../errors.ts';

export interface Access {
  granted: boolean;
  /** Selector clauses to AND into reads, updates and deletes. */
  where: Clause[];
  /** field → allowed values, one map per granting selector. */
  payload: readonly Readonly<Record<string, unknown[]>>[];
}

export interface AccessGuard {
  check(actor: Actor, path: string, action: string): Access;
  /** Like check, but throws 401 for the anonymous actor and 403 for a signed-in one. */
  require(actor: Actor, path: string, action: string): Access;
  rules(): RuleBranch;
}

export function createAccessGuard(rules: Rule[]): AccessGuard {
  const tree = buildRuleTree(rules);
  const check = (actor: Actor, path: string, action: string): Access => {
    const decision = authorize(tree, actor, path, action);
    if (!decision.granted) return { granted: false, where: [], payload: [] };
    const where = decision.selectors.query.flatMap((q) => parseQuery(resolveSelectorQuery(q, actor)).where);
    return { granted: true, where, payload: decision.selectors.payload };
  };
  return {
    check,
    require(actor, path, action) {
      const access = check(actor, path, action);
      if (access.granted) return access;
      if (actor.anonymous) throw new AppError('UNAUTHORIZED', 'Sign in to do this');
      throw new AppError('FORBIDDEN', `You may not ${action} ${path}`);
    },
    rules: () => tree,
  };
}
