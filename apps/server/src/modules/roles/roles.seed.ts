import type { Db } from '@tabayyun/db';
import { DEFAULT_ROLES } from '../../plugins/default-rules.ts';
import { insertMissingRoles } from './roles.repo.ts';

/**
 * The default roles, on every start (idempotent). A role created now requires a second factor
 * when it is one of `secondFactorRoles` (SECOND_FACTOR_ROLES, ADR 042); existing roles keep theirs.
 */
export const seedDefaultRoles = (db: Db, secondFactorRoles: readonly string[] = []) =>
  insertMissingRoles(
    db,
    DEFAULT_ROLES.map((r) => ({ ...r, requiresSecondFactor: secondFactorRoles.includes(r._id) })),
  );
