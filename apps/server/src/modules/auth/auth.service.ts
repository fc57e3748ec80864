// Every call of spec platform §7 and the back office's adminreset, lock and check-user, as
// transport-agnostic operations: they take plain objects (the actor, the body, the client) and
// return what the route answers. ADR 005 explains tokens and sessions.
import { randomInt, timingSafeEqual } from 'node:crypto';
import type { Db } from '@tabayyun/db';
import { type Actor, SUPER_ADMIN_ROLE } from '@tabayyun/permissions';
import type { Config } from '../../config.ts';
import { AppError, forbidden, notFound, validationFailed } from '../../errors.ts';
import type { AccessGuard } from '../../plugins/access.ts';
import type { RequestClient } from '../../plugins/actor.ts';
import type { AuditLog } from '../audit/audit.service.ts';
import type { Mailer } from '../mail/mail.service.ts';
import {
  accountAttackedMail,
  bilingualMail,
  forgotPasswordMail,
  type MailLanguage,
  mailLanguage,
  newDeviceMail,
  type RenderedMail,
  type SignInPlace,
  verificationMail,
} from '../mail/mail-templates.ts';
import { type UserDocument, userDocument } from '../users/user-document.ts';
import {
  countUsersWithRole,
  findUserById,
  findUserByLogin,
  insertUser,
  type UserRow,
  updateUser,
} from '../users/users.repo.ts';
import type { Lockout } from './lockout.ts';
import { assertPasswordPolicy, hashPassword, type PasswordPolicy, verifyPassword } from './password.ts';
import type { ProviderRegistry } from './providers.service.ts';
import type { RateLimiter } from './rate-limiter.ts';
import { SESSION_END } from './refresh-cookie.ts';
import {
  consumeRefreshToken,
  countCodeAttempt,
  deleteDevice,
  deleteDevicesExcept,
  deviceOfFamily,
  findLiveCode,
  findRefreshToken,
  insertRefreshToken,
  insertSuccessorToken,
  insertVerificationCode,
  listDevices,
  markCodeUsed,
  type RefreshTokenRow,
  revokeFamily,
  revokeUserTokens,
  touchDevice,
  upsertDevice,
} from './sessions.repo.ts';
import {
  hashToken,
  RESET_TOKEN_TYPE,
  randomToken,
  successorToken,
  type TokenService,
} from './token.service.ts';
import { browserOf, deviceIdOfAgent, systemOf } from './user-agent.ts';

/** The lockout's key for a sign-in name that finds no account (ids are hex: never "name:…"). */
const unknownAccountSubject = (name: string) => `name:${name.trim().toLowerCase()}`;

/**
 * The token response of spec §3: tokens, or a reset token alone when the password must change. The
 * symbol says when the session ends (null: with the browser session), for the panel's cookie.
 */
export type TokenResponse =
  | { access_token: string; refresh_token: string; [SESSION_END]?: Date | null }
  | { reset_token: string };

/** Sends a verification code by SMS; the default logs it (plug a gateway in with `setPhoneSender`). */
export type PhoneSender = (phone: string, text: string) => Promise<void>;

export interface AuthDeps {
  db: Db;
  config: Config;
  tokens: TokenService;
  guard: AccessGuard;
  audit: AuditLog;
  mailer: Mailer;
  limiter: RateLimiter;
  lockout: Lockout;
  providers: ProviderRegistry;
  policy: PasswordPolicy;
  phoneSender: () => PhoneSender;
  /** Tells every instance that a user's state changed (ban, roles, verification). */
  userChanged: (sub: string) => void;
  /** Second factors (two-factor module, ADR 042): the step after a proven password, and grant_type mfa. */
  secondFactor?: {
    challengeIfEnrolled(user: UserRow, body: Body): Promise<void>;
    completeMfa(args: {
      input: unknown;
      client: RequestClient;
    }): Promise<{ user: UserRow; body: Body; details: Record<string, unknown> }>;
  };
  log: { error(fields: Record<string, unknown>, message: string): void };
}

type Body = Record<string, unknown>;

