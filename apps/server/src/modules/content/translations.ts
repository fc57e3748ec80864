// Translations follow their source (ADR 014): a translation's `translation_id` is its source's id.
// The source counts the changes of the fields its translations follow (`sourceRevision`); each
// save of a translation records the count it was saved against (`sourceRevisionSeen`). A
// translation "needs update" while its source's count is higher. Computed by SQL at read time, so
// it is right on every instance, filterable (`needsUpdate=true`) and one primary-key probe per row.
import { type article, type factcheck, getTableName, type PgColumn, sql } from '@tabayyun/db';
import type { FieldSpec } from '../resources/resource-types.ts';

export function needsUpdateField(table: typeof factcheck | typeof article): FieldSpec {
  const name = getTableName(table);
  // Qualified by hand: Drizzle renders a column inside sql`` unqualified, which the sub-select
  // would resolve to its own row.
  const outer = (column: string) => sql.raw(`"${name}"."${column}"`);
  const expression = sql`coalesce((select "translation_source"."source_revision" > coalesce(${outer('source_revision_seen')}, 0)
    from ${sql.raw(`"${name}" as "translation_source"`)}
    where "translation_source"."_id" = ${outer('translation_id')} and "translation_source"."_id" <> ${outer('_id')}), false)`;
  return {
    column: expression as unknown as PgColumn,
    kind: 'boolean',
    sortable: false,
    computed: true,
  };
}
