// Revisions of fact-checks and articles (ADR 013): listed, read and restored under the record's
// own permissions. Reading needs Read on the record (its selectors apply: a record the actor cannot
// see has no visible history) and a signed-in actor, since history holds unpublished drafts;
// restoring is a replace, so it needs Update and meets the payload selectors like any PUT.
import type { Db } from '@tabayyun/db';
import type { Actor } from '@tabayyun/permissions';
import { AppError, invalidQuery, notFound, validationFailed } from '../../errors.ts';
import type { ApiDocument, ResourceDefinition } from './resource-types.ts';
import type { IfMatch, ResourceService, WriteResult } from './resources.service.ts';
import { findRevision, listRevisions, type RevisionRow, userNames } from './revisions.repo.ts';
import { SERVER_OWNED_FIELDS, versionTagOf } from './versions.ts';

export const REVISIONS_DEFAULT_PER_PAGE = 25;
/** What a restore keeps from the current record of a workflow resource. */
const WORKFLOW_KEPT_ON_RESTORE = ['status', 'statusReason', 'publishAt'] as const;
export const REVISIONS_MAX_PER_PAGE = 100;

export interface RevisionSummary {
  number: number;
  /** The `_version` the record had after this save. */
  _version: string;
  action: string;
  restoredFrom: number | null;
  user: { _id: string; name: string | null } | null;
  createdAt: string;
  /** Fields that differ from the previous revision (empty for the first). */
  changed: string[];
}

export type RevisionsService = ReturnType<typeof createRevisionsService>;

const positive = (key: string, raw: string | undefined, fallback: number, max?: number): number => {
  if (raw === undefined || raw === '') return fallback;
  if (!/^[1-9]\d{0,8}$/.test(raw)) throw invalidQuery(key, `'${raw}' is not a whole number from 1`);
  const n = Number(raw);
  if (max !== undefined && n > max) throw invalidQuery(key, `at most ${max}`);
  return n;
};

export function revisionNumberOf(raw: string): number {
  if (!/^[1-9]\d{0,8}$/.test(raw))
    throw validationFailed({ n: 'A revision number is a whole number from 1' });
  return Number(raw);
}

export function createRevisionsService(deps: { db: Db; resources: ResourceService }) {
  const { db, resources } = deps;

  /** The record as the actor may read it; anonymous callers have no history to see. */
  async function readable(
    actor: Actor,
    resource: string,
    id: string,
  ): Promise<{ def: ResourceDefinition; record: ApiDocument }> {
    const def = resources.definition(resource);
    if (!def.revisions) throw notFound(`Revisions of ${resource}`);
    if (actor.anonymous) throw new AppError('UNAUTHORIZED', 'Sign in to read revisions');
    const record = await resources.get({ actor, resource, id });
    return { def, record };
  }

  async function summaries(rows: RevisionRow[], createdAt: unknown): Promise<RevisionSummary[]> {
    const names = await userNames(
      db,
      rows.map((r) => r.user),
    );
    return rows.map((r) => ({
      number: r.number,
      _version: versionTagOf(r.number, createdAt as Date),
      action: r.action,
      restoredFrom: r.restoredFrom,
      user: r.user ? { _id: r.user, name: names.get(r.user) ?? null } : null,
      createdAt: r.createdAt.toISOString(),
      changed: r.changed,
    }));
  }

  async function revision(args: { actor: Actor; resource: string; id: string; number: number }) {
    const { def, record } = await readable(args.actor, args.resource, args.id);
    const found = await findRevision(db, { resource: def.name, recordId: record._id, number: args.number });
    if (!found) throw notFound(`Revision ${args.number} of ${def.name} '${record._id}'`);
    const [summary] = await summaries([found], record.createdAt);
    return { def, record, summary: summary!, document: found.document };
  }

  return {
    async list(args: {
      actor: Actor;
      resource: string;
      id: string;
      page?: string;
      perPage?: string;
    }): Promise<{ data: RevisionSummary[]; total: number }> {
      const page = positive('page', args.page, 1);
      const perPage = positive('per_page', args.perPage, REVISIONS_DEFAULT_PER_PAGE, REVISIONS_MAX_PER_PAGE);
      const { def, record } = await readable(args.actor, args.resource, args.id);
      const { rows, total } = await listRevisions(db, {
        resource: def.name,
        recordId: record._id,
        limit: perPage,
        offset: (page - 1) * perPage,
      });
      return { data: await summaries(rows, record.createdAt), total };
    },

    async get(args: { actor: Actor; resource: string; id: string; number: number }) {
      const { summary, document } = await revision(args);
      return { ...summary, document };
    },

    /** Writes the revision's editable fields back as a new save (hence a new revision). */
    async restore(args: {
      actor: Actor;
      resource: string;
      id: string;
      number: number;
      ifMatch?: IfMatch;
    }): Promise<WriteResult> {
      const { def, record, document } = await revision(args);
      const input: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(document)) {
        const spec = def.fields[k];
        if (!spec || spec.computed || spec.output === false) continue;
        if (def.readOnly.includes(k) || SERVER_OWNED_FIELDS.has(k)) continue;
        if (k === '_id' && !def.userIds) continue;
        input[k] = v;
      }
      // A restore brings back the content, not a status: the item stays where the workflow has it
      // (publishing or unpublishing is a transition of its own, ADR 039), with its schedule.
      if (def.workflow) {
        for (const k of WORKFLOW_KEPT_ON_RESTORE) {
          if (k in record) input[k] = record[k];
          else delete input[k];
        }
      }
      return resources.replace({
        actor: args.actor,
        resource: def.name,
        id: args.id,
        input,
        options: { restoredFrom: args.number },
        ...(args.ifMatch === undefined ? {} : { ifMatch: args.ifMatch }),
      });
    },
  };
}
