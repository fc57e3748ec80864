// The users a queue's items may be assigned to (active accounts; the service keeps the staff).
import { asc, type DbExecutor, eq, user } from '@tabayyun/db';

export async function activeUsers(
  db: DbExecutor,
): Promise<{ _id: string; name: string | null; email: string; roles: string[] }[]> {
  return db
    .select({ _id: user._id, name: user.name, email: user.email, roles: user.roles })
    .from(user)
    .where(eq(user.disabled, false))
    .orderBy(asc(user.name), asc(user._id));
}
