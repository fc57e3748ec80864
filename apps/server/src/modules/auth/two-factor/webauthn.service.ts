// Passkeys (WebAuthn, @simplewebauthn/server): registration for the signed-in user, and
// authentication either as the second step of a password sign-in (`mfa_token`) or alone
// (passwordless, a discoverable credential with user verification). Challenges are single use,
// five minutes, stored hashed; the origin and RP id come from configuration (ADR 042).

import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { Db } from '@tabayyun/db';
import type { Actor } from '@tabayyun/permissions';
import type { Config } from '../../../config.ts';
import { AppError, notFound, validationFailed } from '../../../errors.ts';
import type { RequestClient } from '../../../plugins/actor.ts';
import { findUserById } from '../../users/users.repo.ts';
import type { RateLimiter } from '../rate-limiter.ts';
import { hashToken } from '../token.service.ts';
import {
  countRecoveryCodesLeft,
  deletePasskey,
  findLiveChallenge,
  findPasskey,
  insertChallenge,
  insertPasskey,
  listPasskeys,
  spendChallenge,
  touchPasskey,
} from './two-factor.repo.ts';
import { asBody, type TwoFactorService } from './two-factor.service.ts';

/**
 * @simplewebauthn/server, loaded with the first passkey ceremony: with its ASN.1 and X.509
 * libraries it is ~230 modules and ~5 MB of heap that a server answering readers never uses
 * (issue 34, ADR 058).
 */
let simpleWebAuthn: Promise<typeof import('@simplewebauthn/server')> | undefined;
const loadSimpleWebAuthn = () => {
  simpleWebAuthn ??= import('@simplewebauthn/server');
  return simpleWebAuthn;
};

const CHALLENGE_TTL_MS = 5 * 60_000;
const REGISTRATION = 'webauthn-reg';
const AUTHENTICATION = 'webauthn-auth';

const failed = (message: string) => new AppError('PASSKEY_VERIFICATION_FAILED', message);
const str = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
const bytes = (base64url: string) => new Uint8Array(Buffer.from(base64url, 'base64url'));

/** The relying party: its id (a domain) and the origins that may run ceremonies. */
export function relyingParty(config: Config): { id: string; origins: string[] } {
  const origins = (config.WEBAUTHN_ORIGINS ?? new URL(config.PUBLIC_URL).origin)
    .split(',')
    .map((o) => o.trim().replace(/\/+$/, ''))
    .filter((o) => o !== '');
  return { id: config.WEBAUTHN_RP_ID ?? new URL(config.PUBLIC_URL).hostname, origins };
}

/** The origin a ceremony ran on when it is allowed (`scheme://host:*` allows any port of host). */
export function allowedOrigin(origins: readonly string[], origin: string): string | undefined {
  return origins.some((allowed) => {
    if (!allowed.endsWith(':*')) return allowed === origin;
    const base = allowed.slice(0, -2);
    return (
      origin === base || (origin.startsWith(`${base}:`) && /^\d{1,5}$/.test(origin.slice(base.length + 1)))
    );
  })
    ? origin
    : undefined;
}

/** The challenge a response answers (from its clientDataJSON), or a clear 400. */
async function challengeOf(response: { response?: { clientDataJSON?: unknown } }): Promise<{
  challenge: string;
  origin: string;
}> {
  const data = response.response?.clientDataJSON;
  if (typeof data !== 'string') throw validationFailed({ response: 'A WebAuthn response is required' });
  const { decodeClientDataJSON } = await import('@simplewebauthn/server/helpers');
  try {
    const decoded = decodeClientDataJSON(data);
    return { challenge: decoded.challenge, origin: decoded.origin };
  } catch {
    throw validationFailed({ response: 'clientDataJSON is not valid' });
  }
}

const responseOf = <T>(body: Record<string, unknown>): T => {
  const response = body.response;
  if (
    typeof response !== 'object' ||
    response === null ||
    typeof (response as { id?: unknown }).id !== 'string'
  ) {
    throw validationFailed({ response: 'A WebAuthn response is required' });
  }
  return response as T;
};

export type WebAuthnService = ReturnType<typeof createWebAuthnService>;

