// Refresh tokens (stored as SHA-256 hashes), devices, verification codes and rate-limit buckets.
import {
  and,
  type DbExecutor,
  desc,
  device,
  eq,
  gt,
  isNull,
  like,
  ne,
  newId,
  rateLimitBucket,
  refreshToken,
  sql,
  verificationCode,
} from '@tabayyun/db';

export type RefreshTokenRow = typeof refreshToken.$inferSelect;

export async function insertRefreshToken(
  db: DbExecutor,
  row: Omit<typeof refreshToken.$inferInsert, '_id'>,
): Promise<void> {
  await db.insert(refreshToken).values({ _id: newId(), ...row });
}

/**
 * The successor of a rotated token, stored once whichever of two concurrent refreshes (or two
 * instances) gets there first: the successor is derived from its predecessor, so both write the
 * same hash and the unique index keeps one row.
 */
export async function insertSuccessorToken(
  db: DbExecutor,
  row: Omit<typeof refreshToken.$inferInsert, '_id'>,
): Promise<void> {
  await db
    .insert(refreshToken)
    .values({ _id: newId(), ...row })
    .onConflictDoNothing({ target: refreshToken.tokenHash });
}

/** The device of a session (its family), when the sign-in named one. */
export async function deviceOfFamily(db: DbExecutor, family: string): Promise<string | undefined> {
  const [row] = await db
    .select({ device: refreshToken.device })
    .from(refreshToken)
    .where(eq(refreshToken.family, family))
    .limit(1);
  return row?.device ?? undefined;
}

/**
 * Marks a live token used and returns it, in one statement, so two concurrent refreshes with the
 * same token cannot both succeed. Undefined: unknown, used, revoked or expired.
 */
