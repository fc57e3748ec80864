// Limits of the requests the site scope reads a body of (issue 34): the contact form without
// JavaScript posts to `/contact-us` (and /en, /tr), a route action, not the API. The site scope
// parses no body itself (React Router reads it), which had lifted Fastify's 2 MB limit and left the
// form without the rate limit of `POST {api}/contract`. Every POST (any method but GET and HEAD)
// the site accepts now counts in the same budget as `POST {api}/contract` (one bucket per client:
// the form and the API are two doors to the same inbox) and its body is read into memory up to
// `bodyLimit`, the API's limit; past either, nothing reaches the route action.
import type { Db } from '@tabayyun/db';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hitBucket } from '../auth/sessions.repo.ts';

/** Why a post was refused before the route action saw it. */
export type PostRefusal =
  | { code: 'RATE_LIMITED'; status: 429; retryAfterS: number }
  | { code: 'PAYLOAD_TOO_LARGE'; status: 413; limit: number };

export interface SitePostLimits {
  /** Posts a client may make per window. */
  max: number;
  windowMs: number;
  /** Largest body read, in bytes. */
  bodyLimit: number;
  /** Counts one post of this client (its address) and answers the window's count and end. */
  hit(client: string): Promise<{ count: number; resetAt: Date }>;
}

/** The API's body limit (app.ts `bodyLimit`), which the site applies to the bodies it reads. */
export const SITE_BODY_LIMIT = 2 * 1024 * 1024;

/**
 * The limits of `POST {apiBase}/contract` (special.routes.ts), counted in its very bucket: the
 * @fastify/rate-limit store keys it `http:POST <url>:<client address>` (plugins/rate-limit-store.ts).
 */
export function contactPostLimits(
  db: Db,
  config: { API_BASE: string; CONTACT_RATE_MAX: number; CONTACT_RATE_WINDOW_MS: number },
): SitePostLimits {
  const windowMs = config.CONTACT_RATE_WINDOW_MS;
  return {
    max: config.CONTACT_RATE_MAX,
    windowMs,
    bodyLimit: SITE_BODY_LIMIT,
    hit: (client) => hitBucket(db, `http:POST ${config.API_BASE}/contract:${client}`, windowMs, new Date()),
  };
}

const refusals = new WeakMap<FastifyRequest, PostRefusal>();

/** The refusal of this request, if it was refused. */
export function postRefusalOf(request: FastifyRequest): PostRefusal | undefined {
  return refusals.get(request);
}

const reads = (method: string) => method !== 'GET' && method !== 'HEAD';

/**
 * Registers, in the site scope, the rate limit (an onRequest hook: a refused post is not read) and
 * the bounded body parser that replaces the site's pass-through one. `isExempt`: addresses the
 * site answers without a route action (the API's not-found answers).
 */
export function registerPostLimits(
  app: FastifyInstance,
  limits: SitePostLimits | undefined,
  isExempt: (url: string) => boolean,
): void {
  const bodyLimit = limits?.bodyLimit ?? SITE_BODY_LIMIT;
  if (limits) {
    app.addHook('onRequest', async (request) => {
      if (!reads(request.method) || isExempt(request.url)) return;
      const { count, resetAt } = await limits.hit(request.ip);
      if (count > limits.max) {
        const retryAfterS = Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000));
        refusals.set(request, { code: 'RATE_LIMITED', status: 429, retryAfterS });
      }
    });
  }
  app.addContentTypeParser('*', (request, payload, done) => {
    if (refusals.has(request) || isExempt(request.url)) return done(null);
    const tooLarge = () =>
      refusals.set(request, { code: 'PAYLOAD_TOO_LARGE', status: 413, limit: bodyLimit });
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > bodyLimit) {
      tooLarge();
      return done(null);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let isDone = false;
    const finish = (error: Error | null, body?: Buffer) => {
      if (isDone) return;
      isDone = true;
      payload.off('data', onData);
      done(error, body);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > bodyLimit) {
        // The rest is not read: the answer closes the connection (see sendRefusal).
        payload.pause();
        tooLarge();
        chunks.length = 0;
        finish(null);
      } else chunks.push(chunk);
    };
    payload.on('data', onData);
    payload.once('end', () => finish(null, Buffer.concat(chunks, size)));
    payload.once('error', (error) => finish(error));
  });
}

/** The refusal's headers: Retry-After for 429, and a closed connection when the body was not read. */
export function refusalHeaders(reply: FastifyReply, refusal: PostRefusal): void {
  reply.header('cache-control', 'private, no-store');
  // The body (or its rest) was not read: the connection cannot carry another request.
  reply.header('connection', 'close');
  if (refusal.code === 'RATE_LIMITED') reply.header('retry-after', String(refusal.retryAfterS));
}

/** The API's error body for a client that does not take HTML (docs/errors.md). */
export function refusalJson(refusal: PostRefusal): { statusCode: number; code: string; message: string } {
  return {
    statusCode: refusal.status,
    code: refusal.code,
    message:
      refusal.code === 'RATE_LIMITED'
        ? `Too many messages; try again in ${refusal.retryAfterS} seconds`
        : `The body is over the limit of ${refusal.limit} bytes`,
  };
}
