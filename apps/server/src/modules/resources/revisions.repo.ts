// The revision store (ADR 013): one row per saved version of a fact-check or article, written in
// the save's own transaction, read newest first. Names come from the user table at read time.
import { and, type Db, desc, eq, inArray, revision, sql, user } from '@tabayyun/db';

export interface RevisionRow {
  number: number;
  action: string;
  restoredFrom: number | null;
  user: string | null;
  changed: string[];
  createdAt: Date;
}

export interface NewRevision {
  resource: string;
  recordId: string;
  number: number;
  action: 'create' | 'update' | 'restore';
  restoredFrom?: number | undefined;
  user: string | null;
  changed: string[];
  document: Record<string, unknown>;
  createdAt: Date;
}

export async function insertRevision(db: Db, row: NewRevision): Promise<void> {
  await db.insert(revision).values({ ...row, restoredFrom: row.restoredFrom ?? null });
}

const summary = {
  number: revision.number,
  action: revision.action,
  restoredFrom: revision.restoredFrom,
  user: revision.user,
  changed: revision.changed,
  createdAt: revision.createdAt,
};

export async function listRevisions(
  db: Db,
  args: { resource: string; recordId: string; limit: number; offset: number },
): Promise<{ rows: RevisionRow[]; total: number }> {
  const where = and(eq(revision.resource, args.resource), eq(revision.recordId, args.recordId));
  const [rows, [count]] = await Promise.all([
    db
      .select(summary)
      .from(revision)
      .where(where)
      .orderBy(desc(revision.number))
      .limit(args.limit)
      .offset(args.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(revision).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export async function findRevision(
  db: Db,
  args: { resource: string; recordId: string; number: number },
): Promise<(RevisionRow & { document: Record<string, unknown> }) | undefined> {
  const [row] = await db
    .select({ ...summary, document: revision.document })
    .from(revision)
    .where(
      and(
        eq(revision.resource, args.resource),
        eq(revision.recordId, args.recordId),
        eq(revision.number, args.number),
      ),
    );
  return row;
}

/** Display names of users by id (a missing or deleted user has none). */
export async function userNames(db: Db, ids: readonly (string | null | undefined)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => typeof id === 'string' && id !== ''))];
  const names = new Map<string, string | null>();
  if (wanted.length === 0) return names;
  const rows = await db
    .select({ _id: user._id, name: user.name })
    .from(user)
    .where(inArray(user._id, wanted));
  for (const r of rows) names.set(r._id, r.name);
  return names;
}
