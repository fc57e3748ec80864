// The panel's refresh token as an HttpOnly cookie (issue 34, weakness 13; ADR 046). A request that
// carries `X-Session-Cookie: 1` is the panel: its tokens' refresh token goes into a cookie scoped to
// the auth path (`HttpOnly; Secure; SameSite=Strict`) and never into the body, and its refresh,
// sign-out and impersonation read the token from that cookie. Every such request must prove it is
// not a cross-site forgery: the custom header (a cross-origin page cannot send it without a CORS
// preflight, which this server never grants), an Origin of this site when the browser sends one,
// and no cross-site Sec-Fetch-Site. API clients keep sending refresh_token in the body.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';

export const REFRESH_COOKIE = 'tabayyun_rt';
/** The administrator's refresh token while they impersonate someone (platform §4's backup key). */
export const ADMIN_REFRESH_COOKIE = 'tabayyun_rt_admin';
export const SESSION_COOKIE_HEADER = 'x-session-cookie';
/**
 * Where a token answer's session ends: a Date for a remembered session (the cookie's Max-Age), null
 * for one that lasts the browser session. A symbol, so it never reaches the JSON answer.
 */
export const SESSION_END = Symbol('session end');

export interface RefreshCookies {
  /** The request asked for the cookie (the panel); throws CSRF_REJECTED when it comes from another site. */
  wanted(request: FastifyRequest): boolean;
  /** The CSRF proof for a call that reads the cookie; throws CSRF_REJECTED without it. */
  assertSameSite(request: FastifyRequest): void;
  read(request: FastifyRequest, name?: string): string | undefined;
  set(reply: FastifyReply, value: string, end: Date | null | undefined, name?: string): void;
  clear(reply: FastifyReply, name?: string): void;
  /** Moves a token answer's refresh token into the cookie when the panel asked for it. */
  deliver<T>(request: FastifyRequest, reply: FastifyReply, answer: T): T;
}

const rejected = (why: string) =>
  new AppError('CSRF_REJECTED', `This call reads the session cookie and needs same-site proof: ${why}`);

export function parseCookies(header: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const pair of (header ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at < 1) continue;
    const name = pair.slice(0, at).trim();
    if (!out.has(name)) out.set(name, pair.slice(at + 1).trim());
  }
  return out;
}

export function createRefreshCookies(opts: { authBase: string; publicUrl: string }): RefreshCookies {
  const path = opts.authBase === '' ? '/' : opts.authBase;
  const publicOrigin = new URL(opts.publicUrl).origin;

  /** Same host as the request (whatever the scheme), or the configured public origin. */
  const originAllowed = (request: FastifyRequest, origin: string): boolean => {
    if (origin === publicOrigin) return true;
    try {
      return new URL(origin).host === request.host;
    } catch {
      return false;
    }
  };

  const assertSameSite = (request: FastifyRequest): void => {
    if (request.headers[SESSION_COOKIE_HEADER] !== '1')
      throw rejected('the X-Session-Cookie: 1 header is missing');
    const origin = request.headers.origin;
    if (origin !== undefined && !originAllowed(request, origin))
      throw rejected(`the request comes from ${origin}`);
    const site = request.headers['sec-fetch-site'];
    if (site === undefined || site === 'same-origin') return;
    // A sibling origin of the same site is allowed only when it is the configured public origin.
    if (site === 'same-site' && origin !== undefined && originAllowed(request, origin)) return;
    throw rejected(`Sec-Fetch-Site is ${String(site)}`);
  };

  const set = (reply: FastifyReply, value: string, end: Date | null | undefined, name = REFRESH_COOKIE) => {
    const parts = [`${name}=${value}`, `Path=${path}`, 'HttpOnly', 'Secure', 'SameSite=Strict'];
    if (end) parts.push(`Max-Age=${Math.max(0, Math.floor((end.getTime() - Date.now()) / 1000))}`);
    appendCookie(reply, parts.join('; '));
  };

  return {
    wanted(request) {
      if (request.headers[SESSION_COOKIE_HEADER] === undefined) return false;
      assertSameSite(request);
      return true;
    },
    assertSameSite,
    read: (request, name = REFRESH_COOKIE) => parseCookies(request.headers.cookie).get(name) || undefined,
    set,
    clear(reply, name = REFRESH_COOKIE) {
      appendCookie(reply, `${name}=; Path=${path}; HttpOnly; Secure; SameSite=Strict; Max-Age=0`);
    },
    deliver<T>(request: FastifyRequest, reply: FastifyReply, answer: T): T {
      if (typeof answer !== 'object' || answer === null) return answer;
      const refresh = (answer as { refresh_token?: unknown }).refresh_token;
      if (typeof refresh !== 'string' || !this.wanted(request)) return answer;
      set(reply, refresh, (answer as { [SESSION_END]?: Date | null })[SESSION_END]);
      const { refresh_token: _inCookie, ...rest } = answer as Record<string, unknown>;
      return rest as T;
    },
  };
}

/** Fastify keeps every Set-Cookie given to reply.header apart (one header line each). */
function appendCookie(reply: FastifyReply, line: string): void {
  reply.header('set-cookie', line);
}
