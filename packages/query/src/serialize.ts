import type { Clause, Condition, Query } from './ast.ts';
import { MAX_PER_PAGE } from './ast.ts';
import { FIELD_SWITCH_PATTERN, isName, isReservedKey } from './names.ts';
import { parseCondition } from './parse.ts';
import { QueryError } from './query-error.ts';

function assertName(key: string, name: string, what: string): void {
  if (!isName(name)) throw new QueryError(key, `${what} '${name}' is not a valid name`);
}

function assertText(field: string, text: string): void {
  // `|` separates alternatives and lone surrogates do not survive URL encoding.
  if (text.includes('|'))
    throw new QueryError(field, `value '${text}' contains '|', which cannot be written`);
  if (!text.isWellFormed()) throw new QueryError(field, `value of ${field} is not well-formed Unicode`);
}

function encodeItems(field: string, items: readonly string[]): string {
  for (const item of items) {
    assertText(field, item);
    if (item === '' || item.includes(',')) {
      throw new QueryError(field, `list item '${item}' is empty or contains ',', which cannot be written`);
    }
  }
  return items.join(',');
}

function encodeLike(condition: Extract<Condition, { kind: 'like' }>): string {
  const { field, mode, value } = condition;
  assertText(field, value);
  const encoded = mode === 'contains' ? `*${value}*` : mode === 'startsWith' ? `${value}*` : `*${value}`;
  // Only the outer `*` are special, so some values would read back as another wildcard mode
  // (startsWith '*a' → '*a*' is contains 'a'); no escape exists, so refuse rather than change meaning.
  if (value === '' || !isSameCondition(parseCondition(field, encoded), condition)) {
    throw new QueryError(field, `${mode} '${value}' cannot be written as a wildcard value`);
  }
  return encoded;
}

function isSameCondition(read: Condition, written: Condition): boolean {
  return (
    read.kind === 'like' &&
    written.kind === 'like' &&
    read.mode === written.mode &&
    read.value === written.value
  );
}

/** `isAlternative`: the value follows a `|`, where a plain `name=…` would read as a field switch. */
function encodeValue(condition: Condition, isAlternative: boolean): string {
  const { field } = condition;
  switch (condition.kind) {
    case 'compare': {
      assertText(field, condition.value);
      const { op, value } = condition;
      const isPlain =
        op === 'eq' &&
        value !== '' &&
        !value.startsWith('{') &&
        !/^\*|\*$/.test(value) &&
        !(isAlternative && FIELD_SWITCH_PATTERN.test(value));
      return isPlain ? value : `{${op}}${value}`;
    }
    case 'like':
      return encodeLike(condition);
    case 'list':
      if (condition.values.length === 0) throw new QueryError(field, `{${condition.op}} list is empty`);
      return `{${condition.op}}${encodeItems(field, condition.values)}`;
    case 'between':
      return `{btw}${encodeItems(field, [condition.from, condition.to])}`;
    case 'exists':
      return condition.exists ? '{exists}' : '{exists}false';
  }
}

function encodeClause(clause: Clause): [string, string] {
  const [first, ...rest] = clause.any;
  if (first === undefined) throw new QueryError('', 'a clause needs at least one condition');
  if (isReservedKey(first.field)) {
    throw new QueryError(first.field, `'${first.field}' is reserved and cannot start a filter`);
  }
  for (const condition of clause.any) assertName(condition.field, condition.field, 'field');
  let field = first.field;
  const alternatives = [encodeValue(first, false)];
  for (const condition of rest) {
    const value = encodeValue(condition, true);
    // Written out when the field changes, or when a wildcard (which has no {op} form) would read
    // as a field switch.
    const isSwitch = condition.field !== field || FIELD_SWITCH_PATTERN.test(value);
    alternatives.push(isSwitch ? `${condition.field}=${value}` : value);
    field = condition.field;
  }
  return [first.field, alternatives.join('|')];
}

function assertInteger(key: string, value: number, max: number): void {
  if (!Number.isSafeInteger(value) || value < 1 || value > max) {
    throw new QueryError(key, `${key} must be an integer from 1 to ${max}, got ${value}`);
  }
}

function assertNames(key: string, names: readonly string[]): void {
  if (names.length === 0) throw new QueryError(key, `${key} needs at least one name`);
  for (const name of names) assertName(key, name, 'name');
}

/** The query as URLSearchParams: filters in order, then sort_by, select, lookup, page, per_page. */
export function toSearchParams(query: Query): URLSearchParams {
  const params = new URLSearchParams();
  for (const clause of query.where) params.append(...encodeClause(clause));
  if (query.sort !== undefined) {
    assertName('sort_by', query.sort.field, 'sort field');
    params.append('sort_by', query.sort.direction === 'desc' ? `-${query.sort.field}` : query.sort.field);
  }
  if (query.select !== undefined) {
    assertNames('select', query.select.fields);
    const prefix = query.select.mode === 'exclude' ? '!' : '';
    params.append('select', query.select.fields.map((field) => `${prefix}${field}`).join(','));
  }
  if (query.lookup !== undefined) {
    assertNames('lookup', query.lookup);
    params.append('lookup', query.lookup.join(';'));
  }
  if (query.page !== undefined) {
    assertInteger('page', query.page, Number.MAX_SAFE_INTEGER);
    params.append('page', String(query.page));
  }
  if (query.perPage !== undefined) {
    assertInteger('per_page', query.perPage, MAX_PER_PAGE);
    params.append('per_page', String(query.perPage));
  }
  return params;
}

/**
 * The inverse of parseQuery: a query string without `?`, each value in its shortest form that
 * reads back to the same AST. Throws QueryError for what the language cannot express (a `|` in a
 * value, a list item that is empty or holds `,`, an empty like value, a wildcard that would read
 * back as another mode, a clause starting on a reserved key, an empty clause, select or lookup).
 */
export function serializeQuery(query: Query): string {
  return toSearchParams(query).toString();
}
