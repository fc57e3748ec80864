// Transport-agnostic operations on every resource: access control, validation, derived fields
// and the database call happen here; HTTP routes only parse and answer (STYLE.md, Payload).
import { and, type Db, eq, inArray, newId, or, type SQL, sql } from '@tabayyun/db';
import type { Actor } from '@tabayyun/permissions';
import { DEFAULT_PER_PAGE, type Query } from '@tabayyun/query';
import type { z } from 'zod';
import { AppError, forbidden, notFound, validationFailed } from '../../errors.ts';
import type { Access, AccessGuard } from '../../plugins/access.ts';
import { sanitizeHtml } from '../content/sanitize-html.ts';
import type { CountCache } from './count-cache.ts';
import { changedFields, isSameValue } from './document-diff.ts';
import { applyJsonPatch, type PatchOperation } from './json-patch.ts';
import {
  type PreparedLists,
  type PreparedPage,
  type PreparedStatement,
  PreparedStatements,
  statementKey,
  unnamed,
} from './prepared-statements.ts';
import { compileOrderBy, compileWhere, type JoinGuard, own, selectedFields } from './query-compiler.ts';
import type { ApiDocument, Registry, ResourceDefinition, WriteContext } from './resource-types.ts';
import { findRevision, insertRevision, userNames } from './revisions.repo.ts';
import { parseVersionTag, SERVER_OWNED_FIELDS, versionTagOf } from './versions.ts';

/** A stored link such as a feed item's `factcheck: { _id, title }`. */
const isLink = (v: unknown): v is { _id: string } =>
  typeof v === 'object' && v !== null && typeof (v as { _id?: unknown })._id === 'string';

export interface ListResult {
  data: ApiDocument[];
  total: number;
}

export interface WriteResult {
  _id: string;
  document: ApiDocument;
}

export interface WriteOptions {
  /** Seeding only: keep createdAt/updatedAt/publishedAt from the input. */
  preserveTimestamps?: boolean;
  /** A restore of this revision number (recorded on the new revision). */
  restoredFrom?: number;
}

/** The versions a client had (If-Match): `*` for any, else tags; absent: no check (ADR 013). */
export type IfMatch = '*' | readonly string[];

/** Fields a revision or an edit conflict never lists: every write changes them. */
const BOOKKEEPING_FIELDS = new Set(['updatedAt', '_version', 'updatedBy', 'sourceChangedAt', 'needsUpdate']);

const VERSION_KEY = '__version';
const CREATED_KEY = '__created';
/**
 * How many distinct `list` and `listMany` inputs (each) keep their prepared statements (ADR 035):
 * every list of every public page of a large site's busy hour, at a few kilobytes each.
 */
const PREPARED_KEPT = 500;
/** Which list of a `listMany` a row of its one statement belongs to. */
const LIST_KEY = '__list';

export interface ResourceServiceDeps {
  db: Db;
  registry: Registry;
  guard: AccessGuard;
  apiBase: string;
  /**
   * Told after every committed write, with the stored record before and after it (page-cache
   * invalidation fans out from here: content-events.ts).
   */
  onChange?: (
    resource: string,
    id: string,
    records: { before?: ApiDocument | undefined; after?: ApiDocument | undefined },
  ) => void;
  /** Totals cached until the next content change (see count-cache.ts). */
  countCache?: CountCache;
  /** Told of deletes and publishes, for the audit log (modules/audit). */
  onAudit?: (event: { type: 'delete' | 'publish'; actor: Actor; resource: string; id: string }) => void;
}

export type ResourceService = ReturnType<typeof createResourceService>;

