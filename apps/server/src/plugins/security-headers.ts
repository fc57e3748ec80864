// The security headers of every answer: helmet 8's defaults with its CSP and COEP off (the public
// site and the back office set their own CSP; the API answers JSON only), set from one constant by
// one synchronous hook. @fastify/helmet ran two hooks per request (one async) and helmet's twelve
// middlewares, each header a `setHeader` on the raw response: on a cached public page that was
// ~14 % of what the request allocated and a sixth of its hooks' time (issue 34, ADR 047).
// `security-headers.test.ts` checks the constant against what @fastify/helmet sends. A route's own
// value of one of these headers (the site's Referrer-Policy, the back office's X-Frame-Options)
// replaces it, as it did.
import type { FastifyInstance } from 'fastify';

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

/** Registers the headers on every route of `app` (call before any route or module registers). */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    done();
  });
}
