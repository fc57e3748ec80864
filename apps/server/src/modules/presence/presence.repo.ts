// Presence rows: one per (record, user), upserted by heartbeats. Time comes from the caller so
// every instance judges freshness the same way and tests can move it.
import { and, type Db, eq, gte, lt, ne, presence, sql, user } from '@tabayyun/db';

export interface PresenceKey {
  resource: string;
  recordId: string;
  user: string;
}

/** Records a heartbeat; `since` restarts when the previous one had gone stale. */
export async function upsertPresence(db: Db, key: PresenceKey, now: Date, staleBefore: Date): Promise<void> {
  await db
    .insert(presence)
    .values({ ...key, since: now, lastSeen: now })
    .onConflictDoUpdate({
      target: [presence.resource, presence.recordId, presence.user],
      set: {
        lastSeen: sql`excluded.last_seen`,
        since: sql`case when ${presence.lastSeen} < ${staleBefore.toISOString()}::timestamptz then excluded.since else ${presence.since} end`,
      },
    });
}

export async function deletePresence(db: Db, key: PresenceKey): Promise<void> {
  await db
    .delete(presence)
    .where(
      and(
        eq(presence.resource, key.resource),
        eq(presence.recordId, key.recordId),
        eq(presence.user, key.user),
      ),
    );
}

/** Lazy cleanup: heartbeats older than the window are gone for good. */
export async function deleteStalePresence(db: Db, staleBefore: Date): Promise<void> {
  await db.delete(presence).where(lt(presence.lastSeen, staleBefore));
}

export async function listPresence(
  db: Db,
  args: { resource: string; recordId: string; exceptUser: string; staleBefore: Date },
) {
  return db
    .select({ user: presence.user, name: user.name, since: presence.since, lastSeen: presence.lastSeen })
    .from(presence)
    .leftJoin(user, eq(user._id, presence.user))
    .where(
      and(
        eq(presence.resource, args.resource),
        eq(presence.recordId, args.recordId),
        ne(presence.user, args.exceptUser),
        gte(presence.lastSeen, args.staleBefore),
      ),
    )
    .orderBy(presence.since);
}
