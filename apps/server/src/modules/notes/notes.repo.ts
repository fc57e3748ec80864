// The note table: threaded notes on fact-checks and articles (staff only, ADR 051).
import { and, asc, type DbExecutor, eq, inArray, note, user } from '@tabayyun/db';

export type NoteRow = typeof note.$inferSelect;
export type NewNoteRow = typeof note.$inferInsert;

export async function insertNote(db: DbExecutor, row: NewNoteRow): Promise<NoteRow> {
  const [created] = await db.insert(note).values(row).returning();
  return created!;
}

export async function findNote(db: DbExecutor, id: string): Promise<NoteRow | undefined> {
  const [row] = await db.select().from(note).where(eq(note._id, id)).limit(1);
  return row;
}

export async function notesOf(
  db: DbExecutor,
  itemType: string,
  item: string,
  resolved?: boolean,
): Promise<NoteRow[]> {
  const where = and(
    eq(note.itemType, itemType as NoteRow['itemType']),
    eq(note.item, item),
    resolved === undefined ? undefined : eq(note.resolved, resolved),
  );
  return db.select().from(note).where(where).orderBy(asc(note.createdAt), asc(note._id));
}

export async function updateNote(
  db: DbExecutor,
  id: string,
  set: Partial<Pick<NoteRow, 'body' | 'resolved' | 'resolvedBy' | 'resolvedAt' | 'updatedAt'>>,
): Promise<NoteRow | undefined> {
  const [row] = await db.update(note).set(set).where(eq(note._id, id)).returning();
  return row;
}

/** Active users (id, name, roles) among `ids`, or all of them when `ids` is undefined. */
export async function activeStaff(
  db: DbExecutor,
  ids?: readonly string[],
): Promise<{ _id: string; name: string | null; email: string; roles: string[] }[]> {
  const active = eq(user.disabled, false);
  return db
    .select({ _id: user._id, name: user.name, email: user.email, roles: user.roles })
    .from(user)
    .where(ids ? and(active, inArray(user._id, [...ids])) : active)
    .orderBy(asc(user.name), asc(user._id));
}
