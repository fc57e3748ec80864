// The typed AST of the query-string language of CONTRACT.md ("Reading: GET /api/<resource>").
// Values stay strings here: the language is untyped text, and the server's compiler types each
// value by the declared type of its field. Browser-safe.

export type CompareOp = 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte';
export type ListOp = 'in' | 'nin' | 'all';
export type LikeMode = 'contains' | 'startsWith' | 'endsWith';

/** One test on one field. `field` may be dotted (`author.slug`, `evaluation.category`). */
export type Condition =
  | { kind: 'compare'; field: string; op: CompareOp; value: string }
  | { kind: 'like'; field: string; mode: LikeMode; value: string }
  | { kind: 'list'; field: string; op: ListOp; values: string[] }
  | { kind: 'between'; field: string; from: string; to: string }
  | { kind: 'exists'; field: string; exists: boolean };

/** One query-string key: its conditions are ORed (`a=v1|v2`, `a=x|b=y`). Clauses are ANDed. */
export interface Clause {
  any: Condition[];
}

export interface Sort {
  field: string;
  direction: 'asc' | 'desc';
}

export type Select = { mode: 'include'; fields: string[] } | { mode: 'exclude'; fields: string[] };

export interface Query {
  /** 1-based; absent means 1. */
  page?: number;
  /** absent means the server default (25); at most 500. */
  perPage?: number;
  sort?: Sort;
  select?: Select;
  /** relation names, in order (`lookup=author;category`). */
  lookup?: string[];
  /** ANDed, in query-string order. */
  where: Clause[];
}

export const DEFAULT_PER_PAGE = 25;
export const MAX_PER_PAGE = 500;
