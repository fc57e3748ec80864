// What reads and writes of every resource share: the definition by name, the actor's scope (its
// selectors, joined records' own read access), the selected columns and the `_version` tag.
import { and, sql } from '@tabayyun/db';
import type { Actor } from '@tabayyun/permissions';
import type { Query } from '@tabayyun/query';
import { notFound } from '../../errors.ts';
import type { Access } from '../../plugins/access.ts';
import { compileWhere, type JoinGuard, selectedFields } from './query-compiler.ts';
import type { ApiDocument, ResourceDefinition } from './resource-types.ts';
import type { ResourceServiceDeps } from './resources.service.ts';
import { versionTagOf } from './versions.ts';

/** Fields a revision or an edit conflict never lists: every write changes them. */
export const BOOKKEEPING_FIELDS = new Set([
  'updatedAt',
  '_version',
  'updatedBy',
  'sourceChangedAt',
  'needsUpdate',
  // The workflow's own record of who edited last and who scheduled (ADR 039): not an editor's content.
  'lastEditedBy',
  'scheduledBy',
  // Who submitted it for review (ADR 048): set and cleared by status changes themselves.
  'submittedBy',
]);

const VERSION_KEY = '__version';
const CREATED_KEY = '__created';

export type ResourceScope = ReturnType<typeof createResourceScope>;

export function createResourceScope(deps: Pick<ResourceServiceDeps, 'registry' | 'guard' | 'apiBase'>) {
  const { registry, guard, apiBase } = deps;

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

  return {
    definition,
    pathOf,
    joinGuardFor,
    scopeWhere,
    columnsOf,
    splitSelect,
    selection,
    present,
    comparedFields,
  };
}
