// "Already checked": an editor links a news feed item to an existing fact-check instead of
// investigating a new one. The link is set once, like Investigate's, and logged in updateLog.
import { type Db, eq, feed, sql } from '@tabayyun/db';
import type { Actor } from '@tabayyun/permissions';
import { AppError } from '../../errors.ts';

export function createFeedLinkService(deps: { db: Db; onFeedChange: (ids: string[]) => void }) {
  return {
    async linkFeedItem(args: { actor: Actor; feedId: string; link: { _id: string; title: string } }) {
      await deps.db.transaction(async (tx) => {
        const [row] = await tx
          .select({ factcheck: feed.factcheck })
          .from(feed)
          .where(eq(feed._id, args.feedId))
          .for('update');
        if (row?.factcheck) {
          throw new AppError('INVALID_TRANSITION', 'This news feed item is already linked to a fact-check', {
            factcheck: row.factcheck,
          });
        }
        const now = new Date();
        const entry = {
          date: now.toISOString(),
          action: 'link',
          factcheck: args.link._id,
          by: args.actor.sub ?? null,
        };
        await tx
          .update(feed)
          .set({
            factcheck: args.link,
            updateLog: sql`${feed.updateLog} || ${JSON.stringify([entry])}::jsonb`,
            updatedAt: now,
            // A write like any other: the record's version moves (ADR 013).
            version: sql`${feed.version} + 1`,
            updatedBy: args.actor.sub ?? null,
          })
          .where(eq(feed._id, args.feedId));
      });
      deps.onFeedChange([args.feedId]);
    },
  };
}

export type FeedLinkService = ReturnType<typeof createFeedLinkService>;
