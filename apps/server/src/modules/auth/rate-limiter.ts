// Abuse limits on the identity calls, per client (IP) and per account, counted in the
// rate_limit_bucket table so every instance shares them (ARCHITECTURE: nothing only in memory).
import type { Db } from '@tabayyun/db';
import { AppError } from '../../errors.ts';
import { signInKeyPrefix } from './lockout.ts';
import { hitBucket, unhitBucket } from './sessions.repo.ts';

export type RateLimiter = ReturnType<typeof createRateLimiter>;

/** Whom a password sign-in is for: the user the name resolved to, else the name as given. */
export interface SignInAccount {
  userId?: string | undefined;
  name: string;
}

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
  const budgetKey = (client: { ip?: string | undefined }, account: SignInAccount) =>
    account.userId
      ? `${signInKeyPrefix(account.userId)}budget:${client.ip ?? 'unknown'}`
      : `${accountKey('sign-in', account.name)}:ip:${client.ip ?? 'unknown'}`;
  return {
    /** Counts one attempt of `call` by this client and, when known, on this account. */
    async consume(call: string, client: { ip?: string | undefined }, account?: string): Promise<void> {
      await hit(`${call}:ip:${client.ip ?? 'unknown'}`, deps.perClient);
      if (account) await hit(accountKey(call, account), deps.perAccount);
    },
    /** Password sign-in, before anything is looked up: counts the attempt of this client. */
    async beforeSignIn(client: { ip?: string | undefined }): Promise<void> {
      await hit(`sign-in:ip:${client.ip ?? 'unknown'}`, deps.perClient);
    },
    /**
     * Password sign-in, before the password is checked: counts the attempt on the failure budget
     * of the account and this client (atomically, so parallel guesses are all counted). The
     * account is the resolved user when the name finds one (`{email:<random>, id:<victim>}` counts
     * on the victim), else the name given. Per client: an attacker spending the budget does not
     * spend the owner's, who signs in from elsewhere (issue 34). A proven password gives its hit
     * back (`signInSucceeded`): only failures spend the budget.
     */
    async beforePassword(client: { ip?: string | undefined }, account: SignInAccount): Promise<void> {
      await hit(budgetKey(client, account), deps.perAccount);
    },
    /** A proven password: counted against the (much larger) ceiling of successful sign-ins. */
    async signInSucceeded(client: { ip?: string | undefined }, account: SignInAccount): Promise<void> {
      await unhitBucket(deps.db, budgetKey(client, account));
      await hit(accountKey('sign-in-ok', account.userId ?? account.name), deps.perAccountSignIns);
    },
  };
}
