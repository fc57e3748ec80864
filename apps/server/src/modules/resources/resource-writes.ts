// Writes of every resource: create (POST), replace (PUT), patch (PATCH) and remove (DELETE), each
// in one transaction with access, validation, derived fields, the edit-conflict check (If-Match),
// the revision and the audit event.
import { and, type Db, eq, newId, sql } from '@tabayyun/db';
import type { Actor } from '@tabayyun/permissions';
import type { z } from 'zod';
import { AppError, forbidden, notFound, validationFailed } from '../../errors.ts';
import type { Access } from '../../plugins/access.ts';
import { sanitizeHtml } from '../content/sanitize-html.ts';
import { changedFields, isSameValue } from './document-diff.ts';
import { applyJsonPatch, type PatchOperation } from './json-patch.ts';
import { selectedFields } from './query-compiler.ts';
import type { ResourceScope } from './resource-scope.ts';
import { createTransitions, type WorkflowWrite } from './resource-transitions.ts';
import type { ApiDocument, ResourceDefinition, WriteContext } from './resource-types.ts';
import type { IfMatch, ResourceServiceDeps, WriteOptions, WriteResult } from './resources.service.ts';
import { findRevision, insertRevision, userNames } from './revisions.repo.ts';
import { parseVersionTag, SERVER_OWNED_FIELDS } from './versions.ts';

export function createResourceWrites(deps: ResourceServiceDeps, scope: ResourceScope) {
  const { db, guard } = deps;
  const { definition, pathOf, scopeWhere, selection, present, comparedFields } = scope;
  const transitions = createTransitions(deps);

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
    let flow: WorkflowWrite | undefined;
    const result = await db.transaction(async (tx) => {
      const existing = id === undefined ? undefined : await loadForWrite(tx, def, actor, access, id);
      before = existing;
      if (existing && ifMatch !== undefined && ifMatch !== '*' && !matches(existing, ifMatch)) {
        throw await editConflict(tx, def, existing, ifMatch, () => build(existing));
      }
      const input = validateInput(def, build(existing), options);
      const now = new Date();
      // The state machine first, so a refused status change names its rule (ADR 039).
      flow = def.workflow ? transitions.beforeStore({ def, actor, access, existing, input, now }) : undefined;
      checkPayload(def, access, input);
      const ctx: WriteContext = {
        db: tx,
        actor,
        now,
        existing,
        preserveTimestamps: options.preserveTimestamps === true,
      };
      const derived = def.derive ? await def.derive(input, ctx) : {};
      const doc: Record<string, unknown> = { ...input, ...derived, ...flow?.columns };
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
        // A client-chosen id may be taken; a fresh server id (newId) cannot be (issue 37: one
        // statement less per create).
        if (typeof input._id === 'string' && input._id) {
          const taken = await tx
            .select({ _id: def.fields._id!.column })
            .from(def.table)
            .where(eq(def.fields._id!.column, doc._id as string))
            .limit(1);
          if (taken.length > 0) {
            throw new AppError(
              'CANNOT_POST_OVER_EXISTING_DOCUMENT',
              `${def.name} '${doc._id}' already exists`,
            );
          }
        }
        doc.createdAt ??= now;
        doc.updatedAt ??= now;
      }
      // A create reads its stored row back from the insert itself (RETURNING), an update after it.
      const stored = existing
        ? await tx
            .select(selection(def, selectedFields(def, undefined)))
            .from(def.table)
            .where(eq(def.fields._id!.column, doc._id as string))
        : await tx
            .insert(def.table)
            .values({ ...toRow(def, doc), ...(await translationBookkeeping(tx, def, doc, undefined, now)) })
            .returning(selection(def, selectedFields(def, undefined)));
      const document = present(stored)[0]!;
      const changed = existing ? changedFields(existing, document, comparedFields(def)) : [];
      if (flow) {
        await transitions.afterStore({
          tx,
          def,
          actor,
          existing,
          document,
          changed,
          write: flow,
          now,
          options,
        });
      }
      if (def.revisions) {
        await insertRevision(tx, {
          resource: def.name,
          recordId: document._id,
          number: parseVersionTag(String(document._version))!.number,
          action: options.restoredFrom !== undefined ? 'restore' : existing ? 'update' : 'create',
          restoredFrom: options.restoredFrom,
          user: actor.sub ?? null,
          changed,
          document,
          createdAt: now,
        });
      }
      if (!def.workflow && document.status === 'published' && existing?.status !== 'published')
        deps.onAudit?.({ type: 'publish', actor, resource: def.name, id: document._id });
      if (def.afterWrite) await def.afterWrite(document, ctx);
      return { _id: document._id, document };
    });
    // Told once the write is committed: a refused or failed write leaves no audit entry.
    if (flow?.transition) {
      const entry = transitions.auditOf(flow.transition);
      deps.onAudit?.({ ...entry, actor, resource: def.name, id: result._id });
    }
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
        if (def.workflow) transitions.beforeDelete(def, existing);
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
