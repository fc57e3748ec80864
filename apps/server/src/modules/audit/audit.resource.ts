// The audit log as a read-only resource: admins query it with the query language
// (`GET /api/audit?type=sign-in&actor=…&sort_by=-createdAt`). No route writes it.
import { auditEvent } from '@tabayyun/db';
import { z } from 'zod';
import { fieldSpecs } from '../resources/field-specs.ts';
import type { ResourceDefinition } from '../resources/resource-types.ts';

export const auditResource: ResourceDefinition = {
  name: 'audit',
  table: auditEvent,
  fields: fieldSpecs(auditEvent),
  relations: {},
  input: z.object({}).strict(),
  readOnly: Object.keys(fieldSpecs(auditEvent)),
  userIds: false,
  defaultSort: { field: 'createdAt', direction: 'desc' },
};
