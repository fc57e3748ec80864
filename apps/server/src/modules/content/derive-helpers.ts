// Small pieces shared by the resource definitions' derive hooks.
import { and, type Db, getTableName, ne, type PgColumn, type PgTable, sql } from '@tabayyun/db';
import { normalizeForSearch, slugify } from '@tabayyun/text';
import type { WriteContext } from '../resources/resource-types.ts';

export const searchText = (value: unknown): string =>
  typeof value === 'string' ? normalizeForSearch(value) : '';

/**
 * Appends -2, -3 … until no other row holds the slug. Called inside the write transaction: a
 * transaction lock on (table, base) makes concurrent writes with the same base (fact-checks
 * created in the same minute) choose one after the other, each seeing the slugs committed
 * before it, instead of all choosing the same free slug and failing on the unique index.
 */
export async function uniqueSlug(
  db: Db,
  table: PgTable,
  columns: { slug: PgColumn; id: PgColumn },
  base: string,
  ownId: string | undefined,
): Promise<string> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`slug:${getTableName(table)}:${base}`}))`);
  const rows = (await db
    .select({ slug: columns.slug })
    .from(table)
    .where(
      and(
        sql`(${columns.slug} = ${base} or ${columns.slug} like ${`${base.replace(/[\\%_]/g, '\\$&')}-%`})`,
        ownId ? ne(columns.id, ownId) : undefined,
      ),
    )) as { slug: string }[];
  const taken = new Set(rows.map((r) => r.slug));
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}-${n}`)) n++;
  return `${base}-${n}`;
}

/** publishedAt is set on the first publish and kept afterwards (spec §3, issue 2). */
export function publishedAtFor(input: Record<string, unknown>, ctx: WriteContext): Date | null {
  if (ctx.preserveTimestamps && input.publishedAt instanceof Date) return input.publishedAt;
  const previous = ctx.existing?.publishedAt;
  if (previous instanceof Date) return previous;
  return input.status === 'published' ? ctx.now : null;
}

/** The creation time a slug is made from: the stored one, else the seeded one, else now. */
export function creationTime(input: Record<string, unknown>, ctx: WriteContext): Date {
  if (ctx.existing?.createdAt instanceof Date) return ctx.existing.createdAt;
  if (ctx.preserveTimestamps && input.createdAt instanceof Date) return input.createdAt;
  return ctx.now;
}

/**
 * Named records (authors, media sources): search text from the name, and a unique slug from the
 * editor's slug or the name. A name in a script slugify drops (Cyrillic, say) falls back to
 * `fallback`, numbered like any other clash.
 */
export function deriveNameAndSlug(
  target: { table: PgTable; slug: PgColumn; id: PgColumn },
  fallback: string,
): (input: Record<string, unknown>, ctx: WriteContext) => Promise<Record<string, unknown>> {
  return async (input, ctx) => {
    const given = typeof input.slug === 'string' ? input.slug.trim() : '';
    const base = given || slugify(String(input.name)) || fallback;
    return {
      nameNormalized: searchText(input.name),
      slug: await uniqueSlug(ctx.db, target.table, target, base, ctx.existing?._id),
    };
  };
}
