// Provider sign-in against a real OpenID provider (oidc-provider) on 127.0.0.1: the test runs
// the authorization-code flow headlessly for an ID token, then posts it to {auth}/{name}-auth.
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt } from 'jose';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, request, signIn, type TestApp } from './build-test-app.ts';

const CLIENT = {
  client_id: 'tabayyun',
  client_secret: 'a-secret-of-the-test-client',
  redirect_uri: 'http://127.0.0.1/cb',
};
const ACCOUNTS: Record<string, { email: string; email_verified: boolean; name: string }> = {
  known: { email: 'oidc.known@example.org', email_verified: true, name: 'Known Person' },
  newcomer: { email: 'oidc.new@example.org', email_verified: true, name: 'New Person' },
  unverified: { email: 'oidc.unverified@example.org', email_verified: false, name: 'Unverified' },
};

let server: Server;
let issuer: string;
let t: TestApp;

beforeAll(async () => {
  server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [{ ...CLIENT, redirect_uris: [CLIENT.redirect_uri], redirect_uri: undefined } as never],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    cookies: { keys: ['test-cookie-key'] },
    ttl: {
      Interaction: 600,
      Session: 600,
      Grant: 600,
      AccessToken: 600,
      IdToken: 600,
      AuthorizationCode: 60,
    },
    async findAccount(_ctx, id) {
      return { accountId: id, claims: async () => ({ sub: id, ...ACCOUNTS[id] }) };
    },
  });
  // A headless login page: signs in the account named by the `login_hint` and grants consent.
  server.on('request', async (req, res) => {
    if (!req.url?.startsWith('/interaction/')) return provider.callback()(req, res);
    const details = await provider.interactionDetails(req, res);
    const accountId = String(details.params.login_hint);
    if (details.prompt.name === 'login') {
      return provider.interactionFinished(
        req,
        res,
        { login: { accountId } },
        { mergeWithLastSubmission: false },
      );
    }
    const grant = new provider.Grant({ accountId, clientId: CLIENT.client_id });
    grant.addOIDCScope('openid email profile');
    return provider.interactionFinished(
      req,
      res,
      { consent: { grantId: await grant.save() } },
      { mergeWithLastSubmission: true },
    );
  });
  t = await buildTestApp({
    env: {
      SIGNUP_ENABLED: 'true',
      OIDC_PROVIDERS: JSON.stringify([{ name: 'local', issuer, clientId: CLIENT.client_id }]),
    },
  });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** The authorization-code flow with PKCE, following redirects by hand to carry the cookies. */
async function idTokenFor(account: string): Promise<string> {
  const jar = new Map<string, string>();
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const params = new URLSearchParams({
    client_id: CLIENT.client_id,
    response_type: 'code',
    scope: 'openid email profile',
    redirect_uri: CLIENT.redirect_uri,
    nonce: 'n-0S6_WzA2Mj',
    state: 'st',
    login_hint: account,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  let url = `${issuer}/auth?${params}`;
  for (let hop = 0; hop < 10; hop++) {
    const res = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [k, ...v] = pair!.split('=');
      jar.set(k!, v.join('='));
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`stuck at ${url}: ${res.status} ${await res.text()}`);
    const next = new URL(location, url);
    const code = next.searchParams.get('code');
    if (next.href.startsWith(CLIENT.redirect_uri) && code) {
      const token = await fetch(`${issuer}/token`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from(`${CLIENT.client_id}:${CLIENT.client_secret}`).toString('base64')}`,
        },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: CLIENT.redirect_uri,
          code_verifier: verifier,
        }),
      });
      const body = (await token.json()) as { id_token?: string };
      if (!body.id_token) throw new Error(`no id_token: ${JSON.stringify(body)}`);
      return body.id_token;
    }
    url = next.href;
  }
  throw new Error('too many redirects');
}

describe('provider sign-in against a local OpenID provider', () => {
  it('signs in the user whose verified e-mail the ID token carries', async () => {
    const user = await signIn(t, ['editor'], { email: ACCOUNTS.known!.email });
    const idToken = await idTokenFor('known');
    expect(decodeJwt(idToken).iss).toBe(issuer);
    const res = await request(t.app, 'POST', '/auth/local-auth', { body: { id_token: idToken } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(decodeJwt(res.body.access_token as string)).toMatchObject({
      sub: user.sub,
      roles: ['editor'],
      emv: 1,
    });
  });

  it('creates a user without roles when sign-up is open', async () => {
    const res = await request(t.app, 'POST', '/auth/local-auth', {
      body: { credential: await idTokenFor('newcomer') },
    });
    expect(res.status).toBe(200);
    expect(decodeJwt(res.body.access_token as string)).toMatchObject({
      email: 'oidc.new@example.org',
      roles: [],
      name: 'New Person',
    });
  });

  it('refuses an unverified e-mail, a tampered token and an unknown provider', async () => {
    const unverified = await request(t.app, 'POST', '/auth/local-auth', {
      body: { id_token: await idTokenFor('unverified') },
    });
    expect(unverified.body.code).toBe('INVALID_TOKEN');
    const good = await idTokenFor('known');
    const [h, , s] = good.split('.');
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...decodeJwt(good), email: 'someone.else@example.org' })).toString('base64url')}.${s}`;
    expect((await request(t.app, 'POST', '/auth/local-auth', { body: { id_token: forged } })).body.code).toBe(
      'INVALID_TOKEN',
    );
    for (const name of ['google', 'facebook', 'nowhere']) {
      const res = await request(t.app, 'POST', `/auth/${name}-auth`, { body: { id_token: good } });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'PROVIDER_NOT_FOUND', message: 'Provider not found' });
    }
  });
});
