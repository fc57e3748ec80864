import { and, type DbExecutor, eq, newId, or, sql, user } from '@tabayyun/db';

export type UserRow = typeof user.$inferSelect;
export type NewUserRow = Omit<typeof user.$inferInsert, '_id'> & { _id?: string };

export async function findUserById(db: DbExecutor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(user).where(eq(user._id, id)).limit(1);
  return row;
}

/** One user by any of their sign-in names (e-mail and username are stored lower-cased). */
export async function findUserByLogin(
  db: DbExecutor,
  login: { id?: string; email?: string; username?: string; phone?: string },
): Promise<UserRow | undefined> {
  const conditions = [
    login.id ? eq(user._id, login.id) : undefined,
    login.email ? eq(user.email, login.email) : undefined,
    login.username ? or(eq(user.username, login.username), eq(user.email, login.username)) : undefined,
    login.phone ? eq(user.phone, login.phone) : undefined,
  ].filter((c) => c !== undefined);
  if (conditions.length === 0) return undefined;
  const [row] = await db
    .select()
    .from(user)
    .where(or(...conditions))
    .limit(1);
  return row;
}

export async function insertUser(db: DbExecutor, row: NewUserRow): Promise<UserRow> {
  const [created] = await db
    .insert(user)
    .values({ ...row, _id: row._id ?? newId() })
    .returning();
  return created!;
}

export async function updateUser(
  db: DbExecutor,
  id: string,
  set: Partial<typeof user.$inferInsert>,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(user)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(user._id, id))
    .returning();
  return row;
}

/** Counts a failed sign-in atomically; locks the account at the threshold. Returns the new state. */
export async function recordFailedLogin(
  db: DbExecutor,
  id: string,
  threshold: number,
  lockUntil: Date,
): Promise<{ failedLogins: number; lockedUntil: Date | null }> {
  const [row] = await db
    .update(user)
    .set({
      failedLogins: sql`${user.failedLogins} + 1`,
      lockedUntil: sql`case when ${user.failedLogins} + 1 >= ${threshold} then ${lockUntil.toISOString()}::timestamptz else ${user.lockedUntil} end`,
    })
    .where(eq(user._id, id))
    .returning({ failedLogins: user.failedLogins, lockedUntil: user.lockedUntil });
  return row ?? { failedLogins: 0, lockedUntil: null };
}

export async function countUsersWithRole(db: DbExecutor, role: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(user)
    .where(and(sql`${role} = any(${user.roles})`));
  return row?.n ?? 0;
}
