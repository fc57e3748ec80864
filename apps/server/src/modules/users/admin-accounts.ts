// The administration commands (issue 14): `create-admin` and `reset-password` for a newsroom that
// locked itself out. They run beside the database, not over HTTP, so whoever runs them already
// holds the keys; every use is still in the audit log. Either way the password is one-time: the
// user must choose a new one at the next sign-in (`forceChangePwd`, answered by a reset token).
import { type Db, type DbExecutor, rateLimitBucket, sql } from '@tabayyun/db';
import { SUPER_ADMIN_ROLE } from '@tabayyun/permissions';
import { validationFailed } from '../../errors.ts';
import type { AuditLog } from '../audit/audit.service.ts';
import { signInKeyPrefix } from '../auth/lockout.ts';
import { assertPasswordPolicy, hashPassword, type PasswordPolicy } from '../auth/password.ts';
import { deleteBuckets, revokeUserTokens } from '../auth/sessions.repo.ts';
import { randomToken } from '../auth/token.service.ts';
import { findUserByLogin, insertUser, type UserRow, updateUser } from './users.repo.ts';

export interface AdminAccountsDeps {
  db: Db;
  policy: PasswordPolicy;
  audit: AuditLog;
}

export interface AdminAccountResult {
  userId: string;
  /** True when the account was made by this call (create-admin on a new e-mail). */
  created: boolean;
  /** The generated one-time password; absent when the caller supplied one. */
  generatedPassword?: string;
}

const CLI_CLIENT = { ip: 'cli', userAgent: 'tabayyun admin command' };
const EMAIL = /^[^\s@]+@[^\s@]+$/;

function normaliseEmail(raw: string): string {
  const email = raw.trim().toLowerCase();
  if (!EMAIL.test(email) || email.length > 320 || email.includes('\u0000')) {
    throw validationFailed({ email: `'${raw}' is not an e-mail address` });
  }
  return email;
}

/** A generated password that meets the default policy classes (lower, upper, digit, special). */
const generatePassword = () => `${randomToken(12)}aA1!`;

async function choosePassword(deps: AdminAccountsDeps, given: string | undefined) {
  const password = given ?? generatePassword();
  assertPasswordPolicy(password, deps.policy);
  return { password, hash: await hashPassword(password), generated: given === undefined };
}

/** The account's sign-in failure budget starts again (the rate limiter's per-account buckets). */
async function clearSignInBuckets(db: DbExecutor, user: UserRow): Promise<void> {
  await db.delete(rateLimitBucket).where(
    sql`${rateLimitBucket.key} in (${sql.join(
      [user.email, user.username]
        .filter((name): name is string => typeof name === 'string' && name !== '')
        .map((name) => sql`${`sign-in:account:${name.toLowerCase()}`}`),
      sql`, `,
    )})`,
  );
  // The locks and budgets per client address (ADR 041).
  await deleteBuckets(db, signInKeyPrefix(user._id));
}

/**
 * `npm run create-admin -- <email>`: a super-admin with a one-time password. An existing account
 * with that e-mail gets the role, the password and a cleared lock instead of a second account.
 */
export async function createAdmin(
  deps: AdminAccountsDeps,
  args: { email: string; password?: string | undefined },
): Promise<AdminAccountResult> {
  const email = normaliseEmail(args.email);
  const chosen = await choosePassword(deps, args.password);
  const result = await deps.db.transaction(async (tx) => {
    const existing = await findUserByLogin(tx, { email });
    if (existing) {
      await updateUser(tx, existing._id, {
        roles: [...new Set([...existing.roles, SUPER_ADMIN_ROLE])],
        passwordHash: chosen.hash,
        forceChangePwd: true,
        failedLogins: 0,
        lockedUntil: null,
        disabled: false,
      });
      await revokeUserTokens(tx, existing._id, new Date());
      await clearSignInBuckets(tx, existing);
      return { user: existing, created: false };
    }
    const user = await insertUser(tx, {
      email,
      username: email,
      name: 'Super admin',
      roles: [SUPER_ADMIN_ROLE],
      passwordHash: chosen.hash,
      emv: true,
      forceChangePwd: true,
    });
    return { user, created: true };
  });
  deps.audit.record({
    type: result.created ? 'signup' : 'role-change',
    target: result.user._id,
    targetType: 'user',
    details: { command: 'create-admin', roles: [SUPER_ADMIN_ROLE] },
    client: CLI_CLIENT,
  });
  await deps.audit.flush();
  return {
    userId: result.user._id,
    created: result.created,
    ...(chosen.generated ? { generatedPassword: chosen.password } : {}),
  };
}

/** `npm run reset-password -- <email>`: a one-time password, the lock cleared, sessions ended. */
export async function resetPassword(
  deps: AdminAccountsDeps,
  args: { email: string; password?: string | undefined },
): Promise<AdminAccountResult> {
  const email = normaliseEmail(args.email);
  const chosen = await choosePassword(deps, args.password);
  const user = await deps.db.transaction(async (tx) => {
    const found = await findUserByLogin(tx, { email });
    if (!found) return undefined;
    await updateUser(tx, found._id, {
      passwordHash: chosen.hash,
      forceChangePwd: true,
      failedLogins: 0,
      lockedUntil: null,
    });
    await revokeUserTokens(tx, found._id, new Date());
    await clearSignInBuckets(tx, found);
    return found;
  });
  if (!user) throw validationFailed({ email: `No account has the e-mail ${email}` }, 'No such account');
  deps.audit.record({
    type: 'password-reset',
    target: user._id,
    targetType: 'user',
    details: { command: 'reset-password' },
    client: CLI_CLIENT,
  });
  await deps.audit.flush();
  return {
    userId: user._id,
    created: false,
    ...(chosen.generated ? { generatedPassword: chosen.password } : {}),
  };
}
