// Assignment on every write path (issue 35 §1, ADR 051): `assignee` names a user of this newsroom
// who may still sign in. The check wraps the derive step of the assignable resources, so a POST,
// PUT, PATCH, bulk action or revision restore all meet it inside their transaction.
import { and, type Db, eq, user } from '@tabayyun/db';
import { validationFailed } from '../../errors.ts';
import type { Registry, ResourceDefinition } from '../resources/resource-types.ts';

/** The resources that carry `assignee` and `dueAt`. */
export const ASSIGNABLE_RESOURCES = ['factcheck', 'article', 'feed'] as const;
export type AssignableResource = (typeof ASSIGNABLE_RESOURCES)[number];

const wrapped = new WeakSet<ResourceDefinition>();

async function isActiveUser(db: Db, id: string): Promise<boolean> {
  const [row] = await db
    .select({ _id: user._id })
    .from(user)
    .where(and(eq(user._id, id), eq(user.disabled, false)))
    .limit(1);
  return row !== undefined;
}

/** Adds the assignee check to the assignable resources' derive (once per definition object). */
export function checkAssignments(registry: Registry): void {
  for (const name of ASSIGNABLE_RESOURCES) {
    const def = registry.get(name);
    if (!def || wrapped.has(def)) continue;
    wrapped.add(def);
    const derive = def.derive;
    def.derive = async (input, ctx) => {
      const assignee = input.assignee;
      const changed = typeof assignee === 'string' && assignee !== ctx.existing?.assignee;
      if (changed && !(await isActiveUser(ctx.db, assignee))) {
        throw validationFailed({ assignee: `No active user with the id '${assignee}'` });
      }
      return derive ? derive(input, ctx) : {};
    };
  }
}