export async function consumeRefreshToken(
  db: DbExecutor,
  tokenHash: string,
  now: Date,
): Promise<RefreshTokenRow | undefined> {
  const [row] = await db
    .update(refreshToken)
    .set({ usedAt: now })
    .where(
      and(
        eq(refreshToken.tokenHash, tokenHash),
        isNull(refreshToken.usedAt),
        isNull(refreshToken.revokedAt),
        gt(refreshToken.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

export async function findRefreshToken(
  db: DbExecutor,
  tokenHash: string,
): Promise<RefreshTokenRow | undefined> {
  const [row] = await db.select().from(refreshToken).where(eq(refreshToken.tokenHash, tokenHash)).limit(1);
  return row;
}

export async function revokeFamily(db: DbExecutor, family: string, now: Date): Promise<void> {
  await db
    .update(refreshToken)
    .set({ revokedAt: now })
    .where(and(eq(refreshToken.family, family), isNull(refreshToken.revokedAt)));
}

/** Signs a user out everywhere (password reset, ban), optionally one device or impersonations only. */
export async function revokeUserTokens(
  db: DbExecutor,
  userId: string,
  now: Date,
  only: { device?: string; impersonator?: string; exceptFamily?: string } = {},
): Promise<void> {
  await db
    .update(refreshToken)
    .set({ revokedAt: now })
    .where(
      and(
        eq(refreshToken.user, userId),
        isNull(refreshToken.revokedAt),
        only.device === undefined ? undefined : eq(refreshToken.device, only.device),
        only.impersonator === undefined ? undefined : eq(refreshToken.impersonator, only.impersonator),
        only.exceptFamily === undefined ? undefined : ne(refreshToken.family, only.exceptFamily),
      ),
    );
}

const deviceKey = (userId: string, deviceId: string) => `${userId}.${deviceId}`;

/** Where the server saw a device: the client address and its User-Agent header. */
export interface SeenFrom {
  ip?: string | undefined;
  userAgent?: string | undefined;
}

const seenColumns = (seen: SeenFrom) => ({
  ...(seen.ip === undefined ? {} : { ip: seen.ip }),
  ...(seen.userAgent === undefined ? {} : { userAgent: seen.userAgent.slice(0, 512) }),
});

/** Records a device (sign-in, registration); true when the user had no device of this id before. */
export async function upsertDevice(
  db: DbExecutor,
  userId: string,
  deviceId: string,
  info: Record<string, unknown>,
  now: Date,
  seen: SeenFrom = {},
): Promise<boolean> {
  const [row] = await db
    .insert(device)
    .values({ _id: deviceKey(userId, deviceId), user: userId, info, lastSeen: now, ...seenColumns(seen) })
    .onConflictDoUpdate({
      target: device._id,
      set: { info, lastSeen: now, updatedAt: now, ...seenColumns(seen) },
    })
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  return row?.inserted === true;
}

/** A refresh: the device was seen now, from this address. */
export async function touchDevice(
  db: DbExecutor,
  userId: string,
  deviceId: string,
  now: Date,
  seen: SeenFrom,
): Promise<void> {
  await db
    .update(device)
    .set({ lastSeen: now, ...seenColumns(seen) })
    .where(eq(device._id, deviceKey(userId, deviceId)));
}

export async function countDevices(db: DbExecutor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(device)
    .where(eq(device.user, userId));
  return row?.n ?? 0;
}

/** The user's devices, most recently seen first (the profile screen). */
export async function listDevices(db: DbExecutor, userId: string) {
  return db
    .select({
      _id: device._id,
      info: device.info,
      lastSeen: device.lastSeen,
      createdAt: device.createdAt,
      ip: device.ip,
      userAgent: device.userAgent,
    })
    .from(device)
    .where(eq(device.user, userId))
    .orderBy(desc(device.lastSeen));
}

/** Forgets every device of the user but `keep` (none kept when undefined). */
export async function deleteDevicesExcept(
  db: DbExecutor,
  userId: string,
  keep: string | undefined,
): Promise<void> {
  await db
    .delete(device)
    .where(
      and(eq(device.user, userId), keep === undefined ? undefined : ne(device._id, deviceKey(userId, keep))),
    );
}

export async function deleteDevice(db: DbExecutor, userId: string, deviceId: string): Promise<boolean> {
  const rows = await db
    .delete(device)
    .where(eq(device._id, deviceKey(userId, deviceId)))
    .returning({ _id: device._id });
  return rows.length > 0;
}

export async function deleteUserSessions(db: DbExecutor, userId: string): Promise<void> {
  await db.delete(refreshToken).where(eq(refreshToken.user, userId));
  await db.delete(device).where(eq(device.user, userId));
  // A deleted user's codes and sign-in counters go with them (issue 34).
  await db.delete(verificationCode).where(eq(verificationCode.user, userId));
  await deleteBuckets(db, `sign-in:user:${userId}:`);
}

export type VerificationCodeRow = typeof verificationCode.$inferSelect;

export async function insertVerificationCode(
  db: DbExecutor,
  row: Omit<typeof verificationCode.$inferInsert, '_id'>,
): Promise<void> {
  // One live code per (kind, target): a new one replaces the old.
  await db
    .delete(verificationCode)
    .where(and(eq(verificationCode.kind, row.kind), eq(verificationCode.target, row.target)));
  await db.insert(verificationCode).values({ _id: newId(), ...row });
}

export async function findLiveCode(
  db: DbExecutor,
  kind: string,
  target: string,
  now: Date,
): Promise<VerificationCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(verificationCode)
    .where(
      and(
        eq(verificationCode.kind, kind),
        eq(verificationCode.target, target),
        isNull(verificationCode.usedAt),
        gt(verificationCode.expiresAt, now),
      ),
    )
    .limit(1);
  return row;
}

/** Marks a code used; false when it was already used (single use under concurrency). */
export async function markCodeUsed(db: DbExecutor, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(verificationCode)
    .set({ usedAt: now })
    .where(and(eq(verificationCode._id, id), isNull(verificationCode.usedAt)))
    .returning({ _id: verificationCode._id });
  return rows.length > 0;
}

export async function countCodeAttempt(db: DbExecutor, id: string): Promise<number> {
  const [row] = await db
    .update(verificationCode)
    .set({ attempts: sql`${verificationCode.attempts} + 1` })
    .where(eq(verificationCode._id, id))
    .returning({ attempts: verificationCode.attempts });
  return row?.attempts ?? 0;
}

/** A counter's state without counting (a lock is a bucket whose window has not ended). */
export async function readBucket(
  db: DbExecutor,
  key: string,
  now: Date,
): Promise<{ count: number; resetAt: Date } | undefined> {
  const [row] = await db
    .select({ count: rateLimitBucket.count, resetAt: rateLimitBucket.resetAt })
    .from(rateLimitBucket)
    .where(and(eq(rateLimitBucket.key, key), gt(rateLimitBucket.resetAt, now)))
    .limit(1);
  return row;
}

/** Sets a bucket's window to end at `resetAt` (a lock from now on, whatever came before). */
export async function setBucket(db: DbExecutor, key: string, count: number, resetAt: Date): Promise<void> {
  await db
    .insert(rateLimitBucket)
    .values({ key, count, resetAt })
    .onConflictDoUpdate({ target: rateLimitBucket.key, set: { count, resetAt } });
}

/** Drops every bucket whose key starts with `prefix` (a password reset lifts the locks). */
export async function deleteBuckets(db: DbExecutor, prefix: string): Promise<void> {
  const escaped = prefix.replace(/[\\%_]/g, (c) => `\\${c}`);
  await db.delete(rateLimitBucket).where(like(rateLimitBucket.key, `${escaped}%`));
}

/** Takes back one hit (an attempt that turned out not to count); never below zero. */
export async function unhitBucket(db: DbExecutor, key: string): Promise<void> {
  await db
    .update(rateLimitBucket)
    .set({ count: sql`greatest(${rateLimitBucket.count} - 1, 0)` })
    .where(eq(rateLimitBucket.key, key));
}

/** Adds one hit to a fixed-window counter shared by every instance; returns the count and reset. */
export async function hitBucket(
  db: DbExecutor,
  key: string,
  windowMs: number,
  now: Date,
): Promise<{ count: number; resetAt: Date }> {
  const resetAt = new Date(now.getTime() + windowMs);
  const [row] = await db
    .insert(rateLimitBucket)
    .values({ key, count: 1, resetAt })
    .onConflictDoUpdate({
      target: rateLimitBucket.key,
      set: {
        count: sql`case when ${rateLimitBucket.resetAt} <= ${now.toISOString()}::timestamptz then 1 else ${rateLimitBucket.count} + 1 end`,
        resetAt: sql`case when ${rateLimitBucket.resetAt} <= ${now.toISOString()}::timestamptz then excluded.reset_at else ${rateLimitBucket.resetAt} end`,
      },
    })
    .returning({ count: rateLimitBucket.count, resetAt: rateLimitBucket.resetAt });
  return row!;
}
