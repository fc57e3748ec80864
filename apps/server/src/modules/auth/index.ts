// Identity and access (issue 3): tokens, sign-in and the other auth calls, users, roles, stored
// permissions, the audit log and mail. app.ts calls registerIdentity once; it installs the bearer
// actor resolver, loads the stored rules into the guard and follows changes from other instances.
import { join } from 'node:path';
import type { Actor } from '@tabayyun/permissions';
import type { FastifyInstance } from 'fastify';
import type { AccessGuard } from '../../plugins/access.ts';
import { auditResource } from '../audit/audit.resource.ts';
import { createAuditReadApi } from '../audit/audit.service.ts';
import { createRegistry } from '../content/registry.ts';
import { createMailer } from '../mail/mail.service.ts';
import type { ModuleContext } from '../module-context.ts';
import { permissionResource } from '../permissions/permissions.resource.ts';
import { createPermissionsService } from '../permissions/permissions.service.ts';
import { registerResourceRoutes } from '../resources/resources.routes.ts';
import { createResourceService } from '../resources/resources.service.ts';
import { roleResource } from '../roles/roles.resource.ts';
import { seedDefaultRoles } from '../roles/roles.seed.ts';
import { createRolesService } from '../roles/roles.service.ts';
import { userResource } from '../users/users.resource.ts';
import { createUsersService } from '../users/users.service.ts';
import { registerAuthRoutes } from './auth.routes.ts';
import { type AuthService, createAuthService, type PhoneSender } from './auth.service.ts';
import { createBearerActorResolver } from './bearer-actor.ts';
import { createLockout } from './lockout.ts';
import { parsePasswordClasses } from './password.ts';
import { createProviderRegistry, providerConfigs } from './providers.service.ts';
import { createRateLimiter } from './rate-limiter.ts';
import { createRefreshCookies } from './refresh-cookie.ts';
import { createTokenService } from './token.service.ts';
import { loadSigningKeys } from './token-keys.ts';
import { createTwoFactor, secondFactorRoles } from './two-factor/index.ts';
import { createUserStateCache, USER_CHANGED_CHANNEL } from './user-state.ts';

export interface Identity {
  auth: AuthService;
  /** Replaces the SMS gateway (the default writes the text to the log). */
  setPhoneSender(sender: PhoneSender): void;
  /** Reloads the stored permission rules into the guard (done on change and on NOTIFY). */
  reloadPermissions(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    identity: Identity;
  }
}

const USER_STATE_TTL_MS = 10_000;

