// Second factors (issue 34, ADR 042): TOTP with recovery codes, the half-done sign-in
// (`mfa_token`), and the per-role requirement the bearer resolver enforces. Passkeys are in
// webauthn.service.ts and share `factorsChanged` and the challenge store with this file.
import type { Db } from '@tabayyun/db';
import { type Actor, SUPER_ADMIN_ROLE } from '@tabayyun/permissions';
import type { Config } from '../../../config.ts';
import { AppError, forbidden, notFound, validationFailed } from '../../../errors.ts';
import type { AccessGuard } from '../../../plugins/access.ts';
import type { RequestClient } from '../../../plugins/actor.ts';
import type { AuditLog } from '../../audit/audit.service.ts';
import { findUserById, type UserRow } from '../../users/users.repo.ts';
import { verifyPassword } from '../password.ts';
import type { RateLimiter } from '../rate-limiter.ts';
import { hashToken, randomToken } from '../token.service.ts';
import { createRecoveryCodeHasher, looksLikeRecoveryCode, newRecoveryCodes } from './recovery-codes.ts';
import { createSecretBox } from './secret-box.ts';
import { base32Encode, matchTotp, newTotpSecret, otpauthUrl } from './totp.ts';
import {
  acceptTotpStep,
  countChallengeAttempt,
  countRecoveryCodesLeft,
  deleteAllPasskeys,
  deleteAllSecondFactors,
  deleteTotp,
  findLiveChallenge,
  findTotp,
  hasSecondFactor,
  insertChallenge,
  listPasskeys,
  replaceRecoveryCodes,
  rolesRequiringSecondFactor,
  savePendingTotp,
  spendChallenge,
  spendRecoveryCode,
} from './two-factor.repo.ts';

export const MFA_TOKEN_TTL_S = 5 * 60;
/** Wrong codes one mfa_token takes before it is spent. */
export const MFA_MAX_ATTEMPTS = 5;
const CACHE_TTL_MS = 10_000;
/** NOTIFY channel: a user's factors (payload: the user id) or the roles' requirement ('*roles') changed. */
export const TWO_FACTOR_CHANNEL = 'identity_two_factor_changed';
const ROLES_KEY = '*roles';

type Body = Record<string, unknown>;
export type Factor = 'totp' | 'recovery_code' | 'webauthn';

const str = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
export const asBody = (input: unknown): Body =>
  typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Body) : {};

/** Finishes a proven sign-in: the auth service's bans, counters, audit entry and tokens. */
export type CompleteSignIn = (
  user: UserRow,
  body: Record<string, unknown>,
  client: RequestClient,
  details: Record<string, unknown>,
) => Promise<unknown>;

