export * from './ast.ts';
export { isName, isReservedKey, NAME_PATTERN, RESERVED_KEYS, type ReservedKey } from './names.ts';
export { parseCondition, parseQuery, type QueryInput } from './parse.ts';
export { QueryError } from './query-error.ts';
export { serializeQuery, toSearchParams } from './serialize.ts';
export { type FieldAllowList, type QueryFieldRules, validateQueryFields } from './validate-fields.ts';
