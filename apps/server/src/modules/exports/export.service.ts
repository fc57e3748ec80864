// Exports of a list (issue 35 §4, ADR 052): every row of the list's query the caller may read, in
// the list's order, under the same scope as the list (the caller's read selectors ANDed in, joined
// records under their own read access), read in batches by keyset (the sort key and the id of the
// last row of a batch start the next one), so 100k rows never sit in memory and no batch costs
// more than the first (an OFFSET would read every skipped row again).
import { and, type Db, inArray, type SQL, sql } from '@tabayyun/db';
import type { Actor } from '@tabayyun/permissions';
import type { Query } from '@tabayyun/query';
import { AppError, invalidQuery } from '../../errors.ts';
import type { Access, AccessGuard } from '../../plugins/access.ts';
import { readsAsPublic } from '../resources/public-fields.ts';
import { compileOrderBy, own, selectedFields } from '../resources/query-compiler.ts';
import { createResourceScope, type ResourceScope } from '../resources/resource-scope.ts';
import type { ApiDocument, Registry, ResourceDefinition } from '../resources/resource-types.ts';

/** Rows read per statement: a few hundred kilobytes of fact-checks at most. */
export const EXPORT_BATCH_SIZE = 500;
const KEY = '__export_key';

export interface ExportPlan {
  resource: string;
  /** The columns, in order: the list's `select`, else every field the list answers. */
  columns: string[];
  /** The rows, a batch at a time; nothing is read before the first batch is asked for. */
  batches: AsyncGenerator<ApiDocument[]>;
}

export type ExportService = ReturnType<typeof createExportService>;

