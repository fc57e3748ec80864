// The second-factor calls under AUTH_BASE (ADR 042): {auth}/2fa/… (TOTP, recovery codes, turning
// it off) and the passkey ceremonies under {auth}/webauthn/…. Handlers take the actor, the body,
// the client and the caller's session id, call a service and answer.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import type { RequestClient } from '../../../plugins/actor.ts';
import type { RefreshCookies } from '../refresh-cookie.ts';
import type { CompleteSignIn, TwoFactorService } from './two-factor.service.ts';
import type { WebAuthnService } from './webauthn.service.ts';

const tags = ['auth'];
const errorAnswer = { $ref: 'error#' } as const;
const anyBody = { type: 'object', additionalProperties: true } as const;
const errors = {
  400: errorAnswer,
  401: errorAnswer,
  403: errorAnswer,
  404: errorAnswer,
  409: errorAnswer,
  429: errorAnswer,
};

const clientOf = (request: FastifyRequest): RequestClient => {
  const ua = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof ua === 'string' ? ua : undefined };
};
/** The session (refresh-token family) the caller's access token belongs to, when it names one. */
const sessionOf = (request: FastifyRequest): string | undefined => {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  if (!match) return undefined;
  try {
    const sid = decodeJwt(match[1]!).sid;
    return typeof sid === 'string' ? sid : undefined;
  } catch {
    return undefined;
  }
};
const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

export function registerTwoFactorRoutes(
  app: FastifyInstance,
  deps: {
    authBase: string;
    twoFactor: TwoFactorService;
    webauthn: WebAuthnService;
    completeSignIn: CompleteSignIn;
    /** The panel's refresh-token cookie (ADR 046). */
    cookies: RefreshCookies;
  },
): void {
  const { twoFactor, webauthn } = deps;
  const base = deps.authBase === '/' ? '' : deps.authBase;
  const post = (summary: string) => ({ schema: { tags, summary, body: anyBody, response: errors } });
  const write = (request: FastifyRequest) => ({
    actor: request.actor,
    sid: sessionOf(request),
    input: request.body,
    client: clientOf(request),
  });

  app.get(
    `${base}/2fa`,
    { schema: { tags, summary: "The caller's second factors and whether a role requires one" } },
    async (request, reply) => {
      noStore(reply);
      return twoFactor.status({ actor: request.actor });
    },
  );
  app.post(
    `${base}/2fa/totp/setup`,
    post('Start setting up an authenticator app: { secret, otpauth_url }'),
    async (request, reply) => {
      noStore(reply);
      return twoFactor.totpSetup({ actor: request.actor });
    },
  );
  app.post(
    `${base}/2fa/totp/enable`,
    post('Switch the authenticator app on with its first code: { recovery_codes }'),
    async (request, reply) => {
      noStore(reply);
      return twoFactor.totpEnable(write(request));
    },
  );
  app.post(
    `${base}/2fa/disable`,
    post('Remove every second factor ({ code } or { password })'),
    async (request) => twoFactor.disable(write(request)),
  );
  app.delete<{ Querystring: { user?: string } }>(
    `${base}/2fa`,
    {
      schema: {
        tags,
        summary:
          "Reset another user's second factor (administrators): every factor removed, their sessions ended",
        querystring: { type: 'object', properties: { user: { type: 'string' } } },
        response: errors,
      },
    },
    async (request) =>
      twoFactor.adminReset({ actor: request.actor, user: request.query.user, client: clientOf(request) }),
  );
  app.post(
    `${base}/2fa/recovery-codes`,
    post('New recovery codes ({ code } or { password }); the old ones stop working'),
    async (request, reply) => {
      noStore(reply);
      return twoFactor.regenerateRecoveryCodes(write(request));
    },
  );

  app.post(
    `${base}/webauthn/registration/options`,
    post('Passkey creation options for the signed-in user'),
    async (request, reply) => {
      noStore(reply);
      return webauthn.registrationOptions({ actor: request.actor });
    },
  );
  app.post(
    `${base}/webauthn/registration/verify`,
    post('Store a new passkey ({ response, name? })'),
    async (request) => webauthn.registrationVerify(write(request)),
  );
  app.post(
    `${base}/webauthn/authentication/options`,
    post(
      'Passkey request options: with { mfa_token } the second step of a password sign-in, without a passwordless sign-in',
    ),
    async (request, reply) => {
      noStore(reply);
      return webauthn.authenticationOptions({ input: request.body, client: clientOf(request) });
    },
  );
  app.post(
    `${base}/webauthn/authentication/verify`,
    post(
      'Sign in with a passkey ({ response, mfa_token?, rememberMe?, device? }): the tokens of POST {auth}',
    ),
    async (request, reply) => {
      noStore(reply);
      const client = clientOf(request);
      const proven = await webauthn.authenticationVerify({ input: request.body, client });
      const answer = await deps.completeSignIn(proven.user, proven.body, client, proven.details);
      return deps.cookies.deliver(request, reply, answer);
    },
  );
  app.get(
    `${base}/webauthn/passkeys`,
    { schema: { tags, summary: "The signed-in user's passkeys" } },
    async (request, reply) => {
      noStore(reply);
      return webauthn.list({ actor: request.actor });
    },
  );
  app.delete<{ Params: { id: string } }>(
    `${base}/webauthn/passkeys/:id`,
    { schema: { tags, summary: 'Remove one of your passkeys', response: errors } },
    async (request) =>
      webauthn.remove({
        actor: request.actor,
        sid: sessionOf(request),
        id: request.params.id,
        client: clientOf(request),
      }),
  );
}
