// The shapes of CONTRACT.md "Permissions". They travel as JSON (database rows, GET /permissions/rules),
// so every field is plain data and every string union keeps a `string` fallback where rows may
// carry values this build does not know yet.

import type { ConditionOperator } from './condition.ts';

/** The actions the API declares on `/api/<resource>`; the back office also uses `Read` on pages. */
export const ACTIONS = ['Create', 'Read', 'Update', 'Patch', 'Delete', 'Export'] as const;
// `string & {}` keeps editor completion for the known names while accepting any rule's action.
export type Action = (typeof ACTIONS)[number] | (string & {});

export type Access = 'grant' | 'deny';

export type PermissionBy = 'anonymous' | 'user' | 'emv' | 'phv' | 'role' | 'email' | 'phone' | 'claim';

/** The value of a `by: 'claim'` permission: the actor's claim at a dotted path, compared to a value. */
export interface ClaimPermissionValue {
  claimFieldPath: string;
  claimValue: unknown;
  /** Any condition operator; `eq` when absent. */
  operator?: ConditionOperator;
}

/**
 * What a granting permission restricts (CONTRACT.md, deliberate change "selectors restrict").
 * `query`: a query string of the reading language, ANDed into reads, updates and deletes; values
 * may be the tokens `$sub`, `$email`, `$phone` (see `resolveSelectorQuery`).
 * `payload`: field → the values a write may set, e.g. `{ status: ['draft', 'review'] }`.
 */
export interface Selectors {
  query?: string;
  payload?: Record<string, unknown[]>;
}

export interface Permission {
  by: PermissionBy;
  /** `user`: a specific `sub` (absent: anyone signed in); `role`: a role id; `email`, `phone`: the
   * address; `claim`: a `ClaimPermissionValue`; unused by `anonymous`, `emv`, `phv`. */
  value?: string | ClaimPermissionValue;
  access: Access;
  selectors?: Selectors;
}

export interface Rule {
  name: string;
  /** Slash-separated; empty segments are ignored; a `:param` segment matches any one segment. */
  path: string;
  /** The result of this rule when no permission for the action matches; absent: undecided. */
  fallbackAuthorization?: Access;
  actions: Record<string, Permission[]>;
  /** Where the rule came from, e.g. `default` or `database`; informative only. */
  ruleSource?: string;
}

/** The rule tree as served by GET /permissions/rules. */
export interface RuleBranch {
  item: Rule | null;
  children: Record<string, RuleBranch>;
}

/** Who is asking: built from a verified access token (spec §3), or `ANONYMOUS_ACTOR`. */
export interface Actor {
  sub?: string;
  roles: readonly string[];
  email?: string;
  phone?: string;
  /** e-mail verified */
  emv?: boolean;
  /** phone verified */
  phv?: boolean;
  claims?: Record<string, unknown>;
  anonymous: boolean;
}

export const ANONYMOUS_ACTOR: Actor = Object.freeze({
  roles: Object.freeze([]) as readonly string[],
  anonymous: true,
});

/** The role that is granted every action with no selectors (spec §6). */
export const SUPER_ADMIN_ROLE = 'super-admin';

export interface DecisionSelectors {
  /** Raw selector queries, each to be resolved (`resolveSelectorQuery`) and ANDed into the query. */
  query: readonly string[];
  /** Each record lists the allowed values of its fields (`checkPayload`). */
  payload: readonly Readonly<Record<string, unknown[]>>[];
}

export interface Decision {
  granted: boolean;
  /** The rule that decided; absent for super-admin, for "nothing decides" and the browser fallback. */
  rule?: Rule;
  /** The permission that decided; absent when the rule's fallbackAuthorization decided. */
  permission?: Permission;
  selectors: DecisionSelectors;
}
