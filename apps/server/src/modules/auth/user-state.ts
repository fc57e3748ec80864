// What a request needs to know about the user behind a valid token: whether they are still
// enabled, and their current roles and addresses. Cached briefly; a ban or role change evicts the
// entry here and, through NOTIFY, in every other instance, so a locked user's tokens stop at once.
import type { Db } from '@tabayyun/db';
import { findUserById } from '../users/users.repo.ts';

export interface UserState {
  disabled: boolean;
  roles: readonly string[];
  email: string;
  phone: string | null;
  emv: boolean;
  phv: boolean;
}

export const USER_CHANGED_CHANNEL = 'identity_user_changed';
const LIMIT = 5000;

export type UserStateCache = ReturnType<typeof createUserStateCache>;

export function createUserStateCache(deps: { db: Db; ttlMs: number }) {
  const entries = new Map<string, { state: UserState | null; at: number }>();
  return {
    async get(sub: string): Promise<UserState | null> {
      const hit = entries.get(sub);
      if (hit && Date.now() - hit.at < deps.ttlMs) return hit.state;
      const row = await findUserById(deps.db, sub);
      const state = row
        ? {
            disabled: row.disabled,
            roles: row.roles,
            email: row.email,
            phone: row.phone,
            emv: row.emv,
            phv: row.phv,
          }
        : null;
      if (entries.size >= LIMIT) entries.clear();
      entries.set(sub, { state, at: Date.now() });
      return state;
    },
    evict(sub: string): void {
      entries.delete(sub);
    },
  };
}
