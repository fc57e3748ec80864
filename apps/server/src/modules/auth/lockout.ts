// Failed password sign-ins, counted per account AND client address (issue 34, weakness 8, ADR
// 041): LOCKOUT_THRESHOLD failures from one address lock the account for that address only, so an
// attacker who locks himself out does not lock out the owner signing in from elsewhere. Failures on
// the account from every address are counted too: past the threshold from one address, or past
// AUTH_ACCOUNT_RATE_MAX from all of them, the account is under attack and its owner is told once
// per lockout window. The lock holds the password path only: a second factor or a passkey (issue
// 34's two-factor sign-in) is never refused by it. Counters live in rate_limit_bucket, shared by
// every instance.
import type { DbExecutor } from '@tabayyun/db';
import { deleteBuckets, hitBucket, readBucket, setBucket } from './sessions.repo.ts';

/** Every bucket of one user's sign-ins starts with this (a password reset drops them all). */
export const signInKeyPrefix = (userId: string) => `sign-in:user:${userId}:`;

export type Lockout = ReturnType<typeof createLockout>;

export interface FailureOutcome {
  /** The address is now locked out of the account until then. */
  lockedUntil?: Date;
  /** The owner should be told (first sign of an attack in this window). */
  alert: boolean;
  /** Failures on the account from every address in this window. */
  accountFailures: number;
}

export function createLockout(deps: {
  db: DbExecutor;
  threshold: number;
  minutes: number;
  /** Failures on one account from all addresses that count as an attack (AUTH_ACCOUNT_RATE_MAX). */
  accountAlertAt: number;
}) {
  const windowMs = deps.minutes * 60_000;
  const key = (userId: string, part: string) => `${signInKeyPrefix(userId)}${part}`;
  const ipOf = (client: { ip?: string | undefined }) => client.ip ?? 'unknown';

  return {
    /** When this address is locked out of this account, the end of the lock. */
    async lockedUntil(userId: string, client: { ip?: string | undefined }): Promise<Date | undefined> {
      const lock = await readBucket(deps.db, key(userId, `lock:${ipOf(client)}`), new Date());
      return lock?.resetAt;
    },

    /** Counts a wrong password from this address; locks the pair at the threshold. */
    async failed(userId: string, client: { ip?: string | undefined }): Promise<FailureOutcome> {
      const now = new Date();
      const ip = ipOf(client);
      const here = await hitBucket(deps.db, key(userId, `fail:${ip}`), windowMs, now);
      const everywhere = await hitBucket(deps.db, key(userId, 'fail'), windowMs, now);
      let lockedUntil: Date | undefined;
      if (here.count >= deps.threshold) {
        lockedUntil = new Date(now.getTime() + windowMs);
        await setBucket(deps.db, key(userId, `lock:${ip}`), 1, lockedUntil);
        // The next failures after the lock ends start a new count.
        await setBucket(deps.db, key(userId, `fail:${ip}`), 0, now);
      }
      const attacked = lockedUntil !== undefined || everywhere.count >= deps.accountAlertAt;
      // One mail per window: the first attempt that finds the account attacked takes the alert.
      const alert = attacked && (await hitBucket(deps.db, key(userId, 'alert'), windowMs, now)).count === 1;
      return { ...(lockedUntil ? { lockedUntil } : {}), alert, accountFailures: everywhere.count };
    },

    /** The right password from this address: its failures start again (the lock stays its time). */
    async succeeded(userId: string, client: { ip?: string | undefined }): Promise<void> {
      await setBucket(deps.db, key(userId, `fail:${ipOf(client)}`), 0, new Date());
    },

    /** A new password: every lock and counter of the account is lifted. */
    async clear(userId: string): Promise<void> {
      await deleteBuckets(deps.db, signInKeyPrefix(userId));
    },
  };
}
