import { auditEvent, type DbExecutor, newId } from '@tabayyun/db';

export type AuditRow = typeof auditEvent.$inferInsert;

/** Append only: the audit log has no update or delete anywhere in the code. */
export async function insertAuditEvent(db: DbExecutor, row: Omit<AuditRow, '_id'>): Promise<void> {
  await db.insert(auditEvent).values({ _id: newId(), ...row });
}
