// Builds a resource's field declarations from its Drizzle table, so the API and the schema cannot
// drift apart: each column's type decides how filters parse, and overrides add the exceptions.
import { getTableColumns, type PgColumn, type PgTable } from '@tabayyun/db';
import type { FieldKind, FieldSpec } from './resource-types.ts';

function kindOf(column: PgColumn): FieldKind {
  const enumValues = (column as { enumValues?: readonly string[] }).enumValues;
  switch (column.dataType.split(' ')[0]) {
    case 'array':
      return 'text[]';
    case 'boolean':
      return 'boolean';
    case 'date':
    case 'object':
      return column.columnType === 'PgTimestamp' ? 'date' : 'json';
    case 'json':
      return 'json';
    case 'number':
      return column.columnType === 'PgInteger' ? 'integer' : 'number';
    case 'string':
      return enumValues && enumValues.length > 0 ? 'enum' : 'text';
    default:
      return 'json';
  }
}

export function fieldSpecs(
  table: PgTable,
  overrides: Record<string, Partial<FieldSpec>> = {},
): Record<string, FieldSpec> {
  const specs: Record<string, FieldSpec> = {};
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  for (const [name, column] of Object.entries(columns)) {
    const kind = kindOf(column);
    const values = (column as { enumValues?: readonly string[] }).enumValues;
    specs[name] = {
      column,
      kind,
      ...(kind === 'enum' && values ? { values } : {}),
      // Search columns hold normalised text: values compared with them are normalised too.
      ...(name.endsWith('Normalized') ? { normalized: true } : {}),
      // A field with a normalised copy (`claims` → `claimsNormalized`) runs its wildcard filters on
      // the copy, which a trigram index serves (issue 34): the text as readers search it.
      ...(Object.hasOwn(columns, `${name}Normalized`) ? { searchColumn: columns[`${name}Normalized`] } : {}),
      // The version is answered as the opaque `_version` (ADR 013), not as a field of its own.
      ...(name === 'version' ? { output: false, filterable: false, sortable: false } : {}),
      // Translation bookkeeping (ADR 014): clients read the derived `needsUpdate` instead.
      ...(name === 'sourceRevision' || name === 'sourceRevisionSeen' ? { output: false } : {}),
      ...overrides[name],
    };
  }
  return specs;
}
