// Reads of every resource: list (a page and its total), listMany (several lists in one
// statement), count and get, each under the actor's read access, with lookups expanded.
import { and, eq, inArray, or, type SQL, sql } from '@tabayyun/db';
import type { Actor } from '@tabayyun/permissions';
import { DEFAULT_PER_PAGE, type Query } from '@tabayyun/query';
import { AppError, notFound } from '../../errors.ts';
import type { Access } from '../../plugins/access.ts';
import {
  type PreparedLists,
  type PreparedPage,
  type PreparedStatement,
  PreparedStatements,
  statementKey,
  unnamed,
} from './prepared-statements.ts';
import { compileOrderBy, own, selectedFields } from './query-compiler.ts';
import type { ResourceScope } from './resource-scope.ts';
import type { ApiDocument, ResourceDefinition } from './resource-types.ts';
import type { ListResult, ResourceServiceDeps } from './resources.service.ts';

/** A stored link such as a feed item's `factcheck: { _id, title }`. */
const isLink = (v: unknown): v is { _id: string } =>
  typeof v === 'object' && v !== null && typeof (v as { _id?: unknown })._id === 'string';

/**
 * How many distinct `list` and `listMany` inputs (each) keep their prepared statements (ADR 035):
 * every list of every public page of a large site's busy hour, at a few kilobytes each.
 */
const PREPARED_KEPT = 500;
/** Which list of a `listMany` a row of its one statement belongs to. */
const LIST_KEY = '__list';

