// Whether a start finds an empty database (and seeds the demo content into it). Apart from
// seed.service.ts, whose demo data (~9 MB of live heap) a start loads only when it seeds (ADR 025).
import { type Db, sql } from '@tabayyun/db';

/** True when the database holds no content yet (first start). */
export async function isEmptyDatabase(db: Db): Promise<boolean> {
  const rows = await db.execute(
    sql`select exists (select 1 from category) or exists (select 1 from factcheck) as "any"`,
  );
  return !(rows.rows[0] as { any: boolean } | undefined)?.any;
}
