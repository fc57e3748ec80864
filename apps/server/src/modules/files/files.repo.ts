// File records in the `storage` table. Every write runs inside the caller's transaction, so the
// record and the file become visible in one logical step (files.service.ts).
import { type DbExecutor, eq, storage } from '@tabayyun/db';

export type StorageRow = typeof storage.$inferSelect;
export type NewStorageRow = typeof storage.$inferInsert;

/** Inserts a record; a taken path raises the database's unique violation (see isUniqueViolation). */
export async function insertFileRecord(db: DbExecutor, row: NewStorageRow): Promise<StorageRow> {
  const [stored] = await db.insert(storage).values(row).returning();
  return stored!;
}

/** Inserts, or replaces the record at the same path keeping its `_id` and `createdAt` (overwrite). */
export async function upsertFileRecord(db: DbExecutor, row: NewStorageRow): Promise<StorageRow> {
  const { _id: _ignored, createdAt: _created, ...changes } = row;
  const [stored] = await db
    .insert(storage)
    .values(row)
    .onConflictDoUpdate({ target: storage.path, set: { ...changes, updatedAt: new Date() } })
    .returning();
  return stored!;
}

export async function findFileRecordByPath(db: DbExecutor, path: string): Promise<StorageRow | undefined> {
  const [row] = await db.select().from(storage).where(eq(storage.path, path)).limit(1);
  return row;
}

export async function deleteFileRecordByPath(db: DbExecutor, path: string): Promise<StorageRow | undefined> {
  const [row] = await db.delete(storage).where(eq(storage.path, path)).returning();
  return row;
}

/** True for PostgreSQL's unique_violation (23505), wherever the driver wrapped it. */
export function isUniqueViolation(err: unknown): boolean {
  let current: unknown = err;
  for (let depth = 0; current && depth < 4; depth++) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
