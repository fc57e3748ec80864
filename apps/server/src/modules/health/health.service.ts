import { type Database, sql } from '@tabayyun/db';

/** True when the database answers a trivial query. */
export async function isDatabaseReady(database: Database): Promise<boolean> {
  try {
    await database.db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
