// Abuse limits on the identity calls, per client (IP) and per account, counted in the
// rate_limit_bucket table so every instance shares them (ARCHITECTURE: nothing only in memory).
import type { Db } from '@tabayyun/db';
import { AppError } from '../../errors.ts';
import { hitBucket, unhitBucket } from './sessions.repo.ts';

export type RateLimiter = ReturnType<typeof createRateLimiter>;

export function createRateLimiter(deps: {
  db: Db;
  windowMs: number;
  perClient: number;
  perAccount: number;
  /** Successful sign-ins per account and window (issue 14): generous, but a ceiling. */
  perAccountSignIns: number;
}) {
  const rateLimited = (resetAt: Date, now: Date) => {
    const retryAfter = Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000));
    return new AppError('RATE_LIMITED', `Too many attempts; try again in ${retryAfter} seconds`, {
      retryAfter,
    });
  };
  const hit = async (key: string, max: number) => {
    const now = new Date();
    const { count, resetAt } = await hitBucket(deps.db, key, deps.windowMs, now);
    if (count > max) throw rateLimited(resetAt, now);
  };
  const accountKey = (call: string, account: string) => `${call}:account:${account.toLowerCase()}`;
  return {
    /** Counts one attempt of `call` by this client and, when known, on this account. */
    async consume(call: string, client: { ip?: string | undefined }, account?: string): Promise<void> {
      await hit(`${call}:ip:${client.ip ?? 'unknown'}`, deps.perClient);
      if (account) await hit(accountKey(call, account), deps.perAccount);
    },
    /**
     * Password sign-in, before the password is checked: counts the attempt per client and on the
     * account's failure budget (atomically, so parallel guesses are all counted). A proven
     * password gives its hit back (`signInSucceeded`): only failures spend the budget, and
     * signing in from several devices or once per job does not lock an editor out.
     */
    async beforeSignIn(client: { ip?: string | undefined }, account: string): Promise<void> {
      await hit(`sign-in:ip:${client.ip ?? 'unknown'}`, deps.perClient);
      await hit(accountKey('sign-in', account), deps.perAccount);
    },
    /** A proven password: counted against the (much larger) ceiling of successful sign-ins. */
    async signInSucceeded(account: string): Promise<void> {
      await unhitBucket(deps.db, accountKey('sign-in', account));
      await hit(accountKey('sign-in-ok', account), deps.perAccountSignIns);
    },
  };
}
