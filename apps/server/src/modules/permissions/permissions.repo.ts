import { type DbExecutor, permission } from '@tabayyun/db';

export type PermissionRow = typeof permission.$inferSelect;

export function listPermissionRows(db: DbExecutor): Promise<PermissionRow[]> {
  return db.select().from(permission).orderBy(permission.path);
}