export async function registerIdentity(app: FastifyInstance, ctx: ModuleContext): Promise<void> {
  const { config, database } = ctx;
  const { guard, audit } = ctx.services;
  const db = database.db;

  const keys = await loadSigningKeys({ pem: config.JWT_PRIVATE_KEY, dataDir: config.dataDir });
  const tokens = createTokenService({
    keys,
    accessTtlS: config.ACCESS_TOKEN_TTL_S,
    issuer: config.PRODUCT_NAME,
  });
  const userStates = createUserStateCache({ db, ttlMs: USER_STATE_TTL_MS });
  const userChanged = (sub: string) => {
    userStates.evict(sub);
    database
      .notify(USER_CHANGED_CHANNEL, sub)
      .catch((err: unknown) => app.log.error({ err }, 'notify failed'));
  };
  let phoneSender: PhoneSender = async (phone, text) => {
    app.log.info({ phone, text }, 'no SMS gateway: verification text written to the log');
  };
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    outboxDir: join(config.dataDir, 'outbox'),
    log: (fields, message) => app.log.info(fields, message),
  });
  // Second factors (ADR 042): the auth service asks it after a proven password.
  const twoFactor = await createTwoFactor(app, ctx, {
    endOtherSessions: (sub, sid) => auth.endOtherSessions(sub, sid),
  });
  const auth = createAuthService({
    db,
    config,
    tokens,
    guard,
    audit,
    mailer,
    limiter: createRateLimiter({
      db,
      windowMs: config.AUTH_RATE_WINDOW_MS,
      perClient: config.AUTH_RATE_MAX,
      perAccount: config.AUTH_ACCOUNT_RATE_MAX,
      perAccountSignIns: config.AUTH_ACCOUNT_SIGNIN_MAX,
    }),
    lockout: createLockout({
      db,
      threshold: config.LOCKOUT_THRESHOLD,
      minutes: config.LOCKOUT_MINUTES,
      accountAlertAt: config.AUTH_ACCOUNT_RATE_MAX,
    }),
    providers: createProviderRegistry(providerConfigs(config)),
    policy: {
      minLength: config.PASSWORD_MIN_LENGTH,
      maxLength: config.PASSWORD_MAX_LENGTH,
      classes: parsePasswordClasses(config.PASSWORD_CLASSES),
    },
    phoneSender: () => phoneSender,
    userChanged,
    secondFactor: twoFactor.service,
    log: app.log,
  });

  // Users, roles, permissions and the audit log ride on the generic resource operations, with
  // their own registry so the content registry (and the public site) never sees them.
  const registry = createRegistry([userResource, roleResource, permissionResource, auditResource]);
  const resourcesWith = (g: AccessGuard) =>
    createResourceService({ db, registry, guard: g, apiBase: config.API_BASE, onAudit: audit.recordContent });
  const resources = resourcesWith(guard);
  const pinned = (path: string): AccessGuard => ({
    ...guard,
    check: (actor: Actor, _path: string, action: string) => guard.check(actor, path, action),
    require: (actor: Actor, _path: string, action: string) => guard.require(actor, path, action),
  });
  const users = createUsersService({
    db,
    guard,
    apiBase: config.API_BASE,
    resources,
    resourcesAt: (path) => resourcesWith(pinned(path)),
    auth,
    audit,
    userChanged,
  });
  const permissions = createPermissionsService({
    database,
    guard,
    resources,
    audit,
    onReloadError: (err) => app.log.error({ err }, 'reloading permissions failed'),
  });

  await seedDefaultRoles(db, secondFactorRoles(config));
  const stopPermissions = await permissions.start();
  const stopUsers = await database.listen(USER_CHANGED_CHANNEL, (sub) => userStates.evict(sub));

  app.setTokenActorResolver(
    twoFactor.enforce(
      createBearerActorResolver({
        tokens,
        users: userStates,
        prefixes: [config.API_BASE, config.AUTH_BASE, config.PERMISSIONS_BASE, config.STORAGE_BASE],
        filesBase: config.STORAGE_BASE,
      }),
    ),
  );
  app.decorate('identity', {
    auth,
    setPhoneSender: (sender: PhoneSender) => {
      phoneSender = sender;
    },
    reloadPermissions: permissions.reload,
  } satisfies Identity);

  const cookies = createRefreshCookies({ authBase: config.AUTH_BASE, publicUrl: config.PUBLIC_URL });
  registerAuthRoutes(app, {
    auth,
    cookies,
    guard,
    authBase: config.AUTH_BASE,
    permissionsBase: config.PERMISSIONS_BASE,
    jwks: tokens.jwks,
  });
  twoFactor.registerRoutes(
    (user, body, client, details) => auth.completeSignIn(user, body, client, details),
    cookies,
  );
  await app.register(
    async (api) => {
      registerResourceRoutes(api, users, ['user']);
      registerResourceRoutes(api, twoFactor.watchRoles(createRolesService({ resources, audit })), ['role']);
      registerResourceRoutes(api, permissions.api, ['permission']);
      registerResourceRoutes(api, createAuditReadApi(resources), ['audit']);
    },
    { prefix: config.API_BASE },
  );

  app.addHook('onClose', async () => {
    await auth.close();
    await audit.flush();
    await stopPermissions();
    await stopUsers();
    await twoFactor.close();
    mailer.close();
  });
}
