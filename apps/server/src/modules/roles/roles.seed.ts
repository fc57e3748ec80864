import type { Db } from '@tabayyun/db';
import { DEFAULT_ROLES } from '../../plugins/default-rules.ts';
import { insertMissingRoles } from './roles.repo.ts';

/** The default roles, on every start (idempotent). */
export const seedDefaultRoles = (db: Db) => insertMissingRoles(db, DEFAULT_ROLES);
