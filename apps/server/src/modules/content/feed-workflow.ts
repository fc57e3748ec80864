// The news feed workflow of spec §4. new → Archive | Review; review → Archive | Investigate (once,
// creating a linked draft fact-check); archive → Review. Anything else is refused, by name.
import { type Db, eq, feed, sql } from '@tabayyun/db';
import { AppError, validationFailed } from '../../errors.ts';
import type { ApiDocument, WriteContext } from '../resources/resource-types.ts';

export const FEED_ACTIONS = ['archive', 'review', 'investigate'] as const;
export type FeedAction = (typeof FEED_ACTIONS)[number];

/** The actions each status offers, as the feed cards show them. */
export const FEED_TRANSITIONS: Record<string, readonly FeedAction[]> = {
  new: ['archive', 'review'],
  review: ['archive', 'investigate'],
  archive: ['review'],
};

const STATUS_OF_ACTION: Record<Exclude<FeedAction, 'investigate'>, string> = {
  archive: 'archive',
  review: 'review',
};

export function feedActionsFor(doc: Record<string, unknown>): FeedAction[] {
  const offered = FEED_TRANSITIONS[String(doc.status)];
  if (!offered) throw new AppError('INVALID_TRANSITION', `Unknown news feed status '${String(doc.status)}'`);
  return offered.filter((a) => a !== 'investigate' || !doc.factcheck);
}

/** The status an action moves to; throws when the current status does not offer it. */
export function assertFeedAction(doc: ApiDocument, action: string): void {
  if (!(FEED_ACTIONS as readonly string[]).includes(action)) {
    throw new AppError(
      'UNKNOWN_ACTION',
      `Unknown news feed action '${action}' (use ${FEED_ACTIONS.join(', ')})`,
    );
  }
  if (action === 'investigate' && doc.factcheck) {
    throw new AppError('INVALID_TRANSITION', 'This news feed item has already been investigated', {
      factcheck: doc.factcheck,
    });
  }
  if (!feedActionsFor(doc).includes(action as FeedAction)) {
    throw new AppError(
      'INVALID_TRANSITION',
      `A news feed item in '${String(doc.status)}' offers ${feedActionsFor(doc).join(', ') || 'no action'}, not '${action}'`,
    );
  }
}

export function statusAfter(action: Exclude<FeedAction, 'investigate'>): string {
  return STATUS_OF_ACTION[action];
}

/** Validates a status change made by PUT or PATCH against the workflow. */
export function assertFeedStatusChange(existing: ApiDocument, nextStatus: unknown): void {
  if (nextStatus === existing.status) return;
  const action = (Object.keys(STATUS_OF_ACTION) as (keyof typeof STATUS_OF_ACTION)[]).find(
    (a) => STATUS_OF_ACTION[a] === nextStatus,
  );
  if (!action) throw new AppError('INVALID_TRANSITION', `Unknown news feed status '${String(nextStatus)}'`);
  assertFeedAction(existing, action);
}

/** Investigate may run only on a feed item in review that has no fact-check yet. */
export async function lockFeedForInvestigation(db: Db, feedId: string): Promise<void> {
  const [row] = await db
    .select({ _id: feed._id, status: feed.status, factcheck: feed.factcheck })
    .from(feed)
    .where(eq(feed._id, feedId))
    .for('update');
  if (!row) throw validationFailed({ newsFeed: `News feed item '${feedId}' does not exist` });
  assertFeedAction(row as ApiDocument, 'investigate');
}

export async function linkFeedToFactcheck(
  ctx: WriteContext,
  feedId: string,
  link: { _id: string; title: string },
): Promise<void> {
  const entry = {
    date: ctx.now.toISOString(),
    action: 'investigate',
    factcheck: link._id,
    by: ctx.actor.sub ?? null,
  };
  await ctx.db
    .update(feed)
    .set({
      factcheck: link,
      updateLog: sql`${feed.updateLog} || ${JSON.stringify([entry])}::jsonb`,
      updatedAt: ctx.now,
      // A write to the feed item like any other: its version moves (ADR 013).
      version: sql`${feed.version} + 1`,
      updatedBy: ctx.actor.sub ?? null,
    })
    .where(eq(feed._id, feedId));
}
