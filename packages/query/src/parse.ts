// Grammar of a list query (CONTRACT.md, "Reading"), read after URLSearchParams has decoded it once:
//   query  = pair *("&" pair)                  ; each reserved key at most once, filters in order
//   pair   = "page=" int>=1 | "per_page=" int 1..500 | "sort_by=" sort | "select=" select
//          | "lookup=" name *(";" name) | name "=" value *("|" alt)      ; a filter pair = one Clause
//   sort   = "-" name | name ["," ("asc" | "desc")]
//   select = name *("," name) | "!" name *("," "!" name)                  ; never mixed
//   alt    = name "=" value   ; ORed condition on another field (or the same one, written out)
//          | value            ; ORed condition on the current field
//   value  = "{" cmp "}" text                   ; text after "}" is literal: {eq}*x is '*x'
//          | "{" list "}" item *("," item) | "{btw}" item "," item
//          | "{exists}" ["true" | "false"]
//          | "*" text "*" | "*" text | text "*" ; contains / endsWith / startsWith, text non-empty
//          | text                               ; equality, the empty text included (a= is a = '')
//   cmp    = eq | ne | gt | gte | lt | lte ;  list = in | nin | all
//   name   = [A-Za-z_][A-Za-z0-9_.]*  ;  item = 1*(any but "," "|")  ;  text = *(any but "|")
// Only the first alternative is bound to the pair's key; an alternative reading `name=...` always
// switches field, so a value of that shape after a `|` is written `{eq}...` or `field=...`.
// A value starting with "{" must be an operator form; "*" and "**" are malformed.

import type { CompareOp, Condition, ListOp, Query, Select, Sort } from './ast.ts';
import { MAX_PER_PAGE } from './ast.ts';
import { COMPARE_OPS, FIELD_SWITCH_PATTERN, isName, isReservedKey, LIST_OPS } from './names.ts';
import { QueryError } from './query-error.ts';

export type QueryInput = string | URLSearchParams | Record<string, string | readonly string[]>;

const OPERATOR = /^\{([^}]*)\}([\s\S]*)$/;

function toEntries(input: QueryInput): [string, string][] {
  if (typeof input === 'string') return [...new URLSearchParams(input)];
  if (input instanceof URLSearchParams) return [...input];
  return Object.entries(input).flatMap(([key, value]): [string, string][] =>
    typeof value === 'string' ? [[key, value]] : value.map((item): [string, string] => [key, item]),
  );
}

function parseInteger(key: string, raw: string, min: number, max: number): number {
  const value = Number(raw);
  if (!/^[0-9]+$/.test(raw) || value < min || value > max) {
    throw new QueryError(key, `${key} must be an integer from ${min} to ${max}, got '${raw}'`);
  }
  return value;
}

function parseSort(raw: string): Sort {
  const descending = /^-([^,]*)$/.exec(raw);
  const [field = '', direction = 'asc', ...extra] = descending ? [descending[1], 'desc'] : raw.split(',');
  if (!isName(field) || (direction !== 'asc' && direction !== 'desc') || extra.length > 0) {
    throw new QueryError('sort_by', `sort_by must be '-field', 'field' or 'field,asc|desc', got '${raw}'`);
  }
  return { field, direction };
}

function parseSelect(raw: string): Select {
  const items = raw.split(',');
  const excluded = items.filter((item) => item.startsWith('!'));
  if (excluded.length > 0 && excluded.length < items.length) {
    throw new QueryError('select', `select cannot mix included and excluded (!) fields, got '${raw}'`);
  }
  const fields = excluded.length > 0 ? items.map((item) => item.slice(1)) : items;
  const invalid = fields.find((field) => !isName(field));
  if (invalid !== undefined) throw new QueryError('select', `select has an invalid field name '${invalid}'`);
  return { mode: excluded.length > 0 ? 'exclude' : 'include', fields };
}

function parseLookup(raw: string): string[] {
  const relations = raw.split(';');
  const invalid = relations.find((relation) => !isName(relation));
  if (invalid !== undefined)
    throw new QueryError('lookup', `lookup has an invalid relation name '${invalid}'`);
  return relations;
}

