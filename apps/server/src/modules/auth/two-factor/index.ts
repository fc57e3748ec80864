// Second factors (issue 34, ADR 042): the services, their routes, the requirement per role
// enforced in the bearer resolver, and the NOTIFY channel that keeps every instance's caches
// right. The identity module (../index.ts) creates it before the auth service and wires both.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../../config.ts';
import { AppError } from '../../../errors.ts';
import type { ActorResolver } from '../../../plugins/actor.ts';
import type { ModuleContext } from '../../module-context.ts';
import type { ResourceService } from '../../resources/resources.service.ts';
import { createRateLimiter } from '../rate-limiter.ts';
import type { RefreshCookies } from '../refresh-cookie.ts';
import { registerTwoFactorRoutes } from './two-factor.routes.ts';
import {
  type CompleteSignIn,
  createTwoFactorService,
  TWO_FACTOR_CHANNEL,
  type TwoFactorService,
} from './two-factor.service.ts';
import { createWebAuthnService, type WebAuthnService } from './webauthn.service.ts';

export interface TwoFactorModule {
  service: TwoFactorService;
  webauthn: WebAuthnService;
  /** Wraps the bearer resolver: a user who must set up a second factor reaches only the set-up. */
  enforce(resolver: ActorResolver): ActorResolver;
  /** Wraps the roles API: a change of a role's requirement reaches every instance at once. */
  watchRoles(roles: ResourceService): ResourceService;
  registerRoutes(completeSignIn: CompleteSignIn, cookies: RefreshCookies): void;
  close(): Promise<void>;
}

/** SECOND_FACTOR_ROLES as a list. */
export const secondFactorRoles = (config: Config): string[] =>
  config.SECOND_FACTOR_ROLES.split(',')
    .map((r) => r.trim())
    .filter((r) => r !== '');

/**
 * What a user who must set up a second factor may still call: the set-up itself (status, TOTP,
 * passkey registration), signing out, refreshing, and the public rule tree the panel loads.
 */
function allowedDuringSetup(config: Config, request: FastifyRequest): boolean {
  const auth = config.AUTH_BASE === '/' ? '' : config.AUTH_BASE;
  const path = request.url.split('?')[0]!.replace(/\/+$/, '') || '/';
  const method = request.method;
  // Not an administrator's reset of someone else's factor: that waits for the caller's own.
  if (path.startsWith(`${auth}/2fa`)) return method !== 'DELETE';
  if (path.startsWith(`${auth}/webauthn/registration/`)) return true;
  if (method === 'GET' && path === `${auth}/webauthn/passkeys`) return true;
  if (method === 'POST' && path === (auth || '/')) return true;
  if (method === 'DELETE' && (path === `${auth}/device` || path === `${auth}/devices`)) return true;
  if (method === 'GET' && path === `${auth}/jwks.json`) return true;
  const permissions = config.PERMISSIONS_BASE === '/' ? '' : config.PERMISSIONS_BASE;
  return method === 'GET' && path === `${permissions}/rules`;
}

export async function createTwoFactor(
  app: FastifyInstance,
  ctx: ModuleContext,
  opts: { endOtherSessions: (sub: string, sid: string | undefined) => Promise<void> },
): Promise<TwoFactorModule> {
  const { config, database } = ctx;
  const db = database.db;
  const limiter = createRateLimiter({
    db,
    windowMs: config.AUTH_RATE_WINDOW_MS,
    perClient: config.AUTH_RATE_MAX,
    perAccount: config.AUTH_ACCOUNT_RATE_MAX,
    perAccountSignIns: config.AUTH_ACCOUNT_SIGNIN_MAX,
  });
  const service = createTwoFactorService({
    db,
    config,
    audit: ctx.services.audit,
    limiter,
    endOtherSessions: opts.endOtherSessions,
    guard: ctx.services.guard,
    notify: (payload) => {
      database
        .notify(TWO_FACTOR_CHANNEL, payload)
        .catch((err: unknown) => app.log.error({ err }, 'notify failed'));
    },
  });
  const webauthn = createWebAuthnService({ db, config, limiter, twoFactor: service });
  const stopListening = await database.listen(TWO_FACTOR_CHANNEL, (payload) => service.evict(payload));

  return {
    service,
    webauthn,
    enforce: (resolver) => async (request) => {
      const actor = await resolver(request);
      if (!actor || actor.anonymous || !actor.sub) return actor;
      // An administrator acting as the user is not the user: impersonation is never blocked.
      if (typeof actor.claims?.imps === 'string') return actor;
      if (allowedDuringSetup(config, request)) return actor;
      if (await service.setupRequired(actor.sub, actor.roles)) {
        throw new AppError(
          'SECOND_FACTOR_SETUP_REQUIRED',
          'Your role requires a second factor: set up an authenticator app or a passkey first',
        );
      }
      return actor;
    },
    watchRoles(roles) {
      const changed = <T>(result: T): T => {
        service.rolesChanged();
        return result;
      };
      return {
        ...roles,
        create: async (args) => changed(await roles.create(args)),
        replace: async (args) => changed(await roles.replace(args)),
        patch: async (args) => changed(await roles.patch(args)),
        remove: async (args) => changed(await roles.remove(args)),
      };
    },
    registerRoutes(completeSignIn, cookies) {
      registerTwoFactorRoutes(app, {
        authBase: config.AUTH_BASE,
        twoFactor: service,
        webauthn,
        completeSignIn,
        cookies,
      });
    },
    close: () => stopListening(),
  };
}
