// The notification tables: notification (one row per recipient and event) and notification_setting
// (a user's mail choices and the time of their last digest).
import {
  and,
  count,
  type DbExecutor,
  desc,
  eq,
  factcheck,
  inArray,
  notification,
  notificationSetting,
  type SQL,
  sql,
  user,
} from '@tabayyun/db';

export type NotificationRow = typeof notification.$inferSelect;
export type NewNotificationRow = typeof notification.$inferInsert;

export interface Recipient {
  _id: string;
  email: string;
  name: string | null;
}

/** The users among `ids` who may still sign in. */
export async function activeUsers(db: DbExecutor, ids: readonly string[]): Promise<Recipient[]> {
  if (ids.length === 0) return [];
  return db
    .select({ _id: user._id, email: user.email, name: user.name })
    .from(user)
    .where(and(inArray(user._id, [...ids]), eq(user.disabled, false)));
}

export async function userNames(db: DbExecutor, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ _id: user._id, name: user.name, email: user.email })
    .from(user)
    .where(inArray(user._id, [...ids]));
  return new Map(rows.map((r) => [r._id, r.name || r.email]));
}

export async function mailSettingsOf(
  db: DbExecutor,
  ids: readonly string[],
): Promise<Map<string, Record<string, string>>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ user: notificationSetting.user, email: notificationSetting.email })
    .from(notificationSetting)
    .where(inArray(notificationSetting.user, [...ids]));
  return new Map(rows.map((r) => [r.user, r.email]));
}

export async function readMailSettings(
  db: DbExecutor,
  id: string,
): Promise<Record<string, string> | undefined> {
  return (await mailSettingsOf(db, [id])).get(id);
}

export async function writeMailSettings(
  db: DbExecutor,
  id: string,
  email: Record<string, string>,
  now: Date,
) {
  await db
    .insert(notificationSetting)
    .values({ user: id, email, digestSentAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: notificationSetting.user, set: { email, updatedAt: now } });
}

/** The digest clock of users who will receive one: their first digest comes a period from now. */
export async function startDigestClocks(db: DbExecutor, ids: readonly string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .insert(notificationSetting)
    .values(ids.map((id) => ({ user: id, digestSentAt: now, updatedAt: now })))
    .onConflictDoNothing();
}

export async function insertNotifications(
  db: DbExecutor,
  rows: NewNotificationRow[],
): Promise<NotificationRow[]> {
  if (rows.length === 0) return [];
  return db.insert(notification).values(rows).returning();
}

export async function markMailed(db: DbExecutor, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(notification)
    .set({ mail: 'sent' })
    .where(inArray(notification._id, [...ids]));
}

export async function listNotifications(
  db: DbExecutor,
  recipient: string,
  opts: { read?: boolean | undefined; limit: number; offset: number },
): Promise<{ rows: NotificationRow[]; total: number; unread: number }> {
  const mine = eq(notification.recipient, recipient);
  const where: SQL | undefined = opts.read === undefined ? mine : and(mine, eq(notification.read, opts.read));
  const [rows, [totals], [unread]] = await Promise.all([
    db
      .select()
      .from(notification)
      .where(where)
      .orderBy(desc(notification.createdAt), desc(notification._id))
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ n: count() }).from(notification).where(where),
    db
      .select({ n: count() })
      .from(notification)
      .where(and(mine, eq(notification.read, false))),
  ]);
  return { rows, total: Number(totals?.n ?? 0), unread: Number(unread?.n ?? 0) };
}

export async function setRead(
  db: DbExecutor,
  recipient: string,
  id: string,
  read: boolean,
): Promise<NotificationRow | undefined> {
  const [row] = await db
    .update(notification)
    .set({ read })
    .where(and(eq(notification._id, id), eq(notification.recipient, recipient)))
    .returning();
  return row;
}

export async function setAllRead(db: DbExecutor, recipient: string): Promise<number> {
  const rows = await db
    .update(notification)
    .set({ read: true })
    .where(and(eq(notification.recipient, recipient), eq(notification.read, false)))
    .returning({ _id: notification._id });
  return rows.length;
}

/** Who a fact-check belongs to on the desk: its assignee, else its last editor. */
export async function factcheckOwners(
  db: DbExecutor,
  ids: readonly string[],
): Promise<{ _id: string; title: string; owner: string | null }[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      _id: factcheck._id,
      title: factcheck.title,
      assignee: factcheck.assignee,
      lastEditedBy: factcheck.lastEditedBy,
    })
    .from(factcheck)
    .where(inArray(factcheck._id, [...ids]));
  return rows.map((r) => ({ _id: r._id, title: r.title, owner: r.assignee ?? r.lastEditedBy }));
}

/** The title, assignee and last editor of a fact-check or article. */
export async function itemSummary(
  db: DbExecutor,
  resource: string,
  id: string,
): Promise<{ title: string; assignee: string | null; lastEditedBy: string | null } | undefined> {
  const table = sql.identifier(resource);
  const result = await db.execute<{ title: string; assignee: string | null; last_edited_by: string | null }>(
    sql`select title, assignee, last_edited_by from ${table} where _id = ${id}`,
  );
  const row = result.rows[0];
  return row ? { title: row.title, assignee: row.assignee, lastEditedBy: row.last_edited_by } : undefined;
}

/**
 * Claims one user whose digest is due (pending digest notifications, last digest a period ago) and
 * takes their pending notifications, in the caller's transaction: instances never send one twice.
 */
export async function claimDueDigest(
  tx: DbExecutor,
  now: Date,
  periodMs: number,
): Promise<{ user: string; rows: NotificationRow[] } | undefined> {
  const cutoff = new Date(now.getTime() - periodMs);
  const claimed = await tx.execute<{ user: string }>(sql`
    update notification_setting set digest_sent_at = ${now}::timestamptz
     where "user" = (
       select s."user" from notification_setting s
        where (s.digest_sent_at is null or s.digest_sent_at <= ${cutoff}::timestamptz)
          and exists (select 1 from notification n where n.recipient = s."user" and n.mail = 'digest')
        order by s.digest_sent_at nulls first, s."user"
        limit 1
        for update skip locked
     )
    returning "user"
  `);
  const id = claimed.rows[0]?.user;
  if (!id) return undefined;
  const rows = await tx
    .update(notification)
    .set({ mail: 'sent' })
    .where(and(eq(notification.recipient, id), eq(notification.mail, 'digest')))
    .returning();
  rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  return { user: id, rows };
}
