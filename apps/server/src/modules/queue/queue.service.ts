// "My queue" and the dashboard's needs-attention figures (issue 35 §1, ADR 051). Both read through
// the resource service, so the caller's read access and its selectors apply as on any list: the
// queue is never a way around a permission.
import type { Db } from '@tabayyun/db';
import type { Actor } from '@tabayyun/permissions';
import { parseQuery } from '@tabayyun/query';
import { AppError, invalidQuery } from '../../errors.ts';
import type { AccessGuard } from '../../plugins/access.ts';
import { readsAsPublic } from '../resources/public-fields.ts';
import type { ApiDocument } from '../resources/resource-types.ts';
import type { ResourceService } from '../resources/resources.service.ts';
import { ASSIGNABLE_RESOURCES, type AssignableResource } from './assignment.ts';
import { activeUsers } from './queue.repo.ts';

export const QUEUE_REASONS = ['assigned', 'sent-back', 'overdue'] as const;
export type QueueReason = (typeof QUEUE_REASONS)[number];

export interface QueueItem {
  _id: string;
  itemType: AssignableResource;
  title: string;
  status: string;
  language: string | null;
  reason: QueueReason;
  /** The reason given when the item was sent back. */
  statusReason: string | null;
  assignee: string | null;
  dueAt: Date | null;
  updatedAt: Date;
}

/** The statuses of work still to do, per resource. */
const OPEN_STATUSES: Record<AssignableResource, string> = {
  factcheck: 'draft|review',
  article: 'draft|review',
  feed: 'new|review',
};
/** Enough for any one person's queue; each part of the queue reads at most this many rows. */
const PART_MAX = 500;
const PER_PAGE_DEFAULT = 25;
const PER_PAGE_MAX = 100;
const QUEUE_FIELDS: Record<AssignableResource, string> = {
  factcheck: '_id,title,status,language,statusReason,withdrawnAt,assignee,dueAt,updatedAt',
  article: '_id,title,status,language,statusReason,withdrawnAt,assignee,dueAt,updatedAt',
  // Feed items have no language and are never sent back.
  feed: '_id,title,status,assignee,dueAt,updatedAt',
};

const HOUR_MS = 3_600_000;

export interface AttentionFigure {
  /** overdue · review-24h · feed-6h · needs-update */
  key: string;
  resource: AssignableResource;
  /** The list's query string that shows these items (the list screens read the same language). */
  query: string;
  count: number;
}

export type QueueService = ReturnType<typeof createQueueService>;