function parseItems(field: string, op: string, text: string): string[] {
  if (text === '') throw new QueryError(field, `{${op}} needs a non-empty comma-separated list`);
  const items = text.split(',');
  if (items.includes('')) throw new QueryError(field, `{${op}} list has an empty item: '${text}'`);
  return items;
}

function parseOperator(field: string, op: string, text: string): Condition {
  if ((COMPARE_OPS as readonly string[]).includes(op)) {
    return { kind: 'compare', field, op: op as CompareOp, value: text };
  }
  if ((LIST_OPS as readonly string[]).includes(op)) {
    return { kind: 'list', field, op: op as ListOp, values: parseItems(field, op, text) };
  }
  if (op === 'btw') {
    const [from, to, ...extra] = parseItems(field, op, text);
    if (from === undefined || to === undefined || extra.length > 0) {
      throw new QueryError(field, `{btw} needs exactly two values 'from,to', got '${text}'`);
    }
    return { kind: 'between', field, from, to };
  }
  if (op === 'exists') {
    if (text !== '' && text !== 'true' && text !== 'false') {
      throw new QueryError(field, `{exists} takes nothing, 'true' or 'false', got '${text}'`);
    }
    return { kind: 'exists', field, exists: text !== 'false' };
  }
  throw new QueryError(field, `unknown operator '{${op}}'`);
}

/** Reads one filter value (one alternative, without its `name=` switch) on `field`. */
export function parseCondition(field: string, value: string): Condition {
  if (value.startsWith('{')) {
    const match = OPERATOR.exec(value);
    if (!match) throw new QueryError(field, `'${value}' opens an operator '{' that is never closed`);
    return parseOperator(field, match[1] ?? '', match[2] ?? '');
  }
  if (value === '*' || value === '**')
    throw new QueryError(field, `wildcard '${value}' has nothing to match`);
  const leading = value.startsWith('*');
  const trailing = value.endsWith('*');
  if (leading && trailing) return { kind: 'like', field, mode: 'contains', value: value.slice(1, -1) };
  if (leading) return { kind: 'like', field, mode: 'endsWith', value: value.slice(1) };
  if (trailing) return { kind: 'like', field, mode: 'startsWith', value: value.slice(0, -1) };
  return { kind: 'compare', field, op: 'eq', value };
}

function parseAlternatives(key: string, raw: string): Condition[] {
  let field = key;
  return raw.split('|').map((alternative, index) => {
    const switched = index > 0 ? FIELD_SWITCH_PATTERN.exec(alternative) : null;
    if (!switched) return parseCondition(field, alternative);
    field = switched[1] ?? field;
    return parseCondition(field, switched[2] ?? '');
  });
}

/**
 * Reads a list query (a query string with or without `?`, URLSearchParams, or a record such as
 * Fastify's parsed querystring) into its AST. Throws QueryError naming the offending key. Fields
 * are not checked against any resource here: see validateQueryFields.
 */
export function parseQuery(input: QueryInput): Query {
  const query: Query = { where: [] };
  const seen = new Set<string>();
  for (const [key, raw] of toEntries(input)) {
    if (isReservedKey(key)) {
      if (seen.has(key)) throw new QueryError(key, `${key} is given more than once`);
      seen.add(key);
    }
    switch (key) {
      case 'page':
        query.page = parseInteger(key, raw, 1, Number.MAX_SAFE_INTEGER);
        break;
      case 'per_page':
        query.perPage = parseInteger(key, raw, 1, MAX_PER_PAGE);
        break;
      case 'sort_by':
        query.sort = parseSort(raw);
        break;
      case 'select':
        query.select = parseSelect(raw);
        break;
      case 'lookup':
        query.lookup = parseLookup(raw);
        break;
      default:
        if (!isName(key)) throw new QueryError(key, `'${key}' is not a valid field name`);
        query.where.push({ any: parseAlternatives(key, raw) });
    }
  }
  return query;
}
