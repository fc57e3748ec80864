// Access and reset tokens: EdDSA-signed JWTs with the claims of spec §3. Verification pins the
// algorithm and the key, so `alg: none`, HS256-with-the-public-key and foreign keys all fail.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { SigningKeys } from './token-keys.ts';

export const ACCESS_TOKEN_TYPE = 'access';
export const RESET_TOKEN_TYPE = 'rst';

/** The decoded access token of spec §3 (`emv`/`phv`: 1 is true). */
export interface AccessClaims {
  sub: string;
  exp: number;
  iat: number;
  roles: string[];
  claims: { imps?: string; [key: string]: unknown };
  /** The session (refresh-token family) the token was issued to: tells the caller's device. */
  sid?: string;
  name: string;
  email: string;
  phone: string;
  emv: 0 | 1;
  phv: 0 | 1;
  t: typeof ACCESS_TOKEN_TYPE;
}

export interface ResetClaims {
  sub: string;
  exp: number;
  jti: string;
  t: typeof RESET_TOKEN_TYPE;
}

export interface TokenSubject {
  _id: string;
  roles: readonly string[];
  name: string | null;
  email: string;
  phone: string | null;
  emv: boolean;
  phv: boolean;
}

export type TokenService = ReturnType<typeof createTokenService>;

export function createTokenService(deps: { keys: SigningKeys; accessTtlS: number; issuer: string }) {
  const { keys } = deps;
  const sign = (payload: Record<string, unknown>, sub: string, ttlS: number) =>
    new SignJWT(payload)
      .setProtectedHeader({ alg: 'EdDSA', typ: 'JWT', kid: keys.kid })
      .setSubject(sub)
      .setIssuer(deps.issuer)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttlS)
      .sign(keys.privateKey);

  /** Verifies signature, algorithm, issuer and expiry; throws on any failure. */
  const verify = async (token: string) => {
    const { payload } = await jwtVerify(token, keys.publicKey, {
      algorithms: ['EdDSA'],
      issuer: deps.issuer,
    });
    return payload;
  };

  return {
    signAccess(user: TokenSubject, impersonator?: string, sid?: string): Promise<string> {
      return sign(
        {
          roles: [...user.roles],
          claims: impersonator ? { imps: impersonator } : {},
          ...(sid ? { sid } : {}),
          name: user.name ?? '',
          email: user.email,
          phone: user.phone ?? '',
          emv: user.emv ? 1 : 0,
          phv: user.phv ? 1 : 0,
          t: ACCESS_TOKEN_TYPE,
        },
        user._id,
        deps.accessTtlS,
      );
    },
    signReset(sub: string, jti: string, ttlS: number): Promise<string> {
      return sign({ t: RESET_TOKEN_TYPE, jti }, sub, ttlS);
    },
    async verifyAccess(token: string): Promise<AccessClaims> {
      const payload = await verify(token);
      if (payload.t !== ACCESS_TOKEN_TYPE || typeof payload.sub !== 'string')
        throw new Error('not an access token');
      return payload as unknown as AccessClaims;
    },
    /** Any token this server signed (the reset flow tells `INVALID_TOKEN_TYPE` apart). */
    verify,
    jwks: () => ({ keys: [keys.publicJwk] }),
  };
}

/** A random opaque token (refresh tokens, reset ids) and its stored form. */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * The refresh token that replaces `token` at rotation: derived from it with the server's secret, so
 * a repeat of the rotated token within the grace (two tabs, a reload, another instance) gets the
 * same successor without the plain token ever being stored, and nobody without the secret can
 * compute a successor from a stolen token (ADR 041).
 */
export const successorToken = (secret: string, token: string) =>
  createHmac('sha256', secret).update(`refresh-successor:${token}`).digest('base64url');