export function createResourceService(deps: ResourceServiceDeps) {
  const { db, registry, guard, apiBase } = deps;
  const preparedLists = new PreparedStatements<PreparedLists>(PREPARED_KEPT);
  const preparedPages = new PreparedStatements<PreparedPage>(PREPARED_KEPT);

  const definition = (name: string): ResourceDefinition => {
    const def = registry.get(name);
    if (!def) throw notFound(`Resource '${name}'`);
    return def;
  };
  const pathOf = (def: ResourceDefinition) => `${apiBase}/${def.name}`;

  /** Joined records obey the actor's read access to their own resource. */
  const joinGuardFor =
    (actor: Actor): JoinGuard =>
    (target) => {
      const access = guard.check(actor, pathOf(target), 'Read');
      if (!access.granted) return sql`false`;
      return compileWhere(target, access.where, { registry, joinGuard: joinGuardFor(actor) });
    };

  const scopeWhere = (def: ResourceDefinition, actor: Actor, access: Access, query?: Query) => {
    const ctx = { registry, joinGuard: joinGuardFor(actor) };
    return and(compileWhere(def, access.where, ctx), query ? compileWhere(def, query.where, ctx) : undefined);
  };

  const columnsOf = (def: ResourceDefinition, fields: readonly string[]) =>
    Object.fromEntries(fields.map((f) => [f, def.fields[f]!.column]));

  /**
   * `_version` follows `select` like a field: answered without a select, with `select=…,_version`,
   * or with an exclusion that does not name it (`select=!content`).
   */
  const splitSelect = (select: Query['select']): { select: Query['select']; version: boolean } => {
    if (!select) return { select, version: true };
    const named = select.fields.includes('_version');
    return {
      select: { ...select, fields: select.fields.filter((f) => f !== '_version') },
      version: select.mode === 'include' ? named : !named,
    };
  };

  /** The selected columns plus what the version tag is made of. */
  const selection = (def: ResourceDefinition, fields: readonly string[], withVersion = true) => {
    const columns = columnsOf(def, fields);
    if (!withVersion) return columns;
    const version = def.fields.version?.column;
    const created = def.fields.createdAt?.column;
    if (version && created) Object.assign(columns, { [VERSION_KEY]: version, [CREATED_KEY]: created });
    return columns;
  };

  /** Rows as documents: the version columns become `_version` (ADR 013). */
  const present = (rows: Record<string, unknown>[]): ApiDocument[] => {
    for (const row of rows) {
      if (VERSION_KEY in row) {
        row._version = versionTagOf(Number(row[VERSION_KEY]), row[CREATED_KEY] as Date);
        delete row[VERSION_KEY];
        delete row[CREATED_KEY];
      }
    }
    return rows as ApiDocument[];
  };

  /** Fields of a document that revisions and conflicts compare. */
  const comparedFields = (def: ResourceDefinition) =>
    selectedFields(def, undefined).filter(
      (f) => f !== '_id' && !BOOKKEEPING_FIELDS.has(f) && !def.fields[f]!.normalized,
    );

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

  async function list(args: { actor: Actor; resource: string; query: Query }): Promise<ListResult> {
    const def = definition(args.resource);
    const access = guard.require(args.actor, pathOf(def), 'Read');
    // Kept for the next call with the same input, as listMany's (ADR 035).
    const statements = preparedPages.keep(statementKey(def, access, [args.query]), () => {
      const where = scopeWhere(def, args.actor, access, args.query);
      return {
        page: unnamed(pageOf(def, args.query, where).statement),
        count: unnamed(countStatement(def, where)),
        countKey: deps.countCache?.keyOf(def.name, where),
      };
    });
    const [rows, total] = await Promise.all([
      statements.page.execute() as Promise<Record<string, unknown>[]>,
      countWith(statements.countKey, statements.count),
    ]);
    const data = present(rows);
    await expandLookups(def, args.actor, data, args.query.lookup);
    return { data, total };
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

  /** The stored document as the actor may change it (the action's selectors apply). */
  async function loadForWrite(tx: Db, def: ResourceDefinition, actor: Actor, access: Access, id: string) {
    const where = and(eq(def.fields._id!.column, id), scopeWhere(def, actor, access));
    const rows = present(
      await tx
        .select(selection(def, selectedFields(def, undefined)))
        .from(def.table)
        .where(where)
        .limit(1)
        .for('update'),
    );
    if (rows.length === 0) throw notFound(`${def.name} '${id}'`);
    return rows[0]!;
  }

  function validateInput(
    def: ResourceDefinition,
    input: unknown,
    options: WriteOptions,
  ): Record<string, unknown> {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      throw validationFailed({ '': 'The body must be a JSON object' });
    }
    const keep = new Set(options.preserveTimestamps ? ['createdAt', 'updatedAt', 'publishedAt'] : []);
    const clean: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(input)) {
      if (v === undefined) continue;
      if ((def.readOnly.includes(k) || SERVER_OWNED_FIELDS.has(k)) && !keep.has(k)) continue;
      if (keep.has(k)) continue;
      clean[k] = v;
    }
    const parsed = (def.input as z.ZodType<Record<string, unknown>>).safeParse(clean);
    if (!parsed.success) {
      const details: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path.join('.') || (issue.code === 'unrecognized_keys' ? issue.keys.join(',') : '');
        details[key] ??= issue.message;
      }
      throw validationFailed(details);
    }
    const value = { ...parsed.data };
    for (const f of def.htmlFields ?? []) {
      if (typeof value[f] === 'string') value[f] = sanitizeHtml(value[f] as string);
    }
    if (options.preserveTimestamps) {
      for (const k of keep) {
        const raw = (input as Record<string, unknown>)[k];
        if (typeof raw === 'string' || raw instanceof Date) value[k] = new Date(raw);
      }
    }
    return value;
  }

  function checkPayload(def: ResourceDefinition, access: Access, doc: Record<string, unknown>) {
    for (const allowed of access.payload) {
      for (const [field, values] of Object.entries(allowed)) {
        if (field in doc && !values.some((v) => v === doc[field])) {
          throw forbidden(`You may set '${field}' of ${def.name} only to ${values.map(String).join(', ')}`);
        }
      }
    }
  }

  /** Fields a client may write and read back (not server-owned, not internal) missing from `doc`. */
  const absentWritableFields = (def: ResourceDefinition, doc: Record<string, unknown>) =>
    Object.entries(def.fields)
      .filter(
        ([name, spec]) =>
          name !== '_id' &&
          !name.includes('.') &&
          spec.output !== false &&
          !spec.computed &&
          !SERVER_OWNED_FIELDS.has(name) &&
          !def.readOnly.includes(name) &&
          doc[name] === undefined,
      )
      .map(([name]) => name);

  /** Turns ISO strings of date fields into Dates for the driver. */
  function toRow(def: ResourceDefinition, doc: Record<string, unknown>): Record<string, unknown> {
    const row: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(doc)) {
      const spec = def.fields[k];
      if ((!spec && k !== '_id') || spec?.computed) continue;
      row[k] = spec?.kind === 'date' && typeof v === 'string' ? new Date(v) : v;
    }
    return row;
  }

  /** Does the stored version satisfy the client's If-Match? */
  const matches = (current: ApiDocument, ifMatch: IfMatch | undefined) =>
    ifMatch === undefined || ifMatch === '*' || ifMatch.includes(String(current._version));

  /**
   * The 409 for a stale If-Match: who made the current version, when, and which fields differ.
   * The fields compare the revision the client had with the current record; without such a
   * revision (a resource without revisions, or a version older than its history), they compare
   * what the client sent with the current record (`fieldsFrom: 'submitted'`), or none for a delete.
   */
  async function editConflict(
    tx: Db,
    def: ResourceDefinition,
    current: ApiDocument,
    ifMatch: readonly string[],
    submitted: (() => unknown) | undefined,
  ): Promise<AppError> {
    const currentTag = String(current._version);
    const currentCreated = parseVersionTag(currentTag)?.created;
    let base: Record<string, unknown> | undefined;
    if (def.revisions) {
      for (const tag of ifMatch) {
        const parsed = parseVersionTag(tag);
        if (!parsed || parsed.created !== currentCreated) continue;
        const found = await findRevision(tx, {
          resource: def.name,
          recordId: current._id,
          number: parsed.number,
        });
        if (found) {
          base = found.document;
          break;
        }
      }
    }
    let fields: string[] = [];
    let fieldsFrom: 'revision' | 'submitted' | 'none' = 'none';
    if (base) {
      fields = changedFields(base, current, comparedFields(def));
      fieldsFrom = 'revision';
    } else if (submitted) {
      fieldsFrom = 'submitted';
      try {
        const input = validateInput(def, submitted(), {});
        fields = Object.keys(input).filter(
          (f) => f !== '_id' && def.fields[f] && !isSameValue(input[f], current[f]),
        );
      } catch {
        // A body that would fail anyway: the conflict is still the answer, with no field named.
      }
    }
    const by = typeof current.updatedBy === 'string' ? current.updatedBy : null;
    const names = await userNames(tx, [by]);
    return new AppError(
      'EDIT_CONFLICT',
      `${def.name} '${current._id}' was changed by someone else since you loaded it`,
      {
        resource: def.name,
        id: current._id,
        yourVersion: ifMatch.join(', '),
        currentVersion: currentTag,
        changedBy: by ? { _id: by, name: names.get(by) ?? null } : null,
        changedAt: current.updatedAt instanceof Date ? current.updatedAt.toISOString() : current.updatedAt,
        fields,
        fieldsFrom,
      },
    );
  }

  /**
   * Translations follow their source (ADR 014): a source whose followed fields change counts one
   * more source revision; a translation's save records the source revision it was saved against.
   * Counters, not clocks, so instances with skewed clocks agree.
   */
  async function translationBookkeeping(
    tx: Db,
    def: ResourceDefinition,
    doc: Record<string, unknown>,
    existing: ApiDocument | undefined,
    now: Date,
  ): Promise<Record<string, unknown>> {
    if (!def.translationSource) return {};
    const out: Record<string, unknown> = {};
    const revisionCol = def.fields.sourceRevision!.column;
    if (existing && changedFields(existing, doc, def.translationSource).length > 0) {
      out.sourceRevision = sql`${revisionCol} + 1`;
      out.sourceChangedAt = now;
    }
    const source = doc.translation_id;
    out.sourceRevisionSeen = null;
    if (typeof source === 'string' && source && source !== (existing?._id ?? doc._id)) {
      const [row] = (await tx
        .select({ n: revisionCol })
        .from(def.table)
        .where(eq(def.fields._id!.column, source))) as { n: number }[];
      out.sourceRevisionSeen = row?.n ?? 0;
    }
    return out;
  }

  async function write(
    def: ResourceDefinition,
    actor: Actor,
    action: 'Create' | 'Update' | 'Patch',
    id: string | undefined,
    build: (existing: ApiDocument | undefined) => unknown,
    options: WriteOptions,
    ifMatch?: IfMatch,
  ): Promise<WriteResult> {
    const access = guard.require(actor, pathOf(def), action);
    const versioned = def.fields.version !== undefined;
    let before: ApiDocument | undefined;
    const result = await db.transaction(async (tx) => {
      const existing = id === undefined ? undefined : await loadForWrite(tx, def, actor, access, id);
      before = existing;
      if (existing && ifMatch !== undefined && ifMatch !== '*' && !matches(existing, ifMatch)) {
        throw await editConflict(tx, def, existing, ifMatch, () => build(existing));
      }
      const input = validateInput(def, build(existing), options);
      checkPayload(def, access, input);
      const now = new Date();
      const ctx: WriteContext = {
        db: tx,
        actor,
        now,
        existing,
        preserveTimestamps: options.preserveTimestamps === true,
      };
      const derived = def.derive ? await def.derive(input, ctx) : {};
      const doc: Record<string, unknown> = { ...input, ...derived };
      if (versioned) doc.updatedBy = actor.sub ?? null;
      if (existing) {
        // Compared before absent fields turn into SQL defaults below.
        const bookkeeping = await translationBookkeeping(tx, def, doc, existing, now);
        // PUT replaces and PATCH works on the whole document: a writable field the result does
        // not carry was left out or removed, so it takes its column default or null.
        for (const name of absentWritableFields(def, doc)) {
          doc[name] = def.fields[name]!.column.hasDefault ? sql`default` : null;
        }
        doc._id = existing._id;
        doc.createdAt = existing.createdAt;
        if (!options.preserveTimestamps) doc.updatedAt = now;
        const row = { ...toRow(def, doc), ...bookkeeping };
        if (versioned) row.version = sql`${def.fields.version!.column} + 1`;
        await tx.update(def.table).set(row).where(eq(def.fields._id!.column, existing._id));
      } else {
        doc._id = typeof input._id === 'string' && input._id ? input._id : newId();
        if (!def.userIds && typeof input._id === 'string' && !/^[0-9a-f]{24}$/.test(input._id)) {
          throw new AppError('INVALID_ID', `'${input._id}' is not a valid id (24 hexadecimal characters)`);
        }
        const taken = await tx
          .select({ _id: def.fields._id!.column })
          .from(def.table)
          .where(eq(def.fields._id!.column, doc._id as string))
          .limit(1);
        if (taken.length > 0) {
          throw new AppError('CANNOT_POST_OVER_EXISTING_DOCUMENT', `${def.name} '${doc._id}' already exists`);
        }
        doc.createdAt ??= now;
        doc.updatedAt ??= now;
        await tx
          .insert(def.table)
          .values({ ...toRow(def, doc), ...(await translationBookkeeping(tx, def, doc, undefined, now)) });
      }
      const stored = await tx
        .select(selection(def, selectedFields(def, undefined)))
        .from(def.table)
        .where(eq(def.fields._id!.column, doc._id as string));
      const document = present(stored)[0]!;
      if (def.revisions) {
        await insertRevision(tx, {
          resource: def.name,
          recordId: document._id,
          number: parseVersionTag(String(document._version))!.number,
          action: options.restoredFrom !== undefined ? 'restore' : existing ? 'update' : 'create',
          restoredFrom: options.restoredFrom,
          user: actor.sub ?? null,
          changed: existing ? changedFields(existing, document, comparedFields(def)) : [],
          document,
          createdAt: now,
        });
      }
      if (document.status === 'published' && existing?.status !== 'published')
        deps.onAudit?.({ type: 'publish', actor, resource: def.name, id: document._id });
      if (def.afterWrite) await def.afterWrite(document, ctx);
      return { _id: document._id, document };
    });
    deps.countCache?.clear();
    deps.onChange?.(def.name, result._id, { before, after: result.document });
    return result;
  }

  /** A PUT body for the stored id: ids are read-only once created. */
  const replacementBody = (def: ResourceDefinition, id: string, input: unknown) => {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) return input;
    const body = { ...(input as Record<string, unknown>) };
    if (body._id !== undefined && body._id !== id) {
      throw validationFailed({ _id: 'The id cannot be changed' });
    }
    if (def.userIds) body._id = id;
    else delete body._id;
    return body;
  };

  const writableCopy = (def: ResourceDefinition, doc: ApiDocument) => {
    const copy: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(doc)) {
      if (!def.readOnly.includes(k) && !SERVER_OWNED_FIELDS.has(k)) copy[k] = v;
    }
    return copy;
  };

  return {
    list,
    listMany,
    /** How often `list` and `listMany` reused a prepared statement (tests, monitoring). */
    preparedStatementStats: () => ({ list: preparedPages.stats(), listMany: preparedLists.stats() }),
    count,
    get,
    definition,
    create(args: { actor: Actor; resource: string; input: unknown; options?: WriteOptions }) {
      return write(
        definition(args.resource),
        args.actor,
        'Create',
        undefined,
        () => args.input,
        args.options ?? {},
      );
    },
    replace(args: {
      actor: Actor;
      resource: string;
      id: string;
      input: unknown;
      options?: WriteOptions;
      ifMatch?: IfMatch;
    }) {
      const def = definition(args.resource);
      return write(
        def,
        args.actor,
        'Update',
        args.id,
        () => replacementBody(def, args.id, args.input),
        args.options ?? {},
        args.ifMatch,
      );
    },
    patch(args: {
      actor: Actor;
      resource: string;
      id: string;
      operations: unknown;
      options?: WriteOptions;
      ifMatch?: IfMatch;
    }) {
      const def = definition(args.resource);
      return write(
        def,
        args.actor,
        'Patch',
        args.id,
        (existing) => {
          const current = writableCopy(def, existing!);
          if (!def.userIds) delete current._id;
          return applyJsonPatch(current, args.operations as PatchOperation[]);
        },
        args.options ?? {},
        args.ifMatch,
      );
    },
    async remove(args: {
      actor: Actor;
      resource: string;
      id: string;
      ifMatch?: IfMatch;
    }): Promise<WriteResult> {
      const def = definition(args.resource);
      const access = guard.require(args.actor, pathOf(def), 'Delete');
      const result = await db.transaction(async (tx) => {
        const existing = await loadForWrite(tx, def, args.actor, access, args.id);
        if (args.ifMatch !== undefined && args.ifMatch !== '*' && !matches(existing, args.ifMatch)) {
          throw await editConflict(tx, def, existing, args.ifMatch, undefined);
        }
        const ctx: WriteContext = {
          db: tx,
          actor: args.actor,
          now: new Date(),
          existing,
          preserveTimestamps: false,
        };
        if (def.beforeDelete) await def.beforeDelete(existing, ctx);
        await tx.delete(def.table).where(eq(def.fields._id!.column, existing._id));
        return { _id: existing._id, document: existing };
      });
      deps.onAudit?.({ type: 'delete', actor: args.actor, resource: def.name, id: result._id });
      deps.countCache?.clear();
      deps.onChange?.(def.name, result._id, { before: result.document });
      return result;
    },
  };
}
