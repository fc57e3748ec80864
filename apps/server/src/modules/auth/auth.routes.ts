// The auth calls of spec platform §7 under AUTH_BASE, and GET {permissions}/rules. Handlers take
// the actor, the body and the client, call the service and answer; nothing more.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import type { AccessGuard } from '../../plugins/access.ts';
import type { AuthService } from './auth.service.ts';
import { sessionIdOf } from './bearer-actor.ts';

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
    guard: AccessGuard;
    authBase: string;
    permissionsBase: string;
    jwks: () => unknown;
  },
): void {
  const { auth } = deps;
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
      return auth.signIn({ input: request.body, client: clientOf(request) });
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
      return auth.impersonate({ actor: request.actor, input: request.body, client: clientOf(request) });
    },
  );
  app.post(
    `${base}/unimpersonate`,
    { schema: { tags, summary: 'End the impersonation session' } },
    async (request) => auth.unimpersonate({ actor: request.actor, client: clientOf(request) }),
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
      return auth.providerSignIn({ provider: match[1]!, input: request.body, client: clientOf(request) });
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
