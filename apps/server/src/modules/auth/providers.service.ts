// Sign-in with an identity provider: the client obtains an ID token from Google, Facebook
// (Limited Login) or any configured OpenID Connect issuer and posts it; we verify it against that
// issuer's JWKS (signature, issuer, audience = our client id, expiry) and trust its e-mail.
import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose';
import { z } from 'zod';
import { AppError } from '../../errors.ts';

export interface ProviderConfig {
  name: string;
  issuer: string | string[];
  clientId: string;
  /** Absent: read from the issuer's /.well-known/openid-configuration. */
  jwksUri?: string | undefined;
  /** Facebook sends only verified addresses and no `email_verified` claim. */
  trustEmail?: boolean | undefined;
}

const oidcProvidersSchema = z.array(
  z.object({
    name: z.string().regex(/^[a-z0-9]+$/),
    issuer: z.string().url(),
    clientId: z.string().min(1),
    jwksUri: z.string().url().optional(),
  }),
);

export function providerConfigs(config: {
  GOOGLE_CLIENT_ID?: string | undefined;
  FACEBOOK_APP_ID?: string | undefined;
  OIDC_PROVIDERS?: string | undefined;
}): ProviderConfig[] {
  const list: ProviderConfig[] = [];
  if (config.GOOGLE_CLIENT_ID) {
    list.push({
      name: 'google',
      issuer: ['https://accounts.google.com', 'accounts.google.com'],
      clientId: config.GOOGLE_CLIENT_ID,
      jwksUri: 'https://www.googleapis.com/oauth2/v3/certs',
    });
  }
  if (config.FACEBOOK_APP_ID) {
    list.push({
      name: 'facebook',
      issuer: 'https://www.facebook.com',
      clientId: config.FACEBOOK_APP_ID,
      jwksUri: 'https://limited.facebook.com/.well-known/oauth/openid/jwks/',
      trustEmail: true,
    });
  }
  if (config.OIDC_PROVIDERS) {
    let raw: unknown;
    try {
      raw = JSON.parse(config.OIDC_PROVIDERS);
    } catch {
      throw new Error('OIDC_PROVIDERS must be a JSON list');
    }
    const parsed = oidcProvidersSchema.safeParse(raw);
    if (!parsed.success) throw new Error(`OIDC_PROVIDERS: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
    // A configured issuer of the same name replaces the built-in one.
    for (const p of parsed.data) {
      const at = list.findIndex((q) => q.name === p.name);
      if (at >= 0) list.splice(at, 1);
      list.push(p);
    }
  }
  return list;
}

export interface VerifiedIdentity {
  provider: string;
  subject: string;
  email: string;
  name?: string | undefined;
  picture?: string | undefined;
}

export type ProviderRegistry = ReturnType<typeof createProviderRegistry>;

export function createProviderRegistry(configs: readonly ProviderConfig[]) {
  const byName = new Map(configs.map((c) => [c.name, c]));
  const keySets = new Map<string, Promise<ReturnType<typeof createRemoteJWKSet>>>();

  const keySetOf = (provider: ProviderConfig) => {
    let keySet = keySets.get(provider.name);
    if (!keySet) {
      keySet = discoverJwksUri(provider).then((uri) => createRemoteJWKSet(new URL(uri)));
      // A failed discovery is retried on the next sign-in rather than cached.
      keySet.catch(() => keySets.delete(provider.name));
      keySets.set(provider.name, keySet);
    }
    return keySet;
  };

  return {
    has: (name: string) => byName.has(name),
    async verify(name: string, idToken: string): Promise<VerifiedIdentity> {
      const provider = byName.get(name);
      if (!provider) throw new AppError('PROVIDER_NOT_FOUND', 'Provider not found');
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(idToken, await keySetOf(provider), {
          issuer: provider.issuer,
          audience: provider.clientId,
          algorithms: ['RS256', 'ES256', 'PS256', 'EdDSA', 'RS384', 'RS512', 'ES384'],
        }));
      } catch {
        throw new AppError('INVALID_TOKEN', `The ${name} token is invalid or expired`);
      }
      const email = typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : '';
      const verified = provider.trustEmail === true || payload.email_verified === true;
      if (!email || !verified || typeof payload.sub !== 'string') {
        throw new AppError('INVALID_TOKEN', `The ${name} account has no verified e-mail`);
      }
      return {
        provider: name,
        subject: payload.sub,
        email,
        name: typeof payload.name === 'string' ? payload.name : undefined,
        picture: typeof payload.picture === 'string' ? payload.picture : undefined,
      };
    },
  };
}

async function discoverJwksUri(provider: ProviderConfig): Promise<string> {
  if (provider.jwksUri) return provider.jwksUri;
  const issuer = Array.isArray(provider.issuer) ? provider.issuer[0]! : provider.issuer;
  const res = await fetch(`${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`, {
    signal: AbortSignal.timeout(5000),
  });
  if (!res.ok) throw new Error(`OpenID discovery of ${provider.name} failed: ${res.status}`);
  const doc = (await res.json()) as { jwks_uri?: unknown };
  if (typeof doc.jwks_uri !== 'string') throw new Error(`OpenID discovery of ${provider.name}: no jwks_uri`);
  return doc.jwks_uri;
}
