// Users on the generic resource API (list with select and like-search, get, PUT, PATCH, delete).
// The password hash, the failure counter and the lock time are not fields at all, so no answer,
// filter, select or sort can reach them; `disabled` changes only through {auth}/lock (audited).
import { inArray, role, user } from '@tabayyun/db';
import { SUPER_ADMIN_ROLE } from '@tabayyun/permissions';
import { z } from 'zod';
import { forbidden, validationFailed } from '../../errors.ts';
import { fieldSpecs } from '../resources/field-specs.ts';
import type { ResourceDefinition } from '../resources/resource-types.ts';

const HIDDEN = ['passwordHash', 'failedLogins', 'lockedUntil'];
const fields = fieldSpecs(user);
for (const f of HIDDEN) delete fields[f];

export const userInput = z
  .object({
    _id: z.string().optional(),
    email: z.string().trim().min(3),
    username: z.string().trim().min(1).optional(),
    name: z.string().nullable().optional(),
    phone: z.string().nullable().optional(),
    roles: z.array(z.string()).optional(),
    picture: z.string().nullable().optional(),
    emv: z.boolean().optional(),
    phv: z.boolean().optional(),
    forceChangePwd: z.boolean().optional(),
  })
  .strict();

const hasSuperAdmin = (roles: unknown) => Array.isArray(roles) && roles.includes(SUPER_ADMIN_ROLE);

export const userResource: ResourceDefinition = {
  name: 'user',
  table: user,
  fields,
  relations: { roles: { resource: 'role', column: user.roles, many: true } },
  input: userInput as unknown as z.ZodType<Record<string, unknown>>,
  readOnly: ['lastLogin', 'disabled', 'createdAt', 'updatedAt'],
  userIds: false,
  defaultSort: { field: 'createdAt', direction: 'desc' },
  async derive(input, ctx) {
    const actorIsSuperAdmin = ctx.actor.roles.includes(SUPER_ADMIN_ROLE);
    const before = ctx.existing?.roles;
    // Only a super admin makes, unmakes or edits a super admin: no escalation through PATCH.
    if (!actorIsSuperAdmin && (hasSuperAdmin(before) || hasSuperAdmin(input.roles))) {
      throw forbidden('Only a super admin can change a super admin');
    }
    const roles = (input.roles as string[] | undefined) ?? [];
    if (roles.length > 0) {
      const known = await ctx.db.select({ _id: role._id }).from(role).where(inArray(role._id, roles));
      const unknown = roles.filter((r) => !known.some((k) => k._id === r));
      if (unknown.length > 0) throw validationFailed({ roles: `Unknown role(s): ${unknown.join(', ')}` });
    }
    const email = String(input.email).trim().toLowerCase();
    const username = typeof input.username === 'string' && input.username ? input.username : email;
    return {
      email,
      username: username.trim().toLowerCase(),
      ...(typeof input.name === 'string' ? { name: input.name.trim() } : {}),
      roles: [...new Set(roles)],
    };
  },
  async beforeDelete(doc) {
    if (hasSuperAdmin(doc.roles)) throw forbidden('You cannot delete a super admin user!');
  },
};
