// Storage of second factors: the TOTP row, recovery codes, passkeys, challenges and the per-role
// requirement. Every "use once" is one conditional UPDATE, so two parallel uses cannot both pass.
import {
  and,
  type DbExecutor,
  eq,
  gt,
  isNotNull,
  isNull,
  lt,
  newId,
  or,
  role,
  sql,
  twoFactorChallenge,
  twoFactorRecoveryCode,
  twoFactorTotp,
  webauthnCredential,
} from '@tabayyun/db';

export type TotpRow = typeof twoFactorTotp.$inferSelect;
export type PasskeyRow = typeof webauthnCredential.$inferSelect;
export type ChallengeRow = typeof twoFactorChallenge.$inferSelect;

export async function findTotp(db: DbExecutor, user: string): Promise<TotpRow | undefined> {
  const [row] = await db.select().from(twoFactorTotp).where(eq(twoFactorTotp.user, user)).limit(1);
  return row;
}

/** A new pending secret (replaces a pending one; never an enabled one: the caller checks). */
export async function savePendingTotp(db: DbExecutor, user: string, sealed: string): Promise<void> {
  await db
    .insert(twoFactorTotp)
    .values({ user, secret: sealed })
    .onConflictDoUpdate({
      target: twoFactorTotp.user,
      set: { secret: sealed, enabledAt: null, lastStep: null, createdAt: new Date() },
      setWhere: isNull(twoFactorTotp.enabledAt),
    });
}

/**
 * Records that the code of `step` was used: true only when no code of this or a later step was
 * accepted before (replay refused). `enable` also switches a pending secret on.
 */
export async function acceptTotpStep(
  db: DbExecutor,
  user: string,
  step: number,
  opts: { enable?: boolean } = {},
): Promise<boolean> {
  const rows = await db
    .update(twoFactorTotp)
    .set({ lastStep: step, ...(opts.enable ? { enabledAt: new Date() } : {}) })
    .where(
      and(
        eq(twoFactorTotp.user, user),
        or(isNull(twoFactorTotp.lastStep), lt(twoFactorTotp.lastStep, step)),
        opts.enable ? isNull(twoFactorTotp.enabledAt) : isNotNull(twoFactorTotp.enabledAt),
      ),
    )
    .returning({ user: twoFactorTotp.user });
  return rows.length > 0;
}

export async function deleteTotp(db: DbExecutor, user: string): Promise<void> {
  await db.delete(twoFactorTotp).where(eq(twoFactorTotp.user, user));
}

export async function replaceRecoveryCodes(db: DbExecutor, user: string, hashes: string[]): Promise<void> {
  await db.delete(twoFactorRecoveryCode).where(eq(twoFactorRecoveryCode.user, user));
  if (hashes.length === 0) return;
  await db.insert(twoFactorRecoveryCode).values(hashes.map((codeHash) => ({ _id: newId(), user, codeHash })));
}

/** Uses a recovery code: true once, false when unknown or already used. */
export async function spendRecoveryCode(db: DbExecutor, user: string, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(twoFactorRecoveryCode)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(twoFactorRecoveryCode.user, user),
        eq(twoFactorRecoveryCode.codeHash, codeHash),
        isNull(twoFactorRecoveryCode.usedAt),
      ),
    )
    .returning({ _id: twoFactorRecoveryCode._id });
  return rows.length > 0;
}

export async function countRecoveryCodesLeft(db: DbExecutor, user: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(twoFactorRecoveryCode)
    .where(and(eq(twoFactorRecoveryCode.user, user), isNull(twoFactorRecoveryCode.usedAt)));
  return row?.n ?? 0;
}

export async function listPasskeys(db: DbExecutor, user: string): Promise<PasskeyRow[]> {
  return db.select().from(webauthnCredential).where(eq(webauthnCredential.user, user));
}

export async function findPasskey(db: DbExecutor, id: string): Promise<PasskeyRow | undefined> {
  const [row] = await db.select().from(webauthnCredential).where(eq(webauthnCredential._id, id)).limit(1);
  return row;
}

export async function insertPasskey(
  db: DbExecutor,
  row: typeof webauthnCredential.$inferInsert,
): Promise<void> {
  await db.insert(webauthnCredential).values(row);
}

