// The store of @fastify/rate-limit (the read counter, the contact form) in the database's
// rate_limit_bucket table, like the identity limits: every instance behind a load balancer counts
// into the same window (issue 14; ARCHITECTURE: nothing only in memory). The library's default
// store is a per-process LRU, so N instances allowed N times the limit.
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '@tabayyun/db';
import { hitBucket } from '../modules/auth/sessions.repo.ts';

interface RouteParams {
  routeInfo?: { method?: string | string[]; url?: string };
}

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** A store class for `app.register(rateLimit, { store })`, bound to `db`. */
export function databaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  // The library passes the merged route parameters, `routeInfo` included (its types say less).
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    readonly route: string;

    constructor(params: unknown) {
      const info = (params as RouteParams | undefined)?.routeInfo;
      const method = info?.method;
      this.route = `${Array.isArray(method) ? method.join(',') : (method ?? '*')} ${info?.url ?? '*'}`;
    }

    incr(key: string, callback: IncrCallback, timeWindow: number): void {
      const now = new Date();
      hitBucket(db, `http:${this.route}:${key}`, timeWindow, now).then(
        ({ count, resetAt }) =>
          callback(null, { current: count, ttl: Math.max(0, resetAt.getTime() - now.getTime()) }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: unknown): DatabaseRateLimitStore {
      return new DatabaseRateLimitStore(routeOptions);
    }
  }
  return DatabaseRateLimitStore;
}