export function createExportService(deps: {
  db: Db;
  guard: AccessGuard;
  apiBase: string;
  /** The registries whose lists export (the content's, and the identity's audit log). */
  registries: readonly Registry[];
  batchSize?: number;
}) {
  const { db, guard, apiBase } = deps;
  const batchSize = deps.batchSize ?? EXPORT_BATCH_SIZE;
  const scopes = new Map<string, { def: ResourceDefinition; scope: ResourceScope }>();
  for (const registry of deps.registries) {
    const scope = createResourceScope({ registry, guard, apiBase });
    for (const def of registry.all()) scopes.set(def.name, { def, scope });
  }

  /** The resources that export (routes are made for these). */
  const names = () => [...scopes.keys()];

  /**
   * Checks the caller and compiles the query before anything is sent, so a refusal or a bad query
   * is a catalogue error with its status, not a broken download.
   */
  function plan(args: { actor: Actor; resource: string; query: Query; columns?: string[] }): ExportPlan {
    const entry = scopes.get(args.resource);
    if (!entry) throw new AppError('NOT_FOUND', `Resource '${args.resource}' not found`);
    const { def, scope } = entry;
    const path = scope.pathOf(def);
    const access = guard.require(args.actor, path, 'Read');
    // The public's reads have a page ceiling and a budget (ADR 045); an export of everything would
    // step around both. Exports are for the newsroom: a staff grant.
    if (readsAsPublic(guard, args.actor, path)) {
      if (args.actor.anonymous) throw new AppError('UNAUTHORIZED', 'Sign in to export');
      throw new AppError('FORBIDDEN', `Exporting ${def.name} needs a staff role`);
    }
    const where = scope.scopeWhere(def, args.actor, access, args.query);
    const sort = args.query.sort ?? def.defaultSort;
    const orderBy = compileOrderBy(def, sort);
    const sortSpec = own(def.fields, sort.field)!;
    const answered = selectedFields(def, args.query.select).filter(
      (f) => args.query.select || !def.fields[f]!.normalized,
    );
    // The list's visible columns: those it answers, in the order shown (others, such as a column
    // the screen computes, are left out).
    const columns = args.columns ? args.columns.filter((c) => answered.includes(c)) : answered;
    if (columns.length === 0) throw invalidQuery('columns', 'names no field of the list');
    const shown = [...columns];
    // The keyset needs each row's id; it is answered only when asked for.
    if (!columns.includes('_id')) columns.push('_id');
    const lookups = (args.query.lookup ?? []).filter((name) => name !== 'translations');
    for (const name of lookups) {
      if (!own(def.relations, name)) throw invalidQuery('lookup', `unknown relation '${name}'`);
    }
    const idColumn = def.fields._id!.column;

    async function* batches(): AsyncGenerator<ApiDocument[]> {
      let last: { key: string | null; id: string } | undefined;
      for (;;) {
        const after = last ? keysetAfter(sortSpec.column, idColumn, sort.direction, last) : undefined;
        const rows = (await db
          .select({ ...scope.columnsOf(def, columns), [KEY]: sql<string | null>`(${sortSpec.column})::text` })
          .from(def.table)
          .where(and(where, after))
          .orderBy(orderBy)
          .limit(batchSize)) as Record<string, unknown>[];
        if (rows.length === 0) return;
        const tail = rows[rows.length - 1]!;
        last = { key: tail[KEY] as string | null, id: String(tail._id) };
        for (const row of rows) delete row[KEY];
        if (!shown.includes('_id')) for (const row of rows) delete row._id;
        const docs = rows as ApiDocument[];
        for (const name of lookups) await expandLookup(def, args.actor, docs, name, scope);
        yield docs;
        if (rows.length < batchSize) return;
      }
    }
    return { resource: def.name, columns: shown, batches: batches() };
  }

  /** A lookup for a file: each linked record's id and the name a person reads, under its read access. */
  async function expandLookup(
    def: ResourceDefinition,
    actor: Actor,
    docs: ApiDocument[],
    name: string,
    scope: ResourceScope,
  ) {
    const relation = def.relations[name]!;
    const target = scope.definition(relation.resource);
    const ids = new Set<string>();
    for (const doc of docs) {
      const v = doc[name];
      if (Array.isArray(v)) for (const id of v) ids.add(String(id));
      else if (typeof v === 'string' && v) ids.add(v);
    }
    const byId = new Map<string, ApiDocument>();
    const access: Access = guard.check(actor, scope.pathOf(target), 'Read');
    if (ids.size > 0 && access.granted) {
      const label = ['name', 'title', 'slug'].find(
        (f) => target.fields[f]?.output !== false && target.fields[f],
      );
      const fields = label ? ['_id', label] : ['_id'];
      const rows = (await db
        .select(scope.columnsOf(target, fields))
        .from(target.table)
        .where(
          and(inArray(target.fields._id!.column, [...ids]), scope.scopeWhere(target, actor, access)),
        )) as ApiDocument[];
      for (const row of rows) byId.set(row._id, row);
    }
    for (const doc of docs) {
      const v = doc[name];
      if (Array.isArray(v)) doc[name] = v.map((id) => byId.get(String(id))).filter(Boolean);
      else if (typeof v === 'string') doc[name] = byId.get(v) ?? null;
    }
  }

  return { names, plan };
}

/**
 * The rows after (key, id) in the order `compileOrderBy` gives: ascending with nulls last, or
 * descending with nulls first, the id breaking ties. The key travels as text (a timestamp's
 * microseconds survive, a JavaScript Date would drop them) and PostgreSQL reads it back in the
 * column's type.
 */
function keysetAfter(
  column: SQL | SQL.Aliased | import('@tabayyun/db').PgColumn,
  id: import('@tabayyun/db').PgColumn,
  direction: 'asc' | 'desc',
  last: { key: string | null; id: string },
): SQL {
  if (direction === 'asc') {
    if (last.key === null) return sql`(${column} is null and ${id} > ${last.id})`;
    return sql`(${column} > ${last.key} or (${column} = ${last.key} and ${id} > ${last.id}) or ${column} is null)`;
  }
  if (last.key === null) return sql`((${column} is null and ${id} < ${last.id}) or ${column} is not null)`;
  return sql`(${column} < ${last.key} or (${column} = ${last.key} and ${id} < ${last.id}))`;
}
