// Read counts: the browser posts once per item; only published items count. Reads are not
// content changes, so they never invalidate cached pages.
import { and, article, type Db, eq, factcheck, sql } from '@tabayyun/db';
import type { Actor } from '@tabayyun/permissions';
import { validationFailed } from '../../errors.ts';
import type { AccessGuard } from '../../plugins/access.ts';

export function createReadsService(deps: { db: Db; guard: AccessGuard; apiBase: string }) {
  return {
    async countRead(args: { actor: Actor; input: unknown }): Promise<{ counted: boolean }> {
      deps.guard.require(args.actor, `${deps.apiBase}/count/read`, 'Create');
      const id = (args.input as { _id?: unknown } | null)?._id;
      if (typeof id !== 'string' || !/^[0-9a-f]{24}$/.test(id)) {
        throw validationFailed({ _id: 'The id of a published fact-check or article is required' });
      }
      for (const table of [factcheck, article]) {
        const updated = await deps.db
          .update(table)
          .set({ reads: sql`${table.reads} + 1` })
          .where(and(eq(table._id, id), eq(table.status, 'published')))
          .returning({ _id: table._id });
        if (updated.length > 0) return { counted: true };
      }
      return { counted: false };
    },
  };
}
