// The access seam: every route names a (path, action) and asks this one guard. It evaluates the
// rule tree of @tabayyun/permissions and returns the grant's selectors, already parsed, so the
// resource operations can AND them into the SQL (CONTRACT.md "selectors restrict"). The tree is
// the built-in defaults with the database rules merged over them; `reload` swaps it atomically
// when an admin edits a permission (every instance reloads on NOTIFY, see modules/permissions).
import {
  type Actor,
  authorize,
  buildRuleTree,
  type Rule,
  type RuleBranch,
  resolveSelectorQuery,
  SelectorError,
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
  /** Rebuilds the tree from the defaults and these rules (database rows), merged over them. */
  reload(stored: readonly Rule[]): void;
}

const DENIED: Access = Object.freeze({ granted: false, where: [], payload: [] });
/** Parsed selector queries by their resolved text; bounded, since `$sub` makes one per user. */
const PARSED_CACHE_LIMIT = 2000;

export function createAccessGuard(defaults: readonly Rule[]): AccessGuard {
  let tree = buildRuleTree(defaults);
  const parsed = new Map<string, Clause[]>();
  const clausesOf = (query: string): Clause[] => {
    let clauses = parsed.get(query);
    if (clauses === undefined) {
      clauses = parseQuery(query).where;
      if (parsed.size >= PARSED_CACHE_LIMIT) parsed.clear();
      parsed.set(query, clauses);
    }
    return clauses;
  };
  const check = (actor: Actor, path: string, action: string): Access => {
    const decision = authorize(tree, actor, path, action);
    if (!decision.granted) return DENIED;
    const queries = decision.selectors.query;
    let where: Clause[] = [];
    if (queries.length > 0) {
      try {
        where = queries.flatMap((q) => clausesOf(resolveSelectorQuery(q, actor)));
      } catch (error) {
        // A selector naming a value the actor lacks cannot be applied: deny, never drop it.
        if (error instanceof SelectorError) return DENIED;
        throw error;
      }
    }
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
    reload(stored) {
      tree = buildRuleTree([
        ...defaults,
        ...stored.map((r) => ({ ...r, ruleSource: r.ruleSource ?? 'database' })),
      ]);
      parsed.clear();
    },
  };
}
