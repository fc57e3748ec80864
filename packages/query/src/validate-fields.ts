import type { Query } from './ast.ts';
import { QueryError } from './query-error.ts';

/** The names a resource accepts: a set of exact names, or a test (for dotted paths into JSON). */
export type FieldAllowList = ReadonlySet<string> | ((name: string) => boolean);

/** What a resource declares; an absent list accepts nothing, so forgetting one fails closed. */
export interface QueryFieldRules {
  filterable?: FieldAllowList;
  sortable?: FieldAllowList;
  selectable?: FieldAllowList;
  lookups?: FieldAllowList;
}

function isAllowed(list: FieldAllowList | undefined, name: string): boolean {
  if (list === undefined) return false;
  return typeof list === 'function' ? list(name) : list.has(name);
}

/**
 * Checks every field of a parsed query against what a resource declares, throwing QueryError for
 * the first unknown one: filters name the field, the others name their reserved key.
 */
export function validateQueryFields(query: Query, rules: QueryFieldRules): void {
  for (const clause of query.where) {
    for (const { field } of clause.any) {
      if (!isAllowed(rules.filterable, field)) throw new QueryError(field, `cannot filter on '${field}'`);
    }
  }
  if (query.sort !== undefined && !isAllowed(rules.sortable, query.sort.field)) {
    throw new QueryError('sort_by', `cannot sort on '${query.sort.field}'`);
  }
  for (const field of query.select?.fields ?? []) {
    if (!isAllowed(rules.selectable, field)) throw new QueryError('select', `cannot select '${field}'`);
  }
  for (const relation of query.lookup ?? []) {
    if (!isAllowed(rules.lookups, relation))
      throw new QueryError('lookup', `no relation '${relation}' to look up`);
  }
}