export function createResourceReads(deps: ResourceServiceDeps, scope: ResourceScope) {
  const { db, guard } = deps;
  const { definition, pathOf, scopeWhere, columnsOf, splitSelect, selection, present } = scope;
  const preparedLists = new PreparedStatements<PreparedLists>(PREPARED_KEPT);
  const preparedPages = new PreparedStatements<PreparedPage>(PREPARED_KEPT);

  async function expandLookups(
    def: ResourceDefinition,
    actor: Actor,
    docs: ApiDocument[],
    lookups: readonly string[] | undefined,
  ): Promise<void> {
    for (const name of lookups ?? []) {
      if (name === 'translations' && def.translationSource) {
        await expandTranslations(def, actor, docs);
        continue;
      }
      const relation = own(def.relations, name);
      if (!relation)
        throw new AppError('INVALID_QUERY', `Invalid query key 'lookup': unknown relation '${name}'`, {
          key: 'lookup',
        });
      const target = definition(relation.resource);
      const ids = new Set<string>();
      for (const doc of docs) {
        const v = doc[name];
        if (Array.isArray(v)) for (const id of v) ids.add(String(id));
        else if (typeof v === 'string' && v) ids.add(v);
        else if (isLink(v)) ids.add(v._id);
      }
      const byId = new Map<string, ApiDocument>();
      if (ids.size > 0) {
        const access = guard.check(actor, pathOf(target), 'Read');
        if (access.granted) {
          const where = and(inArray(target.fields._id!.column, [...ids]), scopeWhere(target, actor, access));
          const rows = (await db
            .select(columnsOf(target, selectedFields(target, undefined)))
            .from(target.table)
            .where(where)) as ApiDocument[];
          for (const row of rows) byId.set(row._id, row);
        }
      }
      for (const doc of docs) {
        const v = doc[name];
        if (Array.isArray(v)) doc[name] = v.map((id) => byId.get(String(id))).filter(Boolean);
        else if (typeof v === 'string') doc[name] = byId.get(v) ?? null;
        else if (isLink(v)) doc[name] = byId.get(v._id) ?? null;
      }
    }
  }

  /**
   * `lookup=translations`: every language version of each item's group (the source and its
   * translations, the item itself included) that the actor may read (ADR 014).
   */
  async function expandTranslations(def: ResourceDefinition, actor: Actor, docs: ApiDocument[]) {
    if (docs.length === 0) return;
    const idCol = def.fields._id!.column;
    const groupCol = def.fields.translation_id!.column;
    const groupOf = new Map<string, string>();
    const unknown = docs.filter((d) => !('translation_id' in d)).map((d) => d._id);
    if (unknown.length > 0) {
      const rows = (await db
        .select({ _id: idCol, translation_id: groupCol })
        .from(def.table)
        .where(inArray(idCol, unknown))) as { _id: string; translation_id: string | null }[];
      for (const r of rows) groupOf.set(r._id, r.translation_id || r._id);
    }
    for (const d of docs) {
      if ('translation_id' in d) groupOf.set(d._id, (d.translation_id as string | null) || d._id);
    }
    const groups = [...new Set(groupOf.values())];
    const access = guard.check(actor, pathOf(def), 'Read');
    const members = access.granted
      ? ((await db
          .select({
            _id: idCol,
            translation_id: groupCol,
            language: def.fields.language!.column,
            status: def.fields.status!.column,
            needsUpdate: def.fields.needsUpdate!.column,
          })
          .from(def.table)
          .where(and(or(inArray(groupCol, groups), inArray(idCol, groups)), scopeWhere(def, actor, access)))
          .orderBy(def.fields.language!.column)) as {
          _id: string;
          translation_id: string | null;
          language: string;
          status: string;
          needsUpdate: boolean;
        }[])
      : [];
    for (const d of docs) {
      const group = groupOf.get(d._id) ?? d._id;
      d.translations = members
        .filter((m) => (m.translation_id || m._id) === group)
        .map((m) => ({
          _id: m._id,
          language: m.language,
          status: m.status,
          isSource: m._id === group,
          needsUpdate: m.needsUpdate,
        }));
    }
  }

  /**
   * One page of a query as a statement, with what its fields are (`shape`: statements of the same
   * shape can be joined by `UNION ALL`); `extra` adds columns.
   */
  function pageOf(
    def: ResourceDefinition,
    query: Query,
    where: SQL | undefined,
    extra: Record<string, SQL.Aliased> = {},
  ) {
    const { select, version } = splitSelect(query.select);
    const fields = selectedFields(def, select);
    const perPage = query.perPage ?? DEFAULT_PER_PAGE;
    return {
      shape: JSON.stringify([fields, version]),
      statement: db
        .select({ ...selection(def, fields, version), ...extra })
        .from(def.table)
        .where(where)
        .orderBy(compileOrderBy(def, query.sort))
        .limit(perPage)
        .offset(((query.page ?? 1) - 1) * perPage),
    };
  }

  /**
   * One page and its total. `countAtMost` bounds the total (issue 37): counting stops after that
   * many matches and `totalAtLeast` says the total is a lower bound. The public search asks for it,
   * since counting every match of a common word reads a fifth of the archive; the API never does
   * (CONTRACT.md: `total` is exact).
   */
  async function list(args: {
    actor: Actor;
    resource: string;
    query: Query;
    countAtMost?: number;
  }): Promise<ListResult> {
    const def = definition(args.resource);
    const access = guard.require(args.actor, pathOf(def), 'Read');
    const atMost = args.countAtMost;
    const key = statementKey(def, access, [args.query]);
    // Kept for the next call with the same input, as listMany's (ADR 035).
    const statements = preparedPages.keep(key === undefined ? key : `${key}:${atMost ?? ''}`, () => {
      const where = scopeWhere(def, args.actor, access, args.query);
      const countKey = deps.countCache?.keyOf(def.name, where);
      return {
        page: unnamed(pageOf(def, args.query, where).statement),
        count: unnamed(
          atMost === undefined ? countStatement(def, where) : boundedCountStatement(def, where, atMost + 1),
        ),
        countKey: countKey === undefined || atMost === undefined ? countKey : `${countKey}:<=${atMost}`,
      };
    });
    const [rows, counted] = await Promise.all([
      statements.page.execute() as Promise<Record<string, unknown>[]>,
      countWith(statements.countKey, statements.count),
    ]);
    const data = present(rows);
    await expandLookups(def, args.actor, data, args.query.lookup);
    if (atMost !== undefined && counted > atMost) return { data, total: atMost, totalAtLeast: true };
    return { data, total: counted };
  }

  /**
   * Several lists of one resource read in one statement (`UNION ALL` of the lists' own queries, each
   * with its order and page), without totals: a page showing a few short lists (the home page's
   * sections) makes one round trip instead of one per list (ADR 028). Each list is checked and
   * scoped exactly as `list` does; lists selecting different fields are read one by one.
   *
   * The statements are kept, prepared, for the next call with the same input (ADR 035): the public
   * site renders the same pages again and again (each refresh of a cached page, each cold render),
   * and building a statement's SQL cost more than a tenth of a cold home page's main-thread time.
   */
  async function listMany(args: {
    actor: Actor;
    resource: string;
    queries: Query[];
  }): Promise<ApiDocument[][]> {
    const def = definition(args.resource);
    const access = guard.require(args.actor, pathOf(def), 'Read');
    if (args.queries.length === 0) return [];
    const statements = preparedLists.keep(statementKey(def, access, args.queries), () =>
      prepareLists(def, args.actor, access, args.queries),
    );
    let lists: Record<string, unknown>[][];
    if (statements.union) {
      lists = args.queries.map(() => []);
      const rows = (await statements.prepared[0]!.execute()) as Record<string, unknown>[];
      for (const row of rows) lists[row[LIST_KEY] as number]!.push(row);
    } else {
      lists = (await Promise.all(statements.prepared.map((p) => p.execute()))) as Record<string, unknown>[][];
    }
    return Promise.all(
      lists.map(async (rows, i) => {
        for (const row of rows) delete row[LIST_KEY];
        const data = present(rows);
        await expandLookups(def, args.actor, data, args.queries[i]!.lookup);
        return data;
      }),
    );
  }

  /** The statements of a `listMany`: one `UNION ALL`, or one per list when their fields differ. */
  function prepareLists(
    def: ResourceDefinition,
    actor: Actor,
    access: Access,
    queries: Query[],
  ): PreparedLists {
    const parts = queries.map((query, index) =>
      pageOf(def, query, scopeWhere(def, actor, access, query), {
        [LIST_KEY]: sql<number>`${index}::int`.as(LIST_KEY),
      }),
    );
    if (parts.length === 1 || parts.some((part) => part.shape !== parts[0]!.shape)) {
      return { union: false, prepared: parts.map((part) => unnamed(part.statement)) };
    }
    const statements = parts.map((part) => part.statement);
    const union = statements
      .slice(1)
      .reduce((all, next) => all.unionAll(next) as unknown as typeof all, statements[0]!);
    return { union: true, prepared: [unnamed(union)] };
  }

  const countStatement = (def: ResourceDefinition, where: SQL | undefined) =>
    db.select({ n: sql<number>`count(*)::int` }).from(def.table).where(where);

  /** Counts at most `limit` matching rows: the scan stops there, whatever the archive's size. */
  const boundedCountStatement = (def: ResourceDefinition, where: SQL | undefined, limit: number) =>
    db.select({ n: sql<number>`count(*)::int` }).from(
      db
        .select({ one: sql`1`.as('one') })
        .from(def.table)
        .where(where)
        .limit(limit)
        .as('bounded'),
    );

  /** A total from the count cache, else counted by `statement` and cached under `key`. */
  async function countWith(key: string | undefined, statement: PreparedStatement): Promise<number> {
    const cached = key === undefined ? undefined : deps.countCache?.get(key);
    if (cached !== undefined) return cached;
    const [row] = (await statement.execute()) as { n: number }[];
    const n = row?.n ?? 0;
    if (key !== undefined) deps.countCache?.set(key, n);
    return n;
  }

  const countWhere = (def: ResourceDefinition, where: SQL | undefined) =>
    countWith(deps.countCache?.keyOf(def.name, where), unnamed(countStatement(def, where)));

  async function count(args: { actor: Actor; resource: string; query: Query }): Promise<number> {
    const def = definition(args.resource);
    const access = guard.require(args.actor, pathOf(def), 'Read');
    return countWhere(def, scopeWhere(def, args.actor, access, args.query));
  }

  async function get(args: {
    actor: Actor;
    resource: string;
    id: string;
    query?: Query;
  }): Promise<ApiDocument> {
    const def = definition(args.resource);
    const access = guard.require(args.actor, pathOf(def), 'Read');
    const where = and(eq(def.fields._id!.column, args.id), scopeWhere(def, args.actor, access, args.query));
    const { select, version } = splitSelect(args.query?.select);
    const rows = present(
      await db
        .select(selection(def, selectedFields(def, select), version))
        .from(def.table)
        .where(where)
        .limit(1),
    );
    if (rows.length === 0) throw notFound(`${def.name} '${args.id}'`);
    await expandLookups(def, args.actor, rows, args.query?.lookup);
    return rows[0]!;
  }

  return {
    list,
    listMany,
    /** How often `list` and `listMany` reused a prepared statement (tests, monitoring). */
    preparedStatementStats: () => ({ list: preparedPages.stats(), listMany: preparedLists.stats() }),
    count,
    get,
  };
}
