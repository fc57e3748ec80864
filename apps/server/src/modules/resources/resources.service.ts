// Transport-agnostic operations on every resource: access control, validation, derived fields
// and the database call happen here; HTTP routes only parse and answer (STYLE.md, Payload).
import { and, type Db, eq, inArray, newId, type SQL, sql } from '@tabayyun/db';
import type { Actor } from '@tabayyun/permissions';
import { DEFAULT_PER_PAGE, type Query } from '@tabayyun/query';
import { sanitizeHtml } from '@tabayyun/text';
import type { z } from 'zod';
import { AppError, forbidden, notFound, validationFailed } from '../../errors.ts';
import type { Access, AccessGuard } from '../../plugins/access.ts';
import type { CountCache } from './count-cache.ts';
import { applyJsonPatch, type PatchOperation } from './json-patch.ts';
import { compileOrderBy, compileWhere, type JoinGuard, selectedFields } from './query-compiler.ts';
import type { ApiDocument, Registry, ResourceDefinition, WriteContext } from './resource-types.ts';

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
}

export interface ResourceServiceDeps {
  db: Db;
  registry: Registry;
  guard: AccessGuard;
  apiBase: string;
  /** Told after every committed write (page-cache invalidation fans out from here). */
  onChange?: (resource: string, id: string) => void;
  /** Totals cached until the next content change (see count-cache.ts). */
  countCache?: CountCache;
  /** Told of deletes and publishes, for the audit log (modules/audit). */
  onAudit?: (event: { type: 'delete' | 'publish'; actor: Actor; resource: string; id: string }) => void;
}

export type ResourceService = ReturnType<typeof createResourceService>;

export function createResourceService(deps: ResourceServiceDeps) {
  const { db, registry, guard, apiBase } = deps;

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

  async function expandLookups(
    def: ResourceDefinition,
    actor: Actor,
    docs: ApiDocument[],
    lookups: readonly string[] | undefined,
  ): Promise<void> {
    for (const name of lookups ?? []) {
      const relation = def.relations[name];
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

  async function list(args: { actor: Actor; resource: string; query: Query }): Promise<ListResult> {
    const def = definition(args.resource);
    const access = guard.require(args.actor, pathOf(def), 'Read');
    const where = scopeWhere(def, args.actor, access, args.query);
    const fields = selectedFields(def, args.query.select);
    const perPage = args.query.perPage ?? DEFAULT_PER_PAGE;
    const page = args.query.page ?? 1;
    const orderBy = compileOrderBy(def, args.query.sort);
    const [rows, total] = await Promise.all([
      db
        .select(columnsOf(def, fields))
        .from(def.table)
        .where(where)
        .orderBy(orderBy)
        .limit(perPage)
        .offset((page - 1) * perPage),
      countWhere(def, where),
    ]);
    const data = rows as ApiDocument[];
    await expandLookups(def, args.actor, data, args.query.lookup);
    return { data, total };
  }

  async function countWhere(def: ResourceDefinition, where: SQL | undefined): Promise<number> {
    const key = deps.countCache?.keyOf(def.name, where);
    const cached = key === undefined ? undefined : deps.countCache?.get(key);
    if (cached !== undefined) return cached;
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(def.table).where(where);
    const n = row?.n ?? 0;
    if (key !== undefined) deps.countCache?.set(key, n);
    return n;
  }

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
    const rows = (await db
      .select(columnsOf(def, selectedFields(def, args.query?.select)))
      .from(def.table)
      .where(where)
      .limit(1)) as ApiDocument[];
    if (rows.length === 0) throw notFound(`${def.name} '${args.id}'`);
    await expandLookups(def, args.actor, rows, args.query?.lookup);
    return rows[0]!;
  }

  /** The stored document as the actor may change it (the action's selectors apply). */
  async function loadForWrite(tx: Db, def: ResourceDefinition, actor: Actor, access: Access, id: string) {
    const where = and(eq(def.fields._id!.column, id), scopeWhere(def, actor, access));
    const rows = (await tx
      .select(columnsOf(def, selectedFields(def, undefined)))
      .from(def.table)
      .where(where)
      .limit(1)
      .for('update')) as ApiDocument[];
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
      if (def.readOnly.includes(k) && !keep.has(k)) continue;
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
          !def.readOnly.includes(name) &&
          doc[name] === undefined,
      )
      .map(([name]) => name);

  /** Turns ISO strings of date fields into Dates for the driver. */
  function toRow(def: ResourceDefinition, doc: Record<string, unknown>): Record<string, unknown> {
    const row: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(doc)) {
      const spec = def.fields[k];
      if (!spec && k !== '_id') continue;
      row[k] = spec?.kind === 'date' && typeof v === 'string' ? new Date(v) : v;
    }
    return row;
  }

  async function write(
    def: ResourceDefinition,
    actor: Actor,
    action: 'Create' | 'Update' | 'Patch',
    id: string | undefined,
    build: (existing: ApiDocument | undefined) => unknown,
    options: WriteOptions,
  ): Promise<WriteResult> {
    const access = guard.require(actor, pathOf(def), action);
    const result = await db.transaction(async (tx) => {
      const existing = id === undefined ? undefined : await loadForWrite(tx, def, actor, access, id);
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
      if (existing) {
        // PUT replaces and PATCH works on the whole document: a writable field the result does
        // not carry was left out or removed, so it takes its column default or null.
        for (const name of absentWritableFields(def, doc)) {
          doc[name] = def.fields[name]!.column.hasDefault ? sql`default` : null;
        }
        doc._id = existing._id;
        doc.createdAt = existing.createdAt;
        if (!options.preserveTimestamps) doc.updatedAt = now;
        const row = toRow(def, doc);
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
        await tx.insert(def.table).values(toRow(def, doc));
      }
      const stored = (await tx
        .select(columnsOf(def, selectedFields(def, undefined)))
        .from(def.table)
        .where(eq(def.fields._id!.column, doc._id as string))) as ApiDocument[];
      const document = stored[0]!;
      if (document.status === 'published' && existing?.status !== 'published')
        deps.onAudit?.({ type: 'publish', actor, resource: def.name, id: document._id });
      if (def.afterWrite) await def.afterWrite(document, ctx);
      return { _id: document._id, document };
    });
    deps.countCache?.clear();
    deps.onChange?.(def.name, result._id);
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
    for (const [k, v] of Object.entries(doc)) if (!def.readOnly.includes(k)) copy[k] = v;
    return copy;
  };

  return {
    list,
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
    replace(args: { actor: Actor; resource: string; id: string; input: unknown; options?: WriteOptions }) {
      const def = definition(args.resource);
      return write(
        def,
        args.actor,
        'Update',
        args.id,
        () => replacementBody(def, args.id, args.input),
        args.options ?? {},
      );
    },
    patch(args: { actor: Actor; resource: string; id: string; operations: unknown; options?: WriteOptions }) {
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
      );
    },
    async remove(args: { actor: Actor; resource: string; id: string }): Promise<WriteResult> {
      const def = definition(args.resource);
      const access = guard.require(args.actor, pathOf(def), 'Delete');
      const result = await db.transaction(async (tx) => {
        const existing = await loadForWrite(tx, def, args.actor, access, args.id);
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
      deps.onChange?.(def.name, result._id);
      return result;
    },
  };
}