export function createWebAuthnService(deps: {
  db: Db;
  config: Config;
  limiter: RateLimiter;
  twoFactor: TwoFactorService;
}) {
  const { db, config, twoFactor } = deps;
  const rp = relyingParty(config);
  const expectedOrigin = (origin: string) => allowedOrigin(rp.origins, origin) ?? rp.origins;

  async function takeChallenge(kind: string, challenge: string) {
    const row = await findLiveChallenge(db, kind, hashToken(challenge));
    if (!row) throw failed('The passkey request expired or was already used; try again');
    return row;
  }

  return {
    /** POST {auth}/webauthn/registration/options: creation options for the signed-in user. */
    async registrationOptions(args: { actor: Actor }) {
      const user = await twoFactor.signedInUser(args.actor);
      const existing = await listPasskeys(db, user._id);
      const { generateRegistrationOptions } = await loadSimpleWebAuthn();
      const options = await generateRegistrationOptions({
        rpName: config.PRODUCT_NAME,
        rpID: rp.id,
        userName: user.email,
        userID: new TextEncoder().encode(user._id),
        userDisplayName: user.name ?? user.email,
        attestationType: 'none',
        excludeCredentials: existing.map((p) => ({ id: p._id, transports: p.transports })),
        // Discoverable, so the same passkey also signs in without a password.
        authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      });
      await insertChallenge(db, {
        kind: REGISTRATION,
        user: user._id,
        tokenHash: hashToken(options.challenge),
        expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
      });
      return options;
    },

    /** POST {auth}/webauthn/registration/verify `{ response, name? }`: stores the passkey. */
    async registrationVerify(args: {
      actor: Actor;
      sid: string | undefined;
      input: unknown;
      client: RequestClient;
    }) {
      const user = await twoFactor.signedInUser(args.actor);
      const body = asBody(args.input);
      const response = responseOf<RegistrationResponseJSON>(body);
      const { challenge, origin } = await challengeOf(response);
      const row = await takeChallenge(REGISTRATION, challenge);
      if (row.user !== user._id) throw failed('This passkey request belongs to another account');
      const { verifyRegistrationResponse } = await loadSimpleWebAuthn();
      let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
      try {
        verification = await verifyRegistrationResponse({
          response,
          expectedChallenge: challenge,
          expectedOrigin: expectedOrigin(origin),
          expectedRPID: rp.id,
          requireUserVerification: false,
        });
      } catch (error) {
        throw failed(`The passkey could not be verified: ${(error as Error).message}`);
      }
      if (!verification.verified) throw failed('The passkey could not be verified');
      if (!(await spendChallenge(db, row._id))) throw failed('This passkey request was already used');
      const info = verification.registrationInfo;
      if (await findPasskey(db, info.credential.id)) throw failed('This passkey is already registered');
      const name = str(body.name)?.slice(0, 80) ?? null;
      await insertPasskey(db, {
        _id: info.credential.id,
        user: user._id,
        publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
        counter: info.credential.counter,
        transports: info.credential.transports ?? [],
        deviceType: info.credentialDeviceType,
        backedUp: info.credentialBackedUp,
        name,
      });
      // A first factor without recovery codes gets them, as the authenticator app does.
      const recovery =
        (await countRecoveryCodesLeft(db, user._id)) === 0
          ? await twoFactor.newRecoveryCodeSet(user._id)
          : undefined;
      await twoFactor.factorsChanged(args.actor, args.sid, 'passkey-added', args.client, {
        passkey: info.credential.id,
      });
      return {
        passkey: { id: info.credential.id, name, createdAt: new Date().toISOString() },
        ...(recovery ? { recovery_codes: recovery } : {}),
      };
    },

    /**
     * POST {auth}/webauthn/authentication/options `{ mfa_token? }`: with an mfa_token, the
     * passkeys of that sign-in's user; without, any discoverable passkey (passwordless).
     */
    async authenticationOptions(args: { input: unknown; client: RequestClient }) {
      const body = asBody(args.input);
      await deps.limiter.consume('sign-in', args.client);
      let user: string | null = null;
      let allowCredentials: { id: string; transports?: string[] }[] = [];
      if (body.mfa_token !== undefined) {
        const mfa = await twoFactor.mfaChallenge(body.mfa_token);
        user = mfa.user;
        const passkeys = await listPasskeys(db, mfa.user!);
        if (passkeys.length === 0) throw failed('This account has no passkey; use a code');
        allowCredentials = passkeys.map((p) => ({ id: p._id, transports: p.transports }));
      }
      const { generateAuthenticationOptions } = await loadSimpleWebAuthn();
      const options = await generateAuthenticationOptions({
        rpID: rp.id,
        allowCredentials,
        userVerification: user ? 'preferred' : 'required',
      });
      await insertChallenge(db, {
        kind: AUTHENTICATION,
        user,
        tokenHash: hashToken(options.challenge),
        expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
      });
      return options;
    },

    /**
     * POST {auth}/webauthn/authentication/verify `{ response, mfa_token?, rememberMe?, device? }`:
     * the user to sign in, the body whose device and rememberMe the sign-in uses, and details.
     */
    async authenticationVerify(args: { input: unknown; client: RequestClient }) {
      const body = asBody(args.input);
      const response = responseOf<AuthenticationResponseJSON>(body);
      const mfa = body.mfa_token !== undefined ? await twoFactor.mfaChallenge(body.mfa_token) : undefined;
      const { challenge, origin } = await challengeOf(response);
      const row = await takeChallenge(AUTHENTICATION, challenge);
      if (mfa && row.user !== mfa.user) throw failed('This passkey request belongs to another sign-in');
      if (!mfa && row.user !== null) throw failed('This passkey request belongs to a password sign-in');
      const passkey = await findPasskey(db, response.id);
      if (!passkey || (row.user !== null && passkey.user !== row.user)) {
        throw failed('This passkey is not registered for this account');
      }
      const { verifyAuthenticationResponse } = await loadSimpleWebAuthn();
      let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
      try {
        verification = await verifyAuthenticationResponse({
          response,
          expectedChallenge: challenge,
          expectedOrigin: expectedOrigin(origin),
          expectedRPID: rp.id,
          credential: {
            id: passkey._id,
            publicKey: bytes(passkey.publicKey),
            counter: passkey.counter,
            transports: passkey.transports,
          },
          requireUserVerification: !mfa,
        });
      } catch (error) {
        throw failed(`The passkey could not be verified: ${(error as Error).message}`);
      }
      if (!verification.verified) throw failed('The passkey could not be verified');
      if (!(await spendChallenge(db, row._id))) throw failed('This passkey request was already used');
      if (
        !(await touchPasskey(db, passkey._id, passkey.counter, verification.authenticationInfo.newCounter))
      ) {
        throw failed('This passkey was used twice at once');
      }
      if (mfa) return twoFactor.finishMfa(mfa, 'webauthn');
      const user = await findUserById(db, passkey.user);
      if (!user) throw failed('This passkey is not registered for this account');
      return {
        user,
        body: {
          ...(body.device !== undefined ? { device: body.device } : {}),
          ...(body.rememberMe !== undefined ? { rememberMe: body.rememberMe } : {}),
        },
        details: { method: 'passkey' },
      };
    },

    /** GET {auth}/webauthn/passkeys: the signed-in user's passkeys. */
    async list(args: { actor: Actor }) {
      const user = await twoFactor.signedInUser(args.actor);
      const rows = await listPasskeys(db, user._id);
      return {
        data: rows.map((p) => ({
          id: p._id,
          name: p.name,
          deviceType: p.deviceType,
          backedUp: p.backedUp,
          createdAt: p.createdAt,
          lastUsedAt: p.lastUsedAt,
        })),
      };
    },

    /** DELETE {auth}/webauthn/passkeys/:id */
    async remove(args: { actor: Actor; sid: string | undefined; id: string; client: RequestClient }) {
      const user = await twoFactor.signedInUser(args.actor);
      if (!(await deletePasskey(db, user._id, args.id))) throw notFound(`Passkey '${args.id}'`);
      await twoFactor.factorsChanged(args.actor, args.sid, 'passkey-removed', args.client, {
        passkey: args.id,
      });
      return { status: true as const };
    },
  };
}
