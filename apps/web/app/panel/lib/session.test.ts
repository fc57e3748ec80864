// The session's snapshot (what screens draw from) against a real HTTP server answering the refresh;
// the refresh token never in storage (ADR 046): the refresh carries the cookie header, not a token.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BASES_META_NAME } from './bases.ts';
import { SessionManager, type TokenClaims } from './session.ts';
import { STORAGE_KEYS } from './storage-keys.ts';

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = (claims: TokenClaims & { iat?: number; jti?: string }) =>
  `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(claims)}.signature`;
const now = () => Math.floor(Date.now() / 1000);
const editor = { sub: 'u1', roles: ['editor'], name: 'محررة', email: 'editor@example.org' };

let server: Server;
/** The token pair the next refresh answers. */
let next: { access_token: string; refresh_token: string };
let refreshes = 0;
/** The refresh tokens the server received in the body ('' for none), in order. */
const received: string[] = [];
/** The X-Session-Cookie header of each refresh, in order. */
const proofs: (string | undefined)[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    response.setHeader('access-control-allow-origin', '*');
    response.setHeader('access-control-allow-headers', 'content-type, authorization, x-session-cookie');
    if (request.method === 'OPTIONS') return void response.writeHead(204).end();
    refreshes++;
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on('end', () => {
      received.push((JSON.parse(body || '{}') as { refresh_token?: string }).refresh_token ?? '');
      proofs.push(request.headers['x-session-cookie'] as string | undefined);
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(next));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const meta = document.createElement('meta');
  meta.name = BASES_META_NAME;
  meta.content = JSON.stringify({ auth: `http://127.0.0.1:${(server.address() as AddressInfo).port}/auth` });
  document.head.append(meta);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(STORAGE_KEYS.token, jwt({ ...editor, exp: now() + 900, iat: now(), jti: 'a' }));
  localStorage.setItem(STORAGE_KEYS.sessionCookie, '1');
});

const refreshTokensStored = () =>
  [localStorage, sessionStorage].flatMap((store) =>
    Object.keys(store).filter((key) => /refresh/i.test(key) || /^refresh-/.test(store.getItem(key) ?? '')),
  );

describe('the session snapshot', () => {
  it('stays the same through a refresh that only renews the token, which calls then carry', async () => {
    const session = new SessionManager();
    const before = session.getSnapshot();
    let published = 0;
    session.subscribe(() => published++);
    const renewed = jwt({ ...editor, exp: now() + 1800, iat: now() + 1, jti: 'b' });
    next = { access_token: renewed } as typeof next;
    const count = refreshes;
    received.length = 0;
    proofs.length = 0;
    expect(await session.refresh()).toBe(true);
    expect(refreshes).toBe(count + 1);
    expect(received).toEqual(['']);
    expect(proofs).toEqual(['1']);
    expect(session.getSnapshot()).toBe(before);
    expect(published).toBe(0);
    expect(await session.accessToken()).toBe(renewed);
    expect(refreshTokensStored()).toEqual([]);
    expect(before).toMatchObject({ signedIn: true, claims: editor, isImpersonating: false });
    expect(before.claims).not.toHaveProperty('exp');
  });

  it('changes when the user’s roles change, and on sign-out', async () => {
    const session = new SessionManager();
    const before = session.getSnapshot();
    let published = 0;
    session.subscribe(() => published++);
    next = { access_token: jwt({ ...editor, roles: ['admin'], exp: now() + 1800 }), refresh_token: 'r' };
    await session.refresh();
    expect(published).toBe(1);
    expect(session.getSnapshot()).not.toBe(before);
    expect(session.getSnapshot().claims?.roles).toEqual(['admin']);
    session.signOut();
    expect(published).toBe(2);
    expect(session.getSnapshot()).toMatchObject({ signedIn: false, claims: null });
  });

  it('still knows when the renewed token runs out (a refresh is due under 60 s)', async () => {
    const session = new SessionManager();
    next = { access_token: jwt({ ...editor, exp: now() + 30 }), refresh_token: 'r' };
    await session.refresh();
    expect(session.hasFreshToken()).toBe(false);
    next = { access_token: jwt({ ...editor, exp: now() + 900 }), refresh_token: 'r' };
    await session.refresh();
    expect(session.hasFreshToken()).toBe(true);
  });
});

describe('two tabs of one browser (issue 34, weakness 9)', () => {
  it('a tab refreshing after another takes the other’s new tokens instead of presenting the rotated one', async () => {
    const first = new SessionManager();
    const second = new SessionManager();
    const renewed = jwt({ ...editor, exp: now() + 1800, iat: now() + 1, jti: 'c' });
    next = { access_token: renewed, refresh_token: 'refresh-2' };
    const count = refreshes;
    expect(await first.refresh()).toBe(true);
    // The second tab still holds refresh-1 in memory; refresh-1 is rotated on the server.
    expect(await second.refresh()).toBe(true);
    expect(refreshes).toBe(count + 1);
    expect(await second.accessToken()).toBe(renewed);
  });

  it('a tab whose adopted token is due refreshes with the newest refresh token, not its own', async () => {
    const first = new SessionManager();
    const second = new SessionManager();
    next = { access_token: jwt({ ...editor, exp: now() + 30 }), refresh_token: 'refresh-3' };
    await first.refresh();
    received.length = 0;
    next = { access_token: jwt({ ...editor, exp: now() + 900 }), refresh_token: 'refresh-4' };
    expect(await second.refresh()).toBe(true);
    expect(received).toEqual(['']);
  });
});

describe('a refresh token an older panel stored (ADR 046)', () => {
  it('is sent once, exchanged for the cookie, and then gone from storage', async () => {
    localStorage.removeItem(STORAGE_KEYS.sessionCookie);
    localStorage.setItem(STORAGE_KEYS.legacyRefreshToken, 'refresh-old');
    const session = new SessionManager();
    expect(session.hasSession()).toBe(true);
    received.length = 0;
    proofs.length = 0;
    next = { access_token: jwt({ ...editor, exp: now() + 30 }) } as typeof next;
    expect(await session.refresh()).toBe(true);
    next = { access_token: jwt({ ...editor, exp: now() + 900 }) } as typeof next;
    expect(await session.refresh()).toBe(true);
    expect(received).toEqual(['refresh-old', '']);
    expect(proofs).toEqual(['1', '1']);
    expect(localStorage.getItem(STORAGE_KEYS.sessionCookie)).toBe('1');
    expect(refreshTokensStored()).toEqual([]);
  });
});
