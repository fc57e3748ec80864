// Scheduled publishing (issue 33 §5, ADR 039). An item with a `publishAt` in the past is claimed by
// one instance (its `publish_at` moves a lease forward in the statement that picks it, with FOR
// UPDATE SKIP LOCKED, as the media-source scheduler does: ADR 019), then published by a PATCH of
// its status as the user who scheduled it, through the ordinary write path: the state machine,
// four-eyes and the publish gate are checked again at that moment. A publish clears `publishAt` in
// its own transaction, so no instance publishes an item twice. A refusal clears the schedule and is
// an audit entry (`scheduled-publish-failed`, with the code and the unmet gate items).
import { type Db, eq, sql, user } from '@tabayyun/db';
import type { Actor } from '@tabayyun/permissions';
import { AppError } from '../../errors.ts';
import type { AuditLog } from '../audit/audit.service.ts';
import type { ResourceService } from '../resources/resources.service.ts';
import { periodicJob } from '../scheduling/periodic-job.ts';

/** The resources that may be scheduled, and their tables. */
export const SCHEDULED_RESOURCES = ['factcheck', 'article'] as const;
type ScheduledResource = (typeof SCHEDULED_RESOURCES)[number];

/** A claimed publish is retried after this long if its instance stopped before finishing. */
const CLAIM_LEASE_MS = 5 * 60_000;
/** Publishes per tick and instance; more instances share the work. */
const PUBLISHES_PER_TICK_MAX = 20;

export interface ClaimedPublish {
  resource: ScheduledResource;
  id: string;
  scheduledBy: string | null;
}

/** Claims one due scheduled publish of `resource` (not published, `publish_at` passed). */
export async function claimDuePublish(
  db: Db,
  resource: ScheduledResource,
  now = new Date(),
): Promise<ClaimedPublish | undefined> {
  const table = sql.identifier(resource);
  const lease = new Date(now.getTime() + CLAIM_LEASE_MS);
  const result = await db.execute<{ _id: string; scheduled_by: string | null }>(sql`
    update ${table}
       set publish_at = ${lease}::timestamptz
     where _id = (
       select _id from ${table}
        where publish_at <= ${now}::timestamptz
          and status <> 'published'
        order by publish_at, _id
        limit 1
        for update skip locked
     )
       and publish_at <= ${now}::timestamptz
       and status <> 'published'
    returning _id, scheduled_by
  `);
  const row = result.rows[0];
  return row ? { resource, id: row._id, scheduledBy: row.scheduled_by } : undefined;
}

export interface PublishScheduler {
  /** Publishes what is due now (bounded); answers the ids published. */
  tick(): Promise<string[]>;
  start(): void;
  stop(): Promise<void>;
}

export function createPublishScheduler(deps: {
  db: Db;
  resources: ResourceService;
  audit: AuditLog;
  tickMs: number;
  log?: { error(obj: object, msg: string): void };
  /** A scheduled publish was given up (the desk notifies its scheduler, issue 35). */
  onFailed?: (failure: {
    resource: string;
    id: string;
    scheduledBy: string | null;
    code: string;
    message: string;
  }) => void;
}): PublishScheduler {
  const { db, resources } = deps;

  /** The user who scheduled, as they are now (roles, ban); undefined when gone or banned. */
  async function schedulerOf(id: string | null): Promise<Actor | undefined> {
    if (!id) return undefined;
    const [row] = await db
      .select({ _id: user._id, roles: user.roles, disabled: user.disabled, email: user.email })
      .from(user)
      .where(eq(user._id, id))
      .limit(1);
    if (!row || row.disabled) return undefined;
    return { sub: row._id, roles: row.roles, email: row.email, anonymous: false };
  }

  async function fail(claim: ClaimedPublish, actor: Actor | undefined, error: unknown): Promise<void> {
    const details: Record<string, unknown> =
      error instanceof AppError
        ? { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) }
        : { code: 'INTERNAL_ERROR', message: 'The scheduled publish failed' };
    const table = sql.identifier(claim.resource);
    await db.execute(sql`update ${table} set publish_at = null, scheduled_by = null where _id = ${claim.id}`);
    deps.audit.record({
      type: 'scheduled-publish-failed',
      actor,
      target: claim.id,
      targetType: claim.resource,
      details: { scheduledBy: claim.scheduledBy, ...details },
    });
    if (!(error instanceof AppError))
      deps.log?.error({ err: error, id: claim.id }, 'scheduled publish failed');
    deps.onFailed?.({
      resource: claim.resource,
      id: claim.id,
      scheduledBy: claim.scheduledBy,
      code: String(details.code),
      message: String(details.message),
    });
  }

  async function publish(claim: ClaimedPublish): Promise<boolean> {
    const actor = await schedulerOf(claim.scheduledBy);
    if (!actor) {
      await fail(
        claim,
        undefined,
        new AppError('FORBIDDEN', 'The user who scheduled this publish can no longer publish'),
      );
      return false;
    }
    try {
      await resources.patch({
        actor,
        resource: claim.resource,
        id: claim.id,
        operations: [{ op: 'replace', path: '/status', value: 'published' }],
      });
      return true;
    } catch (error) {
      await fail(claim, actor, error);
      return false;
    }
  }

  return periodicJob({
    tickMs: deps.tickMs,
    name: 'scheduled publishing',
    log: deps.log,
    async run(stopped) {
      const published: string[] = [];
      for (const resource of SCHEDULED_RESOURCES) {
        for (let i = 0; i < PUBLISHES_PER_TICK_MAX && !stopped(); i++) {
          const claim = await claimDuePublish(db, resource);
          if (!claim) break;
          if (await publish(claim)) published.push(claim.id);
        }
      }
      return published;
    },
  });
}
