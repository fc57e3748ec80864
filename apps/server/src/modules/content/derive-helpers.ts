// Small pieces shared by the resource definitions' derive hooks.
import { type Db, getTableName, type PgColumn, type PgTable, sql } from '@tabayyun/db';
import { normalizeForSearch, slugify } from '@tabayyun/text';
import type { WriteContext } from '../resources/resource-types.ts';

export const searchText = (value: unknown): string =>
  typeof value === 'string' ? normalizeForSearch(value) : '';

/**
 * Appends -2, -3 … until no other row holds the slug: the base itself when free, else the smallest
 * free number from 2 (a gap left by a deleted or renamed item is reused). Called inside the write
 * transaction: a transaction lock on (table, base) makes concurrent writes with the same base
 * (fact-checks created in the same minute) choose one after the other, each seeing the slugs
 * committed before it, instead of all choosing the same free slug and failing on the unique index.
 *
 * The choice is one statement on the slug's pattern index (migration 0016, ADR 049): the base and
 * the range of `<base>-…` slugs (byte order, so `_` and `%` are plain characters), the numbered
 * ones turned into numbers, and the smallest free one found in SQL. Before, every sibling was sent
 * back and probed in JavaScript, after a LIKE the default index could not serve: a scan of the
 * whole table on every create (issue 37).
 */
export async function uniqueSlug(
  db: Db,
  table: PgTable,
  columns: { slug: PgColumn; id: PgColumn },
  base: string,
  ownId: string | undefined,
): Promise<string> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`slug:${getTableName(table)}:${base}`}))`);
  // '.' is the byte after '-': [base-, base.) is every slug that starts with `base-`.
  const others = ownId ? sql`and ${columns.id} <> ${ownId}` : sql``;
  const { rows } = await db.execute<{ taken: boolean; n: string | null }>(sql`
    with siblings as (
      select ${columns.slug} as slug from ${table}
      where (${columns.slug} = ${base}
        or (${columns.slug} ~>=~ ${`${base}-`} and ${columns.slug} ~<~ ${`${base}.`}))
        ${others}
    ), numbers as (
      select substr(slug, char_length(${base}) + 2)::bigint as n from siblings
      where slug <> ${base} and substr(slug, char_length(${base}) + 2) ~ '^[1-9][0-9]{0,17}$'
    )
    select exists (select 1 from siblings where slug = ${base}) as taken,
      (select min(c) from (select 2::bigint as c union all select n + 1 from numbers where n >= 2) as candidates
        where c not in (select n from numbers))::text as n`);
  const [row] = rows;
  return row?.taken ? `${base}-${row.n}` : base;
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
