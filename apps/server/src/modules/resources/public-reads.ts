// The limits of public readers of the generic API (issue 34, ADR 045): a page-size ceiling, a
// per-client budget of reads counted in the database (rate_limit_bucket, shared by every
// instance like the identity limits), and the public field lists (public-fields.ts).
import type { Db } from '@tabayyun/db';
import type { Query } from '@tabayyun/query';
import type { FastifyRequest } from 'fastify';
import { AppError, invalidQuery } from '../../errors.ts';
import type { AccessGuard } from '../../plugins/access.ts';
import { hitBucket } from '../auth/sessions.repo.ts';
import { createPublicView, type PublicView } from './public-fields.ts';
import type { Registry } from './resource-types.ts';

export interface PublicReadLimits {
  /** Largest `per_page` a public reader may ask (CONTRACT.md's 500 stays for staff). */
  maxPerPage: number;
  /** Reads of the API a client may make per window as a public reader. */
  rateMax: number;
  rateWindowMs: number;
}

export type PublicReads = ReturnType<typeof createPublicReads>;

export function createPublicReads(deps: {
  db: Db;
  guard: AccessGuard;
  registry: Registry;
  apiBase: string;
  limits: PublicReadLimits;
}) {
  const view: PublicView = createPublicView(deps);
  const { limits } = deps;
  return {
    view,
    limits,
    /** Refuses a page larger than the public ceiling, naming `per_page`. */
    checkPage(query: Query): void {
      if (query.perPage !== undefined && query.perPage > limits.maxPerPage) {
        throw invalidQuery('per_page', `at most ${limits.maxPerPage} without a staff account`);
      }
    },
    /** Counts one public read by this client; past the budget, 429 RATE_LIMITED with Retry-After. */
    async consume(request: FastifyRequest): Promise<void> {
      const now = new Date();
      const { count, resetAt } = await hitBucket(
        deps.db,
        `public-read:ip:${request.ip ?? 'unknown'}`,
        limits.rateWindowMs,
        now,
      );
      if (count > limits.rateMax) {
        const retryAfter = Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000));
        throw new AppError('RATE_LIMITED', `Too many requests; try again in ${retryAfter} seconds`, {
          retryAfter,
        });
      }
    },
  };
}
