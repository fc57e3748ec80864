// Abuse limits on the identity calls, per client (IP) and per account, counted in the
// rate_limit_bucket table so every instance shares them (ARCHITECTURE: nothing only in memory).
import type { Db } from '@tabayyun/db';
import { AppError } from '../../errors.ts';
import { hitBucket } from './sessions.repo.ts';

export type RateLimiter = ReturnType<typeof createRateLimiter>;

export function createRateLimiter(deps: { db: Db; windowMs: number; perClient: number; perAccount: number }) {
  const hit = async (key: string, max: number) => {
    const now = new Date();
    const { count, resetAt } = await hitBucket(deps.db, key, deps.windowMs, now);
    if (count > max) {
      const retryAfter = Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000));
      throw new AppError('RATE_LIMITED', `Too many attempts; try again in ${retryAfter} seconds`, {
        retryAfter,
      });
    }
  };
  return {
    /** Counts one attempt of `call` by this client and, when known, on this account. */
    async consume(call: string, client: { ip?: string | undefined }, account?: string): Promise<void> {
      await hit(`${call}:ip:${client.ip ?? 'unknown'}`, deps.perClient);
      if (account) await hit(`${call}:account:${account.toLowerCase()}`, deps.perAccount);
    },
  };
}