export interface TwoFactorDeps {
  db: Db;
  config: Config;
  audit: AuditLog;
  limiter: RateLimiter;
  /** Ends the user's sessions other than `sid` (all of them when sid is undefined). */
  endOtherSessions: (sub: string, sid: string | undefined) => Promise<void>;
  /** Tells the other instances (NOTIFY) that a user's factors or the roles changed. */
  notify: (payload: string) => void;
  /** The administrator's reset needs the right to lock users (`{auth}/lock`). */
  guard?: AccessGuard;
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;

export function createTwoFactorService(deps: TwoFactorDeps) {
  const { db, config, audit } = deps;
  const box = createSecretBox(config.appSecret, 'totp-secret');
  const hashRecovery = createRecoveryCodeHasher(config.appSecret);

  // ---- The requirement's caches (evicted here and through NOTIFY from other instances) ----
  let requiring: { roles: Set<string>; at: number } | undefined;
  const hasFactor = new Map<string, { has: boolean; at: number }>();
  const evict = (payload: string) => {
    if (payload === ROLES_KEY) requiring = undefined;
    else hasFactor.delete(payload);
  };
  const rolesRequiring = async (): Promise<Set<string>> => {
    if (requiring && Date.now() - requiring.at < CACHE_TTL_MS) return requiring.roles;
    const roles = new Set(await rolesRequiringSecondFactor(db));
    requiring = { roles, at: Date.now() };
    return roles;
  };
  const userHasFactor = async (sub: string): Promise<boolean> => {
    const hit = hasFactor.get(sub);
    if (hit && Date.now() - hit.at < CACHE_TTL_MS) return hit.has;
    const has = await hasSecondFactor(db, sub);
    if (hasFactor.size > 5000) hasFactor.clear();
    hasFactor.set(sub, { has, at: Date.now() });
    return has;
  };

  const requireSignedIn = (actor: Actor): string => {
    if (actor.anonymous || !actor.sub) throw new AppError('UNAUTHORIZED', 'Sign in to do this');
    return actor.sub;
  };

  /** A second factor changed: caches, other instances, the audit log and the other sessions. */
  async function factorsChanged(
    actor: Actor,
    sid: string | undefined,
    action: string,
    client: RequestClient | undefined,
    details: Record<string, unknown> = {},
  ): Promise<void> {
    const sub = actor.sub!;
    evict(sub);
    deps.notify(sub);
    audit.record({
      type: 'second-factor-change',
      actor,
      target: sub,
      targetType: 'user',
      details: { action, ...details },
      client,
    });
    // An impersonating admin's change does not sign the user out of their own devices.
    if (typeof actor.claims?.imps !== 'string') await deps.endOtherSessions(sub, sid);
  }

  async function openTotp(user: string): Promise<{ secret: Buffer; enabled: boolean } | undefined> {
    const row = await findTotp(db, user);
    if (!row) return undefined;
    return { secret: box.open(row.secret, user), enabled: row.enabledAt !== null };
  }

  /** A TOTP code (once per step) or an unused recovery code of the user; false when neither. */
  async function checkCode(user: string, code: string): Promise<Factor | undefined> {
    const clean = code.replace(/\s/g, '');
    if (/^\d{6}$/.test(clean)) {
      const totp = await openTotp(user);
      if (!totp?.enabled) return undefined;
      const step = matchTotp(totp.secret, clean, Date.now());
      if (step === undefined) return undefined;
      if (!(await acceptTotpStep(db, user, step))) {
        throw new AppError('INVALID_CODE', 'This code was already used; wait for the next one');
      }
      return 'totp';
    }
    if (looksLikeRecoveryCode(code) && (await spendRecoveryCode(db, user, hashRecovery(code)))) {
      return 'recovery_code';
    }
    return undefined;
  }

  /** `{ code }` (TOTP or recovery) or `{ password }`: proves the signed-in person is the owner. */
  async function proveOwner(user: UserRow, body: Body, client: RequestClient): Promise<string> {
    const code = str(body.code);
    const password = typeof body.password === 'string' && body.password !== '' ? body.password : undefined;
    if (!code && !password) throw validationFailed({ code: 'A code or the password is required' });
    await deps.limiter.consume('second-factor', client, user._id);
    if (code) {
      const factor = await checkCode(user._id, code);
      if (!factor) throw new AppError('INVALID_CODE', 'The code is wrong or expired');
      return factor;
    }
    if (!(await verifyPassword(user.passwordHash, password!))) {
      throw new AppError('INVALID_CREDENTIALS', 'Wrong password');
    }
    return 'password';
  }

  async function signedInUser(actor: Actor): Promise<UserRow> {
    const sub = requireSignedIn(actor);
    const user = await findUserById(db, sub);
    if (!user) throw new AppError('UNAUTHORIZED', 'Sign in to do this');
    return user;
  }

  async function newRecoveryCodeSet(user: string): Promise<string[]> {
    const codes = newRecoveryCodes();
    await replaceRecoveryCodes(db, user, codes.map(hashRecovery));
    return codes;
  }

  async function factorsOf(user: string): Promise<Factor[]> {
    const [totp, passkeys, recovery] = await Promise.all([
      findTotp(db, user),
      listPasskeys(db, user),
      countRecoveryCodesLeft(db, user),
    ]);
    const factors: Factor[] = [];
    if (totp?.enabledAt) factors.push('totp');
    if (recovery > 0) factors.push('recovery_code');
    if (passkeys.length > 0) factors.push('webauthn');
    return factors;
  }

  return {
    factorsChanged,
    newRecoveryCodeSet,
    signedInUser,
    evict,
    rolesChanged(): void {
      evict(ROLES_KEY);
      deps.notify(ROLES_KEY);
    },

    /** Whether this user must set up a second factor before anything else. */
    async setupRequired(sub: string, roles: readonly string[]): Promise<boolean> {
      if (roles.length === 0) return false;
      const required = await rolesRequiring();
      if (!roles.some((r) => required.has(r))) return false;
      return !(await userHasFactor(sub));
    },

    /** GET {auth}/2fa: what the signed-in user has, and whether their roles require a factor. */
    async status(args: { actor: Actor }) {
      const sub = requireSignedIn(args.actor);
      const [totp, passkeys, recoveryLeft, required] = await Promise.all([
        findTotp(db, sub),
        listPasskeys(db, sub),
        countRecoveryCodesLeft(db, sub),
        rolesRequiring(),
      ]);
      const isRequired = args.actor.roles.some((r) => required.has(r));
      const has = totp?.enabledAt != null || passkeys.length > 0;
      return {
        totp: totp?.enabledAt != null,
        passkeys: passkeys.length,
        recovery_codes_left: recoveryLeft,
        required: isRequired,
        setup_required: isRequired && !has && typeof args.actor.claims?.imps !== 'string',
      };
    },

    /** POST {auth}/2fa/totp/setup: a new pending secret (replacing a pending one) and its URL. */
    async totpSetup(args: { actor: Actor }): Promise<{ secret: string; otpauth_url: string }> {
      const user = await signedInUser(args.actor);
      const existing = await findTotp(db, user._id);
      if (existing?.enabledAt) {
        throw new AppError(
          'TOTP_ALREADY_ENABLED',
          'An authenticator app is already set up; turn it off first',
        );
      }
      const secretBytes = newTotpSecret();
      await savePendingTotp(db, user._id, box.seal(secretBytes, user._id));
      const secret = base32Encode(secretBytes);
      return {
        secret,
        otpauth_url: otpauthUrl({ issuer: config.PRODUCT_NAME, account: user.email, secret }),
      };
    },

    /** POST {auth}/2fa/totp/enable `{ code }`: the first code switches it on; ten recovery codes. */
    async totpEnable(args: {
      actor: Actor;
      sid: string | undefined;
      input: unknown;
      client: RequestClient;
    }): Promise<{ recovery_codes: string[] }> {
      const sub = requireSignedIn(args.actor);
      const code = str(asBody(args.input).code);
      if (!code) throw validationFailed({ code: 'The 6-digit code of the authenticator app is required' });
      await deps.limiter.consume('second-factor', args.client, sub);
      const totp = await openTotp(sub);
      if (!totp) throw new AppError('TOTP_NOT_SET_UP', 'Start the set-up first (POST 2fa/totp/setup)');
      if (totp.enabled) throw new AppError('TOTP_ALREADY_ENABLED', 'An authenticator app is already set up');
      const step = matchTotp(totp.secret, code, Date.now());
      if (step === undefined || !(await acceptTotpStep(db, sub, step, { enable: true }))) {
        throw new AppError('INVALID_CODE', 'The code is wrong or expired');
      }
      const recovery = await newRecoveryCodeSet(sub);
      await factorsChanged(args.actor, args.sid, 'totp-enabled', args.client);
      return { recovery_codes: recovery };
    },

    /** POST {auth}/2fa/disable `{ code | password }`: removes every second factor of the user. */
    async disable(args: { actor: Actor; sid: string | undefined; input: unknown; client: RequestClient }) {
      const user = await signedInUser(args.actor);
      const proof = await proveOwner(user, asBody(args.input), args.client);
      await deleteTotp(db, user._id);
      await replaceRecoveryCodes(db, user._id, []);
      await deleteAllPasskeys(db, user._id);
      await factorsChanged(args.actor, args.sid, 'disabled', args.client, { proof });
      return { status: true as const };
    },

    /**
     * DELETE {auth}/2fa?user=<id>: an administrator (the right to lock users; a super admin only
     * for a super admin) removes every second factor of another user who lost theirs. Audited;
     * every session of the user ends. A role that requires a factor leads them through the set-up
     * at their next sign-in. Nobody resets their own this way (Profile asks for a proof).
     */
    async adminReset(args: { actor: Actor; user: unknown; client: RequestClient }) {
      requireSignedIn(args.actor);
      if (!deps.guard) throw forbidden('Resetting second factors is not available');
      deps.guard.require(args.actor, `${config.AUTH_BASE}/lock`, 'Create');
      const id = str(args.user);
      if (!id) throw validationFailed({ user: 'The id of the user whose second factor to reset' });
      if (id === args.actor.sub) throw forbidden('Turn your own second factor off on your profile');
      const user = await findUserById(db, id);
      if (!user) throw notFound(`User '${id}'`);
      if (user.roles.includes(SUPER_ADMIN_ROLE) && !args.actor.roles.includes(SUPER_ADMIN_ROLE))
        throw forbidden("Only a super admin can reset a super admin's second factor");
      await deleteAllSecondFactors(db, id);
      evict(id);
      deps.notify(id);
      audit.record({
        type: 'second-factor-change',
        actor: args.actor,
        target: id,
        targetType: 'user',
        details: { action: 'reset-by-admin', byAdmin: true },
        client: args.client,
      });
      await deps.endOtherSessions(id, undefined);
      return { status: true as const };
    },

    /** POST {auth}/2fa/recovery-codes `{ code | password }`: a new set; the old codes stop working. */
    async regenerateRecoveryCodes(args: {
      actor: Actor;
      sid: string | undefined;
      input: unknown;
      client: RequestClient;
    }): Promise<{ recovery_codes: string[] }> {
      const user = await signedInUser(args.actor);
      if ((await factorsOf(user._id)).filter((f) => f !== 'recovery_code').length === 0) {
        throw new AppError('TOTP_NOT_SET_UP', 'Set up a second factor first');
      }
      const proof = await proveOwner(user, asBody(args.input), args.client);
      const codes = await newRecoveryCodeSet(user._id);
      await factorsChanged(args.actor, args.sid, 'recovery-codes-renewed', args.client, { proof });
      return { recovery_codes: codes };
    },

    /**
     * After a proven password: a user with a second factor gets 401 SECOND_FACTOR_REQUIRED and a
     * single-use `mfa_token` (5 minutes) instead of tokens. The sign-in's device and rememberMe
     * ride with the token, so the second step completes the same sign-in.
     */
    async challengeIfEnrolled(user: UserRow, body: Body): Promise<void> {
      // A password that must change still needs the second factor first (then a reset token).
      if (user.disabled) return;
      if (!(await hasSecondFactor(db, user._id))) return;
      const token = randomToken();
      await insertChallenge(db, {
        kind: 'mfa',
        user: user._id,
        tokenHash: hashToken(token),
        details: {
          ...(body.device !== undefined ? { device: body.device } : {}),
          ...(body.rememberMe !== undefined ? { rememberMe: body.rememberMe } : {}),
        },
        expiresAt: new Date(Date.now() + MFA_TOKEN_TTL_S * 1000),
      });
      throw new AppError(
        'SECOND_FACTOR_REQUIRED',
        'Enter the code of your authenticator app or use a passkey',
        {
          mfa_token: token,
          factors: await factorsOf(user._id),
          expires_in: MFA_TOKEN_TTL_S,
        },
      );
    },

    /** The live mfa challenge of a token, or 401 INVALID_MFA_TOKEN. */
    async mfaChallenge(mfaToken: unknown) {
      const token = str(mfaToken);
      const row = token ? await findLiveChallenge(db, 'mfa', hashToken(token)) : undefined;
      if (!row?.user) {
        throw new AppError(
          'INVALID_MFA_TOKEN',
          'The sign-in step expired or was already completed; sign in again',
        );
      }
      return row;
    },

    /** Spends an mfa challenge once its factor is proven: the user and the sign-in's body. */
    async finishMfa(
      row: { _id: string; user: string | null; details: Record<string, unknown> },
      method: string,
    ) {
      if (!(await spendChallenge(db, row._id))) {
        throw new AppError(
          'INVALID_MFA_TOKEN',
          'The sign-in step expired or was already completed; sign in again',
        );
      }
      const user = row.user ? await findUserById(db, row.user) : undefined;
      if (!user) throw new AppError('INVALID_MFA_TOKEN', 'This account no longer exists');
      return { user, body: row.details, details: { method: 'password', secondFactor: method } };
    },

    /** `POST {auth} { grant_type: "mfa", mfa_token, code }`: a TOTP or recovery code completes it. */
    async completeMfa(args: { input: unknown; client: RequestClient }) {
      const body = asBody(args.input);
      const row = await this.mfaChallenge(body.mfa_token);
      const code = str(body.code);
      if (!code)
        throw validationFailed({ code: 'The code of the authenticator app or a recovery code is required' });
      await deps.limiter.consume('second-factor', args.client, row.user!);
      const factor = await checkCode(row.user!, code).catch(async (error: unknown) => {
        await countChallengeAttempt(db, row._id);
        throw error;
      });
      if (!factor) {
        if ((await countChallengeAttempt(db, row._id)) >= MFA_MAX_ATTEMPTS) await spendChallenge(db, row._id);
        audit.record({
          type: 'sign-in-failed',
          target: row.user!,
          targetType: 'user',
          details: { secondFactor: true },
          client: args.client,
        });
        throw new AppError('INVALID_CODE', 'The code is wrong or expired');
      }
      return this.finishMfa(row, factor);
    },
  };
}
