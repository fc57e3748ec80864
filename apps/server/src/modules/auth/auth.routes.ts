// The auth calls of spec platform §7 under AUTH_BASE, and GET {permissions}/rules. Handlers take
// the actor, the body and the client, call the service and answer; nothing more.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import type { AccessGuard } from '../../plugins/access.ts';
import type { AuthService } from './auth.service.ts';
import { sessionIdOf } from './bearer-actor.ts';
import { ADMIN_REFRESH_COOKIE, type RefreshCookies } from './refresh-cookie.ts';

const tokenAnswer = {
  type: 'object',
  properties: {
    access_token: { type: 'string' },
    refresh_token: { type: 'string' },
    reset_token: { type: 'string' },
  },
} as const;
const errorAnswer = { $ref: 'error#' } as const;
const anyBody = { type: 'object', additionalProperties: true } as const;
const tags = ['auth'];
const asRecord = (input: unknown): Record<string, unknown> =>
  typeof input === 'object' && input !== null && !Array.isArray(input)
    ? (input as Record<string, unknown>)
    : {};

const clientOf = (request: FastifyRequest) => {
  const ua = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof ua === 'string' ? ua : undefined };
};
/** Tokens must never sit in a shared cache. */
const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

export function registerAuthRoutes(
  app: FastifyInstance,
  deps: {
    auth: AuthService;
    /** The panel's refresh token in an HttpOnly cookie, with its CSRF checks (ADR 046). */
    cookies: RefreshCookies;
    guard: AccessGuard;
    authBase: string;
    permissionsBase: string;
    jwks: () => unknown;
  },
): void {
  const { auth, cookies } = deps;
  const base = deps.authBase === '/' ? '' : deps.authBase;
  const schema = (summary: string, response: Record<number, unknown> = {}) => ({
    tags,
    summary,
    body: anyBody,
    response: { 400: errorAnswer, 401: errorAnswer, 403: errorAnswer, 429: errorAnswer, ...response },
  });

  app.post(
    base || '/',
    { schema: schema('Sign in (grant_type password) or refresh (grant_type refresh)', { 200: tokenAnswer }) },
    async (request, reply) => {
      noStore(reply);
      cookies.wanted(request);
      let input = request.body;
      const body = asRecord(input);
      const grant = body.grant_type;
      const fromCookie =
        (grant === 'refresh' || grant === 'refresh_token') && typeof body.refresh_token !== 'string'
          ? cookies.read(request)
          : undefined;
      if (fromCookie !== undefined) {
        // The browser sends the cookie with any request to this path: only the panel's own,
        // same-site call may use it (ADR 046).
        cookies.assertSameSite(request);
        input = { ...body, refresh_token: fromCookie };
      }
      try {
        return cookies.deliver(request, reply, await auth.signIn({ input, client: clientOf(request) }));
      } catch (error) {
        // A cookie whose session is over is of no more use: the browser forgets it.
        if (fromCookie !== undefined && error instanceof AppError && error.code === 'UNAUTHORIZED')
          cookies.clear(reply);
        throw error;
      }
    },
  );
  app.post(
    `${base}/signout`,
    {
      schema: {
        tags,
        summary:
          "End the session of a refresh token: the panel's cookie (with X-Session-Cookie: 1), or refresh_token in the body",
        response: { 403: errorAnswer },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const body = asRecord(request.body);
      const tokens: string[] = [];
      if (typeof body.refresh_token === 'string') tokens.push(body.refresh_token);
      else {
        const inCookies = [cookies.read(request), cookies.read(request, ADMIN_REFRESH_COOKIE)];
        if (inCookies.some((token) => token !== undefined)) cookies.assertSameSite(request);
        for (const token of inCookies) if (token !== undefined) tokens.push(token);
      }
      const answer = await auth.signOut({ refreshTokens: tokens, client: clientOf(request) });
      if (cookies.wanted(request)) {
        cookies.clear(reply);
        cookies.clear(reply, ADMIN_REFRESH_COOKIE);
      }
      return answer;
    },
  );
  app.post(
    `${base}/check-user`,
    {
      schema: schema(
        'Whether a username, e-mail or phone has an account (administrators; the sign-up form when sign-up is open)',
      ),
    },
    async (request) =>
      auth.checkUser({ actor: request.actor, input: request.body, client: clientOf(request) }),
  );
  app.post(
    `${base}/signup`,
    { schema: schema('Create a user (admin token, or open sign-up when enabled)') },
    async (request) => auth.signUp({ actor: request.actor, input: request.body, client: clientOf(request) }),
  );
  app.post(
    `${base}/forgot-password`,
    { schema: schema('Mail a password-reset link (same answer whether or not the e-mail exists)') },
    async (request) => auth.forgotPassword({ input: request.body, client: clientOf(request) }),
  );
  app.post(
    `${base}/resetpassword`,
    { schema: schema('Set a new password with a reset token') },
    async (request) => auth.resetPassword({ input: request.body, client: clientOf(request) }),
  );
  app.post(`${base}/adminreset`, { schema: schema("Set a user's password (super admin)") }, async (request) =>
    auth.adminReset({ actor: request.actor, input: request.body, client: clientOf(request) }),
  );
  app.post(`${base}/lock`, { schema: schema('Ban or unban a user (super admin)') }, async (request) =>
    auth.lock({ actor: request.actor, input: request.body, client: clientOf(request) }),
  );
  app.post(
    `${base}/verify/send`,
    { schema: schema('Send a verification code to an e-mail or phone') },
    async (request) =>
      auth.sendVerification({ actor: request.actor, input: request.body, client: clientOf(request) }),
  );
  app.post(
    `${base}/verify`,
    { schema: schema('Confirm an e-mail or phone with its code') },
    async (request) => auth.verify({ input: request.body, client: clientOf(request) }),
  );
  app.post(
    `${base}/impersonate`,
    { schema: schema('Act as another user (super admin)', { 200: tokenAnswer }) },
    async (request, reply) => {
      noStore(reply);
      const panel = cookies.wanted(request);
      const answer = await auth.impersonate({
        actor: request.actor,
        input: request.body,
        client: clientOf(request),
      });
      // The administrator's own refresh token waits in its cookie until the impersonation ends.
      const own = panel ? cookies.read(request) : undefined;
      if (own !== undefined && cookies.read(request, ADMIN_REFRESH_COOKIE) === undefined)
        cookies.set(reply, own, null, ADMIN_REFRESH_COOKIE);
      return cookies.deliver(request, reply, answer);
    },
  );
  app.post(
    `${base}/unimpersonate`,
    { schema: { tags, summary: 'End the impersonation session' } },
    async (request, reply) => {
      noStore(reply);
      const panel = cookies.wanted(request);
      const answer = await auth.unimpersonate({ actor: request.actor, client: clientOf(request) });
      if (panel) {
        // Back to the administrator's session; the panel's next refresh rotates it.
        const own = cookies.read(request, ADMIN_REFRESH_COOKIE);
        if (own === undefined) cookies.clear(reply);
        else cookies.set(reply, own, null);
        cookies.clear(reply, ADMIN_REFRESH_COOKIE);
      }
      return answer;
    },
  );
  app.post(
    `${base}/device`,
    { schema: schema('Register this device for the signed-in user') },
    async (request) =>
      auth.registerDevice({ actor: request.actor, input: request.body, client: clientOf(request) }),
  );
  app.get(
    `${base}/devices`,
    {
      schema: {
        tags,
        summary:
          "The signed-in user's devices, most recently seen first: address, browser, last seen, and which is the caller's (current)",
      },
    },
    async (request, reply) => {
      noStore(reply);
      return auth.listDevices({ actor: request.actor, sessionId: sessionIdOf(request) });
    },
  );
  app.delete<{ Querystring: { others?: string; user?: string } }>(
    `${base}/devices`,
    {
      schema: {
        tags,
        summary:
          "End every session but the caller's (others=true), or every session of a user (user=<id>, administrators)",
        querystring: {
          type: 'object',
          properties: { others: { type: 'string' }, user: { type: 'string' } },
        },
      },
    },
    async (request) =>
      auth.deleteDevices({
        actor: request.actor,
        sessionId: sessionIdOf(request),
        others: request.query.others,
        user: request.query.user,
        client: clientOf(request),
      }),
  );
  app.delete<{ Querystring: { id?: string } }>(
    `${base}/device`,
    {
      schema: {
        tags,
        summary: 'Forget a device and end its sessions',
        querystring: { type: 'object', properties: { id: { type: 'string' } } },
      },
    },
    async (request) => auth.deleteDevice({ actor: request.actor, id: request.query.id }),
  );
  app.get(
    `${base}/jwks.json`,
    { schema: { tags, summary: 'The public key that verifies access tokens' } },
    async () => deps.jwks(),
  );
  // `{auth}/google-auth`, `{auth}/facebook-auth`, `{auth}/{provider}-auth`.
  app.post<{ Params: { providerAuth: string } }>(
    `${base}/:providerAuth`,
    {
      schema: {
        ...schema('Sign in with an identity provider ID token', { 200: tokenAnswer, 404: errorAnswer }),
      },
    },
    async (request, reply) => {
      const match = /^([a-z0-9]+)-auth$/.exec(request.params.providerAuth);
      if (!match) throw new AppError('NOT_FOUND', `Route POST ${request.url} not found`);
      noStore(reply);
      const answer = await auth.providerSignIn({
        provider: match[1]!,
        input: request.body,
        client: clientOf(request),
      });
      return cookies.deliver(request, reply, answer);
    },
  );

  const permissionsBase = deps.permissionsBase === '/' ? '' : deps.permissionsBase;
  app.get(
    `${permissionsBase}/rules`,
    {
      schema: {
        tags: ['permissions'],
        summary: 'The permission rule tree (anonymous)',
        // A branch: the rule at this path segment (or null) and the branches below, by segment.
        response: {
          200: {
            type: 'object',
            properties: {
              item: { type: 'object', nullable: true, additionalProperties: true },
              children: { type: 'object', additionalProperties: true },
            },
          },
        },
      },
    },
    async () => deps.guard.rules(),
  );
}