const RESET_TOKEN_TTL_S = 60 * 60;
const CODE_TTL_MS = 15 * 60_000;
const CODE_MAX_ATTEMPTS = 5;

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v : undefined);
const normaliseEmail = (v: unknown) => str(v)?.trim().toLowerCase();
const isSuperAdmin = (roles: readonly string[]) => roles.includes(SUPER_ADMIN_ROLE);
const asBody = (input: unknown): Body =>
  typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Body) : {};

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService(deps: AuthDeps) {
  const { db, config, tokens, audit } = deps;
  const background = new Set<Promise<void>>();
  const now = () => new Date();
  const authPath = (p: string) => `${config.AUTH_BASE}/${p}`;

  /** Work whose duration must not show in the answer (forgot-password); awaited on close. */
  const runInBackground = (what: string, work: () => Promise<void>) => {
    const p = work()
      .catch((error: unknown) => deps.log.error({ err: error }, `${what} failed`))
      .finally(() => background.delete(p));
    background.add(p);
  };

  const requireSignedIn = (actor: Actor): string => {
    if (actor.anonymous || !actor.sub) throw new AppError('UNAUTHORIZED', 'Sign in to do this');
    return actor.sub;
  };

  async function issueTokens(
    user: UserRow,
    session: {
      sessionOnly: boolean;
      device?: string | undefined;
      impersonator?: string | undefined;
      family?: string;
      expiresAt?: Date;
    },
  ): Promise<TokenResponse> {
    const refresh = randomToken();
    const issuedAt = now();
    const family = session.family ?? randomToken(12);
    const expiresAt =
      session.expiresAt ??
      new Date(
        issuedAt.getTime() +
          (session.sessionOnly
            ? config.SESSION_TTL_HOURS * 3_600_000
            : config.REFRESH_TOKEN_TTL_DAYS * 86_400_000),
      );
    await insertRefreshToken(db, {
      tokenHash: hashToken(refresh),
      user: user._id,
      family,
      device: session.device ?? null,
      impersonator: session.impersonator ?? null,
      sessionOnly: session.sessionOnly,
      expiresAt,
      createdAt: issuedAt,
    });
    return {
      access_token: await tokens.signAccess(user, session.impersonator, family),
      refresh_token: refresh,
      [SESSION_END]: session.sessionOnly ? null : expiresAt,
    };
  }

  async function issueResetToken(user: UserRow): Promise<string> {
    const jti = randomToken(16);
    await insertVerificationCode(db, {
      user: user._id,
      kind: 'reset',
      target: user._id,
      codeHash: hashToken(jti),
      expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_S * 1000),
    });
    return tokens.signReset(user._id, jti, RESET_TOKEN_TTL_S);
  }

  /** After the credentials are proven: refuses banned users, resets the counters, answers tokens. */
  async function completeSignIn(
    user: UserRow,
    body: Body,
    client: RequestClient,
    details: Record<string, unknown>,
  ): Promise<TokenResponse> {
    if (user.disabled) throw new AppError('ACCOUNT_DISABLED', 'This account is disabled');
    const at = now();
    await updateUser(db, user._id, { failedLogins: 0, lockedUntil: null, lastLogin: at });
    const actor: Actor = { sub: user._id, roles: user.roles, anonymous: false };
    audit.record({ type: 'sign-in', actor, target: user._id, targetType: 'user', details, client });
    if (user.forceChangePwd) return { reset_token: await issueResetToken(user) };
    const device = asBody(body.device);
    // A sign-in that names no device (a script) is one device per User-Agent: listed, endable.
    const deviceId = str(device.id)?.slice(0, 64) ?? deviceIdOfAgent(client.userAgent);
    const isNew = await upsertDevice(db, user._id, deviceId, device, at, client);
    // Not on the account's very first sign-in: there is no "before" to compare with.
    if (isNew && user.lastLogin) alertNewDevice(user, client, at, deviceId);
    return issueTokens(user, { sessionOnly: body.rememberMe === false, device: deviceId });
  }

  const placeOf = (client: RequestClient, at: Date): SignInPlace => ({
    at: at.toISOString(),
    ip: client.ip ?? 'unknown',
    browser:
      [browserOf(client.userAgent), systemOf(client.userAgent)].filter(Boolean).join(', ') || 'unknown',
  });
  const sessionsLink = () => `${config.PUBLIC_URL}/panel/profile#sessions`;

  /**
   * The language of the user's panel as their own devices last told it (the panel sends its
   * interface language with the device at sign-in), never the device being alerted about: an
   * attacker's browser does not choose the language of the owner's warning. Undefined when no
   * device of theirs said.
   */
  async function languageOfUser(userId: string, exceptDevice?: string): Promise<MailLanguage | undefined> {
    const except = exceptDevice === undefined ? undefined : `${userId}.${exceptDevice}`;
    for (const row of await listDevices(db, userId)) {
      if (row._id === except) continue;
      const language = row.info.language;
      if (language === 'ar' || language === 'en') return language;
    }
    return undefined;
  }

  /** An alert in the user's language when known, else in Arabic and English in one mail. */
  function alertMail(language: MailLanguage | undefined, render: (language: MailLanguage) => RenderedMail) {
    return language ? render(language) : bilingualMail(render('ar'), render('en'));
  }

  /** Issue 34 "New-device alert": the owner hears of a sign-in from a device not seen before. */
  function alertNewDevice(user: UserRow, client: RequestClient, at: Date, deviceId: string) {
    runInBackground('new-device mail', async () => {
      const args = {
        product: config.PRODUCT_NAME,
        name: user.name ?? user.email,
        place: placeOf(client, at),
        link: sessionsLink(),
      };
      const language = await languageOfUser(user._id, deviceId);
      await deps.mailer.send({
        to: user.email,
        ...alertMail(language, (each) => newDeviceMail({ ...args, language: each })),
      });
    });
  }

  /** Weakness 8: the owner hears that their account is being attacked, once per lockout window. */
  function alertAttack(user: UserRow, client: RequestClient, failures: number) {
    audit.record({
      type: 'account-attacked',
      target: user._id,
      targetType: 'user',
      details: { failures },
      client,
    });
    runInBackground('attack alert mail', async () => {
      const args = {
        product: config.PRODUCT_NAME,
        name: user.name ?? user.email,
        place: placeOf(client, now()),
        failures,
        lockMinutes: config.LOCKOUT_MINUTES,
        link: sessionsLink(),
      };
      const language = await languageOfUser(user._id);
      await deps.mailer.send({
        to: user.email,
        ...alertMail(language, (each) => accountAttackedMail({ ...args, language: each })),
      });
    });
  }

  async function signInWithPassword(body: Body, client: RequestClient): Promise<TokenResponse> {
    const login = {
      id: str(body.id),
      email: normaliseEmail(body.email),
      username: str(body.username)?.trim().toLowerCase(),
      phone: str(body.phone)?.trim(),
    };
    const password = typeof body.password === 'string' ? body.password : '';
    const account = login.email ?? login.username ?? login.phone ?? login.id;
    if (!account || password === '') {
      throw new AppError(
        'USERNAME_AND_PASSWORD_ARE_REQUIRED',
        'A username (or e-mail or phone) and a password are required',
      );
    }
    await deps.limiter.beforeSignIn(client);
    const user = await findUserByLogin(db, login);
    // The budget and the lock are the resolved account's (with this client's address), whatever
    // name was sent: `{email:<random>, id:<victim>}` counts on the victim.
    const budget = { userId: user?._id, name: account };
    await deps.limiter.beforePassword(client, budget);
    // The lock holds this address only: the owner signing in from elsewhere is not locked out.
    // It holds the password path only: a second factor or a passkey always gets in (issue 34).
    // A name that finds no account locks the same way (on the name), so the answers to repeated
    // failures never tell whether an account exists.
    const lockSubject = user ? user._id : unknownAccountSubject(account);
    const lockedUntil = await deps.lockout.lockedUntil(lockSubject, client);
    if (lockedUntil) throw accountLocked(lockedUntil);
    const valid = await verifyPassword(user?.passwordHash, password);
    if (!user || !valid) {
      audit.record({
        type: 'sign-in-failed',
        target: user?._id,
        targetType: 'user',
        details: { account },
        client,
      });
      const outcome = await deps.lockout.failed(lockSubject, client);
      if (!user) {
        if (outcome.lockedUntil) throw accountLocked(outcome.lockedUntil);
      } else {
        if (outcome.alert) alertAttack(user, client, outcome.accountFailures);
        if (outcome.lockedUntil) {
          audit.record({
            type: 'lockout',
            target: user._id,
            targetType: 'user',
            details: { until: outcome.lockedUntil },
            client,
          });
          throw accountLocked(outcome.lockedUntil);
        }
      }
      throw new AppError('INVALID_CREDENTIALS', 'Wrong username or password');
    }
    await deps.limiter.signInSucceeded(client, budget);
    await deps.lockout.succeeded(user._id, client);
    await deps.secondFactor?.challengeIfEnrolled(user, body);
    return completeSignIn(user, body, client, { method: 'password' });
  }

  function accountLocked(until: Date): AppError {
    const minutes = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000));
    return new AppError(
      'ACCOUNT_LOCKED',
      `This account is locked after too many failed sign-ins; try again in ${minutes} minute(s) or reset the password`,
      { lockedUntil: until.toISOString() },
    );
  }

  async function refresh(body: Body, client: RequestClient): Promise<TokenResponse> {
    const token = str(body.refresh_token);
    if (!token) throw new AppError('UNAUTHORIZED', 'A refresh_token is required');
    const hash = hashToken(token);
    const at = now();
    const row = await consumeRefreshToken(db, hash, at);
    if (row) return rotate(row, token, client, at);
    const known = await findRefreshToken(db, hash);
    // Two tabs, or a reload while the start-up refresh was in flight: the same token again within
    // the grace, while its successor is still unused, gets that same successor (derived from it),
    // not a revoked session (weakness 9). Later, or once the successor was used, it is reuse.
    if (
      known?.usedAt &&
      !known.revokedAt &&
      known.expiresAt > at &&
      at.getTime() - known.usedAt.getTime() <= config.REFRESH_REUSE_GRACE_S * 1000 &&
      !(await findRefreshToken(db, hashToken(successorToken(config.appSecret, token))))?.usedAt
    ) {
      return rotate(known, token, client, at);
    }
    if (known?.usedAt && !known.revokedAt) {
      // A rotated token came back after the grace: it was stolen or replayed. End the session.
      await revokeFamily(db, known.family, at);
      audit.record({
        type: 'refresh-reuse',
        actor: { sub: known.user, roles: [], anonymous: false },
        target: known.user,
        targetType: 'user',
        details: { family: known.family },
        client,
      });
    }
    throw new AppError('UNAUTHORIZED', 'The refresh token is invalid, expired or already used');
  }

  /** Answers the successor of a consumed token: stored once, whoever asks first (ADR 041). */
  async function rotate(
    row: RefreshTokenRow,
    token: string,
    client: RequestClient,
    at: Date,
  ): Promise<TokenResponse> {
    const user = await findUserById(db, row.user);
    if (!user || user.disabled) {
      await revokeFamily(db, row.family, at);
      throw new AppError('UNAUTHORIZED', 'This account is disabled');
    }
    const successor = successorToken(config.appSecret, token);
    // A session-length token keeps its session's end; a remembered one slides.
    const expiresAt = row.sessionOnly
      ? row.expiresAt
      : new Date(at.getTime() + config.REFRESH_TOKEN_TTL_DAYS * 86_400_000);
    await insertSuccessorToken(db, {
      tokenHash: hashToken(successor),
      user: row.user,
      family: row.family,
      device: row.device,
      impersonator: row.impersonator,
      sessionOnly: row.sessionOnly,
      expiresAt,
      createdAt: at,
    });
    // The session may have ended while this refresh was on its way (sign-out everywhere, a ban):
    // a successor written after the revocation must not outlive it.
    if ((await findRefreshToken(db, hashToken(token)))?.revokedAt) {
      await revokeFamily(db, row.family, at);
      throw new AppError('UNAUTHORIZED', 'The refresh token is invalid, expired or already used');
    }
    if (row.device) await touchDevice(db, row.user, row.device, at, client);
    return {
      access_token: await tokens.signAccess(user, row.impersonator ?? undefined, row.family),
      refresh_token: successor,
      [SESSION_END]: row.sessionOnly ? null : expiresAt,
    };
  }

  /** Validates and normalises a new user (back office §5 "Create-user"). */
  async function buildNewUser(body: Body, asAdmin: boolean) {
    const email = normaliseEmail(body.email);
    if (!email) throw new AppError('EMAIL_REQUIRED', 'An e-mail is required');
    if (!/^[^\s@]+@[^\s@]+\.[A-Za-z.-]{2,20}$/.test(email))
      throw validationFailed({ email: 'Not a valid e-mail' });
    const password = assertPasswordPolicy(body.password, deps.policy);
    const roles = body.roles === undefined ? [] : body.roles;
    if (!Array.isArray(roles) || roles.some((r) => typeof r !== 'string')) {
      throw validationFailed({ roles: 'A list of role ids' });
    }
    if (!asAdmin && roles.length > 0) throw forbidden('Only an administrator can give roles');
    return {
      email,
      username: (str(body.username) ?? email).trim().toLowerCase(),
      name: str(body.name)?.trim() ?? null,
      phone: str(body.phone)?.trim() ?? null,
      roles: roles as string[],
      passwordHash: await hashPassword(password),
      forceChangePwd: asAdmin && body.forceChangePwd === true,
      picture: str(body.picture) ?? null,
    };
  }

  /**
   * Ends every session of the user but `keepSessionId` (the refresh-token family of the caller's
   * access token, its `sid`), and forgets their devices: "sign out everywhere else", a password
   * change, a second-factor change (two-factor module). Without a session to keep, ends them all.
   */
  async function endOtherSessions(userId: string, keepSessionId: string | undefined): Promise<void> {
    const keepDevice = keepSessionId ? await deviceOfFamily(db, keepSessionId) : undefined;
    await revokeUserTokens(
      db,
      userId,
      now(),
      keepSessionId === undefined ? {} : { exceptFamily: keepSessionId },
    );
    await deleteDevicesExcept(db, userId, keepDevice);
    // A device kept may have had other sessions besides the kept one: ended above, row kept.
  }

  function assertMayGrant(actor: Actor, roles: readonly string[]) {
    if (isSuperAdmin(roles) && !isSuperAdmin(actor.roles)) {
      throw forbidden('Only a super admin can make a super admin');
    }
  }

  return {
    /** POST {auth}: `grant_type: 'password'` (default) or `'refresh'`. */
    signIn(args: { input: unknown; client: RequestClient }): Promise<TokenResponse> {
      const body = asBody(args.input);
      const grant = body.grant_type ?? 'password';
      if (grant === 'password') return signInWithPassword(body, args.client);
      if (grant === 'refresh' || grant === 'refresh_token') return refresh(body, args.client);
      if (grant === 'mfa' && deps.secondFactor) {
        return deps.secondFactor
          .completeMfa(args)
          .then((proven) => completeSignIn(proven.user, proven.body, args.client, proven.details));
      }
      throw new AppError('UNSUPPORTED_GRANT_TYPE', `Unknown grant_type '${String(grant)}'`);
    },

    /**
     * POST {auth}/check-user: for administrators (who may create users), and for the sign-up form
     * when sign-up is open (behind its rate limit: sign-up itself tells a taken e-mail). Anyone
     * else learns nothing of which accounts exist (weakness 12): the same 401 or 403 whatever the
     * value, before any lookup.
     */
    async checkUser(args: {
      actor: Actor;
      input: unknown;
      client: RequestClient;
    }): Promise<{ exists: boolean }> {
      const asAdmin = deps.guard.check(args.actor, `${config.API_BASE}/user`, 'Create').granted;
      if (!asAdmin && !config.SIGNUP_ENABLED) {
        throw args.actor.anonymous
          ? new AppError('UNAUTHORIZED', 'Sign in as an administrator to look accounts up')
          : forbidden('Only an administrator can look accounts up');
      }
      const value = str(asBody(args.input).usernameOrEmailOrPhone)?.trim();
      if (!value)
        throw new AppError('USERNAME_AND_PASSWORD_ARE_REQUIRED', 'usernameOrEmailOrPhone is required');
      if (!asAdmin) await deps.limiter.consume('check-user', args.client, value);
      const lower = value.toLowerCase();
      const user = await findUserByLogin(db, { email: lower, username: lower, phone: value });
      return { exists: user !== undefined };
    },

    async providerSignIn(args: {
      provider: string;
      input: unknown;
      client: RequestClient;
    }): Promise<TokenResponse> {
      if (!deps.providers.has(args.provider)) throw new AppError('PROVIDER_NOT_FOUND', 'Provider not found');
      const body = asBody(args.input);
      const idToken = str(body.id_token) ?? str(body.idToken) ?? str(body.credential) ?? str(body.token);
      if (!idToken) throw validationFailed({ id_token: 'The provider ID token is required' });
      await deps.limiter.consume('sign-in', args.client);
      const identity = await deps.providers.verify(args.provider, idToken);
      let user = await findUserByLogin(db, { email: identity.email });
      if (!user) {
        if (!config.SIGNUP_ENABLED) throw forbidden('No account uses this e-mail; ask an administrator');
        user = await insertUser(db, {
          email: identity.email,
          username: identity.email,
          name: identity.name ?? null,
          picture: identity.picture ?? null,
          emv: true,
          roles: [],
        });
        audit.record({
          type: 'signup',
          target: user._id,
          targetType: 'user',
          details: { provider: args.provider },
          client: args.client,
        });
      } else if (!user.emv) {
        user = (await updateUser(db, user._id, { emv: true })) ?? user;
      }
      return completeSignIn(user, body, args.client, { method: args.provider });
    },

    /** POST {auth}/signup: an admin token may give roles; without one only when SIGNUP_ENABLED. */
    async signUp(args: { actor: Actor; input: unknown; client: RequestClient }): Promise<UserDocument> {
      const asAdmin = deps.guard.check(args.actor, `${config.API_BASE}/user`, 'Create').granted;
      if (!asAdmin && !config.SIGNUP_ENABLED) {
        throw args.actor.anonymous
          ? new AppError('SIGNUP_DISABLED', 'Sign-up is closed; ask an administrator for an account')
          : forbidden('You may not create users');
      }
      const body = asBody(args.input);
      const row = await buildNewUser(body, asAdmin);
      assertMayGrant(args.actor, row.roles);
      const created = await insertUser(db, row);
      audit.record({
        type: 'signup',
        actor: args.actor,
        target: created._id,
        targetType: 'user',
        details: { roles: created.roles },
        client: args.client,
      });
      return userDocument(created);
    },

    /** POST {auth}/forgot-password: the same answer, after the same time, whether or not the e-mail exists. */
    async forgotPassword(args: { input: unknown; client: RequestClient }): Promise<{ status: true }> {
      const body = asBody(args.input);
      const email = normaliseEmail(body.email);
      if (!email) throw new AppError('EMAIL_REQUIRED', 'An e-mail is required');
      await deps.limiter.consume('forgot-password', args.client, email);
      runInBackground('forgot-password mail', async () => {
        const user = await findUserByLogin(db, { email });
        if (!user || user.disabled) return;
        const token = await issueResetToken(user);
        const link = `${config.PUBLIC_URL}/panel/reset-password?reset_token=${encodeURIComponent(token)}`;
        await deps.mailer.send({
          to: user.email,
          ...forgotPasswordMail({
            language: mailLanguage(body.language ?? body.lang),
            product: config.PRODUCT_NAME,
            name: user.name ?? user.email,
            link,
            validMinutes: RESET_TOKEN_TTL_S / 60,
          }),
        });
      });
      return { status: true };
    },

    /** POST {auth}/resetpassword: a single-use reset token (`t: 'rst'`) and a new password. */
    async resetPassword(args: { input: unknown; client: RequestClient }): Promise<{ status: 'true' }> {
      const body = asBody(args.input);
      const token = str(body.reset_token);
      if (!token || typeof body.new_password !== 'string' || body.new_password === '') {
        throw new AppError('NEW-PASSWORD_RESET-TOKEN_REQUIRED', 'new_password and reset_token are required');
      }
      let claims: Awaited<ReturnType<TokenService['verify']>>;
      try {
        claims = await tokens.verify(token);
      } catch {
        throw new AppError('INVALID_TOKEN', 'The reset token is invalid or expired');
      }
      if (claims.t !== RESET_TOKEN_TYPE)
        throw new AppError('INVALID_TOKEN_TYPE', 'This is not a reset token');
      const password = assertPasswordPolicy(body.new_password, deps.policy, 'new_password');
      const sub = String(claims.sub);
      const code = await findLiveCode(db, 'reset', sub, now());
      if (
        !code ||
        typeof claims.jti !== 'string' ||
        code.codeHash !== hashToken(claims.jti) ||
        !(await markCodeUsed(db, code._id, now()))
      ) {
        throw new AppError('INVALID_TOKEN', 'This reset link was already used or replaced by a newer one');
      }
      await updateUser(db, sub, {
        passwordHash: await hashPassword(password),
        forceChangePwd: false,
        failedLogins: 0,
        lockedUntil: null,
      });
      await revokeUserTokens(db, sub, now());
      await deps.lockout.clear(sub);
      audit.record({
        type: 'password-reset',
        actor: { sub, roles: [], anonymous: false },
        target: sub,
        targetType: 'user',
        client: args.client,
      });
      return { status: 'true' };
    },

    /** POST {auth}/adminreset: `{ email, new_password, forceChangePwd = true }`. */
    async adminReset(args: { actor: Actor; input: unknown; client: RequestClient }) {
      deps.guard.require(args.actor, authPath('adminreset'), 'Create');
      const body = asBody(args.input);
      const email = normaliseEmail(body.email);
      if (!email) throw new AppError('EMAIL_REQUIRED', 'An e-mail is required');
      const password = assertPasswordPolicy(body.new_password, deps.policy, 'new_password');
      const user = await findUserByLogin(db, { email });
      if (!user) throw notFound(`User '${email}'`);
      if (isSuperAdmin(user.roles) && !isSuperAdmin(args.actor.roles))
        throw forbidden('Only a super admin can reset a super admin');
      const updated = await updateUser(db, user._id, {
        passwordHash: await hashPassword(password),
        forceChangePwd: body.forceChangePwd !== false,
        failedLogins: 0,
        lockedUntil: null,
      });
      await revokeUserTokens(db, user._id, now());
      await deps.lockout.clear(user._id);
      audit.record({
        type: 'password-reset',
        actor: args.actor,
        target: user._id,
        targetType: 'user',
        details: { byAdmin: true },
        client: args.client,
      });
      return { result: userDocument(updated!) };
    },

    /** POST {auth}/lock: `{ id, lock }` bans (true) or unbans (false) a user. */
    async lock(args: { actor: Actor; input: unknown; client: RequestClient }) {
      deps.guard.require(args.actor, authPath('lock'), 'Create');
      const body = asBody(args.input);
      const id = str(body.id);
      if (!id || typeof body.lock !== 'boolean')
        throw validationFailed({ id: 'id and lock (boolean) are required' });
      if (id === args.actor.sub) throw forbidden('You cannot lock yourself');
      const user = await findUserById(db, id);
      if (!user) throw notFound(`User '${id}'`);
      if (isSuperAdmin(user.roles) && !isSuperAdmin(args.actor.roles))
        throw forbidden('Only a super admin can lock a super admin');
      const updated = await updateUser(db, id, { disabled: body.lock });
      if (body.lock) await revokeUserTokens(db, id, now());
      deps.userChanged(id);
      audit.record({
        type: body.lock ? 'ban' : 'unban',
        actor: args.actor,
        target: id,
        targetType: 'user',
        client: args.client,
      });
      return { _id: id, document: userDocument(updated!) };
    },

    /** POST {auth}/verify/send: `{ name: 'email'|'phone', value?, [name]? }` sends a 6-digit code. */
    async sendVerification(args: { actor: Actor; input: unknown; client: RequestClient }): Promise<boolean> {
      const sub = requireSignedIn(args.actor);
      const body = asBody(args.input);
      const name = body.name;
      if (name !== 'email' && name !== 'phone') throw validationFailed({ name: "'email' or 'phone'" });
      const user = await findUserById(db, sub);
      if (!user) throw new AppError('UNAUTHORIZED', 'Sign in to do this');
      const raw =
        str(body.value) ?? str(body[name]) ?? (name === 'email' ? user.email : (user.phone ?? undefined));
      const value = name === 'email' ? normaliseEmail(raw) : raw?.trim();
      if (!value) throw validationFailed({ value: `The ${name} to verify is required` });
      await deps.limiter.consume('verify', args.client, `${name}:${value}`);
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await insertVerificationCode(db, {
        user: sub,
        kind: `verify-${name}`,
        target: value,
        codeHash: hashToken(code),
        expiresAt: new Date(Date.now() + CODE_TTL_MS),
      });
      const mail = verificationMail({
        language: mailLanguage(body.language ?? body.lang),
        product: config.PRODUCT_NAME,
        code,
        validMinutes: CODE_TTL_MS / 60_000,
      });
      if (name === 'email') await deps.mailer.send({ to: value, ...mail });
      else await deps.phoneSender()(value, mail.text);
      return true;
    },

    /** POST {auth}/verify: `{ name, value, code }` marks the address verified (and makes it the user's). */
    async verify(args: { input: unknown; client: RequestClient }): Promise<{ status: true }> {
      const body = asBody(args.input);
      const name = body.name;
      if (name !== 'email' && name !== 'phone') throw validationFailed({ name: "'email' or 'phone'" });
      const value =
        name === 'email' ? normaliseEmail(body.value ?? body[name]) : str(body.value ?? body[name])?.trim();
      const code = str(body.code);
      if (!value || !code) throw validationFailed({ code: 'value and code are required' });
      await deps.limiter.consume('verify', args.client, `${name}:${value}`);
      const row = await findLiveCode(db, `verify-${name}`, value, now());
      const expected = Buffer.from(row?.codeHash ?? '');
      const given = Buffer.from(hashToken(code));
      const matches =
        row !== undefined && expected.length === given.length && timingSafeEqual(expected, given);
      if (!row?.user) throw new AppError('INVALID_CODE', 'The code is wrong or expired');
      if (!matches) {
        if ((await countCodeAttempt(db, row._id)) >= CODE_MAX_ATTEMPTS)
          await markCodeUsed(db, row._id, now());
        throw new AppError('INVALID_CODE', 'The code is wrong or expired');
      }
      if (!(await markCodeUsed(db, row._id, now())))
        throw new AppError('INVALID_CODE', 'The code is wrong or expired');
      await updateUser(
        db,
        row.user,
        name === 'email' ? { email: value, emv: true } : { phone: value, phv: true },
      );
      deps.userChanged(row.user);
      return { status: true };
    },

    /** POST {auth}/impersonate `{ sub }`: super-admin only; the tokens carry `claims.imps`. */
    async impersonate(args: { actor: Actor; input: unknown; client: RequestClient }): Promise<TokenResponse> {
      requireSignedIn(args.actor);
      if (!isSuperAdmin(args.actor.roles)) throw forbidden('Only a super admin can impersonate');
      const sub = str(asBody(args.input).sub);
      if (!sub) throw validationFailed({ sub: 'The id of the user to impersonate is required' });
      const target = await findUserById(db, sub);
      if (!target) throw notFound(`User '${sub}'`);
      if (target.disabled) throw new AppError('ACCOUNT_DISABLED', 'This account is disabled');
      // Impersonating from an impersonation still names the real admin.
      const imps = typeof args.actor.claims?.imps === 'string' ? args.actor.claims.imps : args.actor.sub!;
      audit.record({
        type: 'impersonate',
        actor: args.actor,
        target: sub,
        targetType: 'user',
        details: { impersonator: imps },
        client: args.client,
      });
      return issueTokens(target, { sessionOnly: true, impersonator: imps });
    },

    /**
     * POST {auth}/unimpersonate (beyond the spec's client, which simply restores its saved refresh
     * token): ends the impersonation session server-side and records its end.
     */
    async unimpersonate(args: { actor: Actor; client: RequestClient }): Promise<{ status: true }> {
      const sub = requireSignedIn(args.actor);
      const imps = args.actor.claims?.imps;
      if (typeof imps !== 'string') throw forbidden('You are not impersonating anyone');
      await revokeUserTokens(db, sub, now(), { impersonator: imps });
      audit.record({
        type: 'unimpersonate',
        actor: args.actor,
        target: sub,
        targetType: 'user',
        client: args.client,
      });
      return { status: true };
    },

    async registerDevice(args: {
      actor: Actor;
      input: unknown;
      client?: RequestClient;
    }): Promise<{ status: true; id: string }> {
      const sub = requireSignedIn(args.actor);
      const body = asBody(args.input);
      const id = str(body.id);
      if (!id || id.length > 64)
        throw validationFailed({ id: 'The device id is required (at most 64 characters)' });
      await upsertDevice(db, sub, id, body, now(), args.client);
      return { status: true, id };
    },

    /**
     * The signed-in user's devices, most recently seen first: per device its address and browser
     * as the server last saw them, and whether it is the caller's (`current`, from the access
     * token's session).
     */
    async listDevices(args: { actor: Actor; sessionId?: string | undefined }) {
      const sub = requireSignedIn(args.actor);
      const rows = await listDevices(db, sub);
      const current = args.sessionId ? await deviceOfFamily(db, args.sessionId) : undefined;
      const prefix = `${sub}.`;
      const text = (info: Record<string, unknown>, key: string) =>
        typeof info[key] === 'string' ? (info[key] as string) : undefined;
      return {
        data: rows.map((row) => {
          const id = row._id.startsWith(prefix) ? row._id.slice(prefix.length) : row._id;
          const ua = row.userAgent ?? text(row.info, 'ua');
          return {
            id,
            name: text(row.info, 'name'),
            description: text(row.info, 'description'),
            os: text(row.info, 'os') || systemOf(ua),
            ua: text(row.info, 'ua'),
            browser: browserOf(ua),
            ip: row.ip ?? undefined,
            createdAt: row.createdAt,
            lastSeenAt: row.lastSeen,
            current: current !== undefined && id === current,
          };
        }),
      };
    },

    async deleteDevice(args: { actor: Actor; id: unknown }): Promise<{ status: true }> {
      const sub = requireSignedIn(args.actor);
      const id = str(args.id);
      if (!id) throw validationFailed({ id: 'The device id is required' });
      const found = await deleteDevice(db, sub, id);
      // Signing a device out ends its sessions too.
      await revokeUserTokens(db, sub, now(), { device: id });
      if (!found) throw notFound(`Device '${id}'`);
      return { status: true };
    },

    /**
     * DELETE {auth}/devices: `?others=true` ends every session of the caller but the current one;
     * `?user=<id>` (an administrator, with the right to ban) ends every session of that user.
     */
    async deleteDevices(args: {
      actor: Actor;
      sessionId?: string | undefined;
      others?: unknown;
      user?: unknown;
      client: RequestClient;
    }): Promise<{ status: true }> {
      const sub = requireSignedIn(args.actor);
      const target = str(args.user);
      if (target !== undefined) {
        deps.guard.require(args.actor, authPath('lock'), 'Create');
        const user = await findUserById(db, target);
        if (!user) throw notFound(`User '${target}'`);
        if (isSuperAdmin(user.roles) && !isSuperAdmin(args.actor.roles))
          throw forbidden("Only a super admin can end a super admin's sessions");
        await revokeUserTokens(db, target, now());
        await deleteDevicesExcept(db, target, undefined);
        audit.record({
          type: 'sessions-ended',
          actor: args.actor,
          target,
          targetType: 'user',
          details: { byAdmin: true },
          client: args.client,
        });
        return { status: true };
      }
      if (args.others !== 'true' && args.others !== true)
        throw validationFailed({ others: 'others=true (or user=<id>, for administrators) is required' });
      if (!args.sessionId)
        throw validationFailed({ others: 'This access token names no session; sign in again' });
      await endOtherSessions(sub, args.sessionId);
      audit.record({
        type: 'sessions-ended',
        actor: args.actor,
        target: sub,
        targetType: 'user',
        details: { others: true },
        client: args.client,
      });
      return { status: true };
    },

    /**
     * POST {auth}/signout: ends the session a refresh token belongs to (its whole family), whether
     * or not the token is still current. The same answer for an unknown token: nothing to end.
     */
    async signOut(args: {
      refreshTokens: readonly string[];
      client: RequestClient;
    }): Promise<{ status: true }> {
      const at = now();
      for (const token of args.refreshTokens) {
        const row = await findRefreshToken(db, hashToken(token));
        if (!row || row.revokedAt) continue;
        await revokeFamily(db, row.family, at);
        audit.record({
          type: 'sessions-ended',
          actor: { sub: row.user, roles: [], anonymous: false },
          target: row.user,
          targetType: 'user',
          details: { signOut: true },
          client: args.client,
        });
      }
      return { status: true };
    },

    endOtherSessions,
    /** Finishes a sign-in proven elsewhere (a passkey, ADR 042): bans, counters, audit, tokens. */
    completeSignIn,

    /** The first start: one super-admin when none exists (CONTRACT.md "Base paths and ports"). */
    async ensureSuperAdmin(args: {
      email: string;
      password?: string | undefined;
    }): Promise<{ created: boolean; password?: string }> {
      const existing = await findUserByLogin(db, { email: normaliseEmail(args.email)! });
      const anySuperAdmin = await countUsersWithRole(db, SUPER_ADMIN_ROLE);
      if (anySuperAdmin > 0 || existing) return { created: false };
      const generated = args.password === undefined;
      const password = args.password ?? `${randomToken(12)}aA1!`;
      assertPasswordPolicy(password, deps.policy);
      await insertUser(db, {
        email: normaliseEmail(args.email)!,
        username: normaliseEmail(args.email)!,
        name: 'Super admin',
        roles: [SUPER_ADMIN_ROLE],
        passwordHash: await hashPassword(password),
        emv: true,
        // A generated password is printed once to the log: it must be changed at first sign-in.
        forceChangePwd: generated,
      });
      return generated ? { created: true, password } : { created: true };
    },

    async close(): Promise<void> {
      await Promise.all([...background]);
    },
  };
}
