// Roles: named records whose id a user's `roles` lists. The id is chosen on creation and is
// read-only afterwards (the generic replace refuses a changed _id); `super-admin` cannot go.
import { role } from '@tabayyun/db';
import { SUPER_ADMIN_ROLE } from '@tabayyun/permissions';
import { z } from 'zod';
import { forbidden } from '../../errors.ts';
import { fieldSpecs } from '../resources/field-specs.ts';
import type { ResourceDefinition } from '../resources/resource-types.ts';

export const roleInput = z
  .object({
    _id: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,62}$/, 'lower-case letters, digits, - and _'),
    name: z.string().trim().min(1),
    /** Users of the role must set up a second factor before anything else (ADR 042). */
    requiresSecondFactor: z.boolean().optional(),
  })
  .strict();

export const roleResource: ResourceDefinition = {
  name: 'role',
  table: role,
  fields: fieldSpecs(role),
  relations: {},
  input: roleInput as unknown as z.ZodType<Record<string, unknown>>,
  readOnly: ['createdAt', 'updatedAt'],
  userIds: true,
  defaultSort: { field: 'name', direction: 'asc' },
  async beforeDelete(doc) {
    if (doc._id === SUPER_ADMIN_ROLE) throw forbidden('The super-admin role cannot be deleted');
  },
};
