// Stored permission rules (CONTRACT.md "Permissions"): one row per path, merged over the
// built-in defaults. Every permission is validated here, selectors included, so a malformed row
// can never reach the guard.
import { permission } from '@tabayyun/db';
import { CONDITION_OPERATORS } from '@tabayyun/permissions';
import { parseQuery } from '@tabayyun/query';
import { z } from 'zod';
import { validationFailed } from '../../errors.ts';
import { fieldSpecs } from '../resources/field-specs.ts';
import type { ResourceDefinition } from '../resources/resource-types.ts';

const permissionSchema = z
  .object({
    by: z.enum(['anonymous', 'user', 'emv', 'phv', 'role', 'email', 'phone', 'claim']),
    value: z
      .union([
        z.string(),
        z
          .object({
            claimFieldPath: z.string().min(1),
            claimValue: z.unknown(),
            operator: z.enum(CONDITION_OPERATORS as unknown as [string, ...string[]]).optional(),
          })
          .strict(),
      ])
      .optional(),
    access: z.enum(['grant', 'deny']),
    selectors: z
      .object({
        query: z.string().optional(),
        payload: z.record(z.string(), z.array(z.unknown())).optional(),
      })
      .strict()
      .optional(),
  })
  .strict();

export const permissionInput = z
  .object({
    name: z.string().trim().min(1),
    path: z.string().regex(/^\/[A-Za-z0-9/:_-]*$/, 'a path starting with /'),
    fallbackAuthorization: z.enum(['grant', 'deny']).nullable().optional(),
    actions: z.record(z.string().min(1), z.array(permissionSchema)),
    ruleSource: z.string().nullable().optional(),
  })
  .strict();

export const permissionResource: ResourceDefinition = {
  name: 'permission',
  table: permission,
  fields: fieldSpecs(permission),
  relations: {},
  input: permissionInput as unknown as z.ZodType<Record<string, unknown>>,
  readOnly: ['createdAt', 'updatedAt'],
  userIds: false,
  defaultSort: { field: 'path', direction: 'asc' },
  async derive(input) {
    const actions = input.actions as Record<string, z.infer<typeof permissionSchema>[]>;
    for (const [action, list] of Object.entries(actions)) {
      list.forEach((p, i) => {
        if (!p.selectors?.query) return;
        try {
          parseQuery(p.selectors.query.replace(/\$(sub|email|phone)/g, 'x'));
        } catch (error) {
          throw validationFailed({ [`actions.${action}.${i}.selectors.query`]: (error as Error).message });
        }
      });
    }
    return {};
  },
};