export function createQueueService(deps: {
  db: Db;
  resources: ResourceService;
  guard: AccessGuard;
  apiBase: string;
}) {
  const { db, resources, guard, apiBase } = deps;
  const staffReads = (actor: Actor, resource: string) =>
    !readsAsPublic(guard, actor, `${apiBase}/${resource}`);

  const listAll = async (actor: Actor, resource: AssignableResource, params: Record<string, string>) => {
    const search = new URLSearchParams({
      ...params,
      select: QUEUE_FIELDS[resource],
      sort_by: '-updatedAt',
      per_page: String(PART_MAX),
    });
    return (await resources.list({ actor, resource, query: parseQuery(search) })).data;
  };

  function reasonOf(doc: ApiDocument, now: Date): QueueReason {
    const due = doc.dueAt instanceof Date ? doc.dueAt : doc.dueAt ? new Date(String(doc.dueAt)) : null;
    if (due && due.getTime() < now.getTime()) return 'overdue';
    if (doc.status === 'draft' && doc.statusReason && !doc.withdrawnAt) return 'sent-back';
    return 'assigned';
  }

  return {
    /**
     * The caller's queue: the open items assigned to them, and the ones sent back to them (an
     * unassigned draft sent back after their last edit). Each once, with its most urgent reason.
     */
    async queue(args: {
      actor: Actor;
      page?: number;
      perPage?: number;
      reason?: string;
      now?: Date;
    }): Promise<{ data: QueueItem[]; total: number }> {
      const { actor } = args;
      if (actor.anonymous || !actor.sub) throw new AppError('UNAUTHORIZED', 'Sign in to see your queue');
      if (args.reason !== undefined && !QUEUE_REASONS.includes(args.reason as QueueReason)) {
        throw invalidQuery('reason', `one of ${QUEUE_REASONS.join(', ')}`);
      }
      const perPage = args.perPage ?? PER_PAGE_DEFAULT;
      if (!Number.isInteger(perPage) || perPage < 1 || perPage > PER_PAGE_MAX) {
        throw invalidQuery('per_page', `a whole number from 1 to ${PER_PAGE_MAX}`);
      }
      const page = args.page ?? 1;
      if (!Number.isInteger(page) || page < 1) throw invalidQuery('page', 'a whole number from 1');
      const now = args.now ?? new Date();
      const me = actor.sub;
      const items: QueueItem[] = [];
      for (const resource of ASSIGNABLE_RESOURCES) {
        if (!staffReads(actor, resource)) continue;
        const parts = [listAll(actor, resource, { assignee: me, status: OPEN_STATUSES[resource] })];
        if (resource !== 'feed') {
          parts.push(
            listAll(actor, resource, {
              assignee: '{exists}false',
              lastEditedBy: me,
              status: 'draft',
              statusReason: '{exists}true',
              withdrawnAt: '{exists}false',
            }),
          );
        }
        for (const docs of await Promise.all(parts)) {
          for (const doc of docs) {
            items.push({
              _id: doc._id,
              itemType: resource,
              title: String(doc.title ?? ''),
              status: String(doc.status),
              language: typeof doc.language === 'string' ? doc.language : null,
              reason: reasonOf(doc, now),
              statusReason: typeof doc.statusReason === 'string' ? doc.statusReason : null,
              assignee: typeof doc.assignee === 'string' ? doc.assignee : null,
              dueAt: (doc.dueAt as Date | null | undefined) ?? null,
              updatedAt: doc.updatedAt as Date,
            });
          }
        }
      }
      const chosen = args.reason ? items.filter((i) => i.reason === args.reason) : items;
      chosen.sort(
        (a, b) =>
          new Date(b.updatedAt).getTime() - new Date(a.updatedAt).getTime() || (a._id < b._id ? 1 : -1),
      );
      return { data: chosen.slice((page - 1) * perPage, page * perPage), total: chosen.length };
    },

    /** Who an item of `resource` may be assigned to: active users with a staff Read right on it. */
    async assignees(args: { actor: Actor; resource: string }) {
      const { actor, resource } = args;
      if (actor.anonymous || !actor.sub) throw new AppError('UNAUTHORIZED', 'Sign in to assign work');
      if (!(ASSIGNABLE_RESOURCES as readonly string[]).includes(resource))
        throw invalidQuery('resource', `one of ${ASSIGNABLE_RESOURCES.join(', ')}`);
      if (!staffReads(actor, resource)) throw new AppError('FORBIDDEN', 'Assignment is for the newsroom');
      const users = (await activeUsers(db)).filter((u) =>
        staffReads({ sub: u._id, roles: u.roles, email: u.email, anonymous: false }, resource),
      );
      return { data: users.map((u) => ({ _id: u._id, name: u.name || u.email })) };
    },

    /**
     * The dashboard's needs-attention card: overdue items, items in review for more than 24 hours,
     * new feed items older than 6 hours, translations marked "needs update"; each with the list
     * query that shows them, counted under the caller's read access (absent when it has none).
     */
    async attention(args: { actor: Actor; now?: Date }): Promise<AttentionFigure[]> {
      const { actor } = args;
      if (actor.anonymous || !actor.sub) throw new AppError('UNAUTHORIZED', 'Sign in to see the dashboard');
      const now = args.now ?? new Date();
      const iso = (ms: number) => new Date(now.getTime() - ms).toISOString();
      const wanted: Omit<AttentionFigure, 'count'>[] = [];
      for (const resource of ASSIGNABLE_RESOURCES) {
        wanted.push({
          key: 'overdue',
          resource,
          query: new URLSearchParams({ dueAt: `{lt}${iso(0)}`, status: OPEN_STATUSES[resource] }).toString(),
        });
      }
      for (const resource of ['factcheck', 'article'] as const) {
        wanted.push({
          key: 'review-24h',
          resource,
          query: new URLSearchParams({ status: 'review', updatedAt: `{lt}${iso(24 * HOUR_MS)}` }).toString(),
        });
      }
      wanted.push({
        key: 'feed-6h',
        resource: 'feed',
        query: new URLSearchParams({ status: 'new', createdAt: `{lt}${iso(6 * HOUR_MS)}` }).toString(),
      });
      for (const resource of ['factcheck', 'article'] as const) {
        wanted.push({
          key: 'needs-update',
          resource,
          query: new URLSearchParams({ needsUpdate: 'true', status: 'draft|review|published' }).toString(),
        });
      }
      const figures = await Promise.all(
        wanted.map(async (figure): Promise<AttentionFigure | undefined> => {
          if (!staffReads(actor, figure.resource)) return undefined;
          const count = await resources.count({
            actor,
            resource: figure.resource,
            query: parseQuery(new URLSearchParams(figure.query)),
          });
          return { ...figure, count };
        }),
      );
      return figures.filter((f): f is AttentionFigure => f !== undefined);
    },
  };
}
