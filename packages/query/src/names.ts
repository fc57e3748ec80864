/** A query-string key, field or relation name; dots reach joined or nested fields. */
export const NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_.]*$/;

/** A filter alternative after `|` that names its own field: `name=value`. */
export const FIELD_SWITCH_PATTERN = /^([A-Za-z_][A-Za-z0-9_.]*)=([\s\S]*)$/;

export const RESERVED_KEYS = ['page', 'per_page', 'sort_by', 'select', 'lookup'] as const;
export type ReservedKey = (typeof RESERVED_KEYS)[number];

export function isName(text: string): boolean {
  return NAME_PATTERN.test(text);
}

export function isReservedKey(key: string): key is ReservedKey {
  return (RESERVED_KEYS as readonly string[]).includes(key);
}

export const COMPARE_OPS = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte'] as const;
export const LIST_OPS = ['in', 'nin', 'all'] as const;
