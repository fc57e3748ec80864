import type { UserRow } from './users.repo.ts';

/** A user as the API shows it: never the password hash, counters or lock internals. */
export function userDocument(row: UserRow) {
  return {
    _id: row._id,
    email: row.email,
    name: row.name,
    username: row.username,
    phone: row.phone,
    roles: row.roles,
    lastLogin: row.lastLogin,
    disabled: row.disabled,
    emv: row.emv,
    phv: row.phv,
    forceChangePwd: row.forceChangePwd,
    picture: row.picture,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
export type UserDocument = ReturnType<typeof userDocument>;