/** Moves the signature counter forward; false when another use got there first (a cloned key). */
export async function touchPasskey(db: DbExecutor, id: string, oldCounter: number, newCounter: number) {
  const rows = await db
    .update(webauthnCredential)
    .set({ counter: newCounter, lastUsedAt: new Date() })
    .where(and(eq(webauthnCredential._id, id), eq(webauthnCredential.counter, oldCounter)))
    .returning({ _id: webauthnCredential._id });
  return rows.length > 0;
}

export async function deletePasskey(db: DbExecutor, user: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(webauthnCredential)
    .where(and(eq(webauthnCredential.user, user), eq(webauthnCredential._id, id)))
    .returning({ _id: webauthnCredential._id });
  return rows.length > 0;
}

export async function deleteAllPasskeys(db: DbExecutor, user: string): Promise<void> {
  await db.delete(webauthnCredential).where(eq(webauthnCredential.user, user));
}

/**
 * Every second factor of a user and their half-done ceremonies: an administrator's reset, and the
 * user's deletion.
 */
export async function deleteAllSecondFactors(db: DbExecutor, user: string): Promise<void> {
  await db.delete(twoFactorTotp).where(eq(twoFactorTotp.user, user));
  await db.delete(twoFactorRecoveryCode).where(eq(twoFactorRecoveryCode.user, user));
  await db.delete(webauthnCredential).where(eq(webauthnCredential.user, user));
  await db.delete(twoFactorChallenge).where(eq(twoFactorChallenge.user, user));
}

/** Whether the user has any second factor (an enabled TOTP or a passkey). */
export async function hasSecondFactor(db: DbExecutor, user: string): Promise<boolean> {
  const { rows } = await db.execute<{ has: boolean }>(sql`
    select exists (select 1 from ${twoFactorTotp} where ${twoFactorTotp.user} = ${user} and ${twoFactorTotp.enabledAt} is not null)
        or exists (select 1 from ${webauthnCredential} where ${webauthnCredential.user} = ${user}) as has`);
  return rows[0]?.has === true;
}

export async function insertChallenge(
  db: DbExecutor,
  row: Omit<typeof twoFactorChallenge.$inferInsert, '_id'>,
): Promise<void> {
  // Expired challenges go as new ones come: the table stays small without a sweeper.
  await db.delete(twoFactorChallenge).where(lt(twoFactorChallenge.expiresAt, new Date(Date.now() - 60_000)));
  await db.insert(twoFactorChallenge).values({ _id: newId(), ...row });
}

export async function findLiveChallenge(
  db: DbExecutor,
  kind: string,
  tokenHash: string,
): Promise<ChallengeRow | undefined> {
  const [row] = await db
    .select()
    .from(twoFactorChallenge)
    .where(
      and(
        eq(twoFactorChallenge.kind, kind),
        eq(twoFactorChallenge.tokenHash, tokenHash),
        isNull(twoFactorChallenge.usedAt),
        gt(twoFactorChallenge.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row;
}

/** Marks a challenge used: true once (single use under concurrency). */
export async function spendChallenge(db: DbExecutor, id: string): Promise<boolean> {
  const rows = await db
    .update(twoFactorChallenge)
    .set({ usedAt: new Date() })
    .where(and(eq(twoFactorChallenge._id, id), isNull(twoFactorChallenge.usedAt)))
    .returning({ _id: twoFactorChallenge._id });
  return rows.length > 0;
}

export async function countChallengeAttempt(db: DbExecutor, id: string): Promise<number> {
  const [row] = await db
    .update(twoFactorChallenge)
    .set({ attempts: sql`${twoFactorChallenge.attempts} + 1` })
    .where(eq(twoFactorChallenge._id, id))
    .returning({ attempts: twoFactorChallenge.attempts });
  return row?.attempts ?? 0;
}

/** The ids of the roles that require a second factor. */
export async function rolesRequiringSecondFactor(db: DbExecutor): Promise<string[]> {
  const rows = await db.select({ _id: role._id }).from(role).where(eq(role.requiresSecondFactor, true));
  return rows.map((r) => r._id);
}
