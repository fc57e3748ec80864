import { type DbExecutor, role } from '@tabayyun/db';

/** Inserts the roles that are missing; existing rows (maybe renamed by an admin) stay as they are. */
export async function insertMissingRoles(
  db: DbExecutor,
  roles: readonly { _id: string; name: string; requiresSecondFactor?: boolean }[],
) {
  if (roles.length === 0) return;
  await db
    .insert(role)
    .values([...roles])
    .onConflictDoNothing({ target: role._id });
}
