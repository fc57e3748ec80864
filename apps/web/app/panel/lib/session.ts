// The session of platform §3–§4. The access token lives in the storage keys of platform §3 (local
// storage with remember-me; session storage without it, so it is gone when the tab closes); the
// refresh token never reaches JavaScript (issue 34, weakness 13; ADR 046): the server keeps it in an
// HttpOnly cookie on the auth path, and every call that uses it carries the X-Session-Cookie header
// as CSRF proof. A marker key says a cookie was set. Refresh at start, every 15 minutes and whenever
// under 60 s remain; a 4xx refresh signs out; impersonation keeps the admin's refresh token in a
// second cookie on the server's side.
// Tabs of one browser share the cookie (issue 34, weakness 9): a refresh runs under a Web Lock held
// across the tabs, and first takes the access token another tab stored, so two tabs never present a
// rotated token twice (a reload, which no lock can cover, is covered by the server's grace); a
// storage event brings a tab the access token another one got.
// A page that is no secure context (plain http on a host other than localhost) cannot keep a Secure
// cookie: there the refresh token stays in this tab's memory only, never in storage.
import type { Actor } from '@tabayyun/permissions';
import { panelBases } from './bases.ts';
import { describeDevice } from './device.ts';
import { ApiError, httpRequest } from './http.ts';
import { local, readStorage, STORAGE_KEYS, session as sessionStore, writeStorage } from './storage-keys.ts';

export const REFRESH_INTERVAL_MS = 15 * 60_000;
export const REFRESH_MARGIN_MS = 60_000;
/** The Web Lock every tab of this origin takes to refresh (one refresh at a time across tabs). */
export const REFRESH_LOCK = 'tabayyun-session-refresh';

/** The header that asks the server for the refresh-token cookie and proves a same-site call. */
export const SESSION_COOKIE_HEADER = 'x-session-cookie';

/** Whether the browser keeps the server's Secure cookie here (https, or localhost). */
export function cookieSessions(): boolean {
  return typeof window === 'undefined' || window.isSecureContext !== false;
}

/** The headers of every call that sets or reads the refresh-token cookie. */
export function sessionCookieHeaders(): Record<string, string> {
  return cookieSessions() ? { [SESSION_COOKIE_HEADER]: '1' } : {};
}

/** Runs `work` holding the cross-tab refresh lock, where the browser has Web Locks. */
function withRefreshLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return work();
  return locks.request(REFRESH_LOCK, work) as Promise<T>;
}

export interface TokenClaims {
  sub: string;
  exp: number;
  roles: string[];
  name?: string;
  email?: string;
  phone?: string;
  emv?: number;
  phv?: number;
  t?: string;
  claims?: { imps?: string; [key: string]: unknown };
}

interface TokenAnswer {
  access_token?: string;
  refresh_token?: string;
  reset_token?: string;
}

export type SignInResult = { kind: 'signed-in' } | { kind: 'reset-required'; resetToken: string };

/** Decodes a JWT's payload (no verification: the server verifies; the browser only reads). */
export function decodeToken(token: string): TokenClaims | undefined {
  const part = token.split('.')[1];
  if (!part) return undefined;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')), (c) =>
      c.charCodeAt(0),
    );
    return JSON.parse(new TextDecoder().decode(bytes)) as TokenClaims;
  } catch {
    return undefined;
  }
}

/** Who the token names: its claims without the ones that change with every refresh. */
export type IdentityClaims = Omit<TokenClaims, 'exp'>;
const PER_TOKEN_CLAIMS = new Set(['exp', 'iat', 'nbf', 'jti']);

/** What the screens draw from: it changes on sign-in, sign-out, impersonation and a change of roles
 * or claims, not on a refresh that only renews the token (every screen that reads it would draw
 * again, while it draws: the refresh at start answers during the first draw of the screen). */
export interface SessionSnapshot {
  signedIn: boolean;
  claims: IdentityClaims | null;
  isImpersonating: boolean;
}

export const SIGNED_OUT: SessionSnapshot = { signedIn: false, claims: null, isImpersonating: false };

function identityOf(claims: TokenClaims | undefined): IdentityClaims | null {
  if (!claims) return null;
  return Object.fromEntries(
    Object.entries(claims).filter(([key]) => !PER_TOKEN_CLAIMS.has(key)),
  ) as IdentityClaims;
}

type Listener = () => void;

export class SessionManager {
  #accessToken: string | null = null;
  /** A refresh cookie was set for this session (the marker key). */
  #hasCookie = false;
  /**
   * A refresh token held in memory only: on a page that cannot keep the cookie, or one found under
   * the old storage key (sent once, answered with the cookie).
   */
  #memoryRefresh: string | null = null;
  /** The administrator's in-memory refresh token while impersonating (no-cookie pages only). */
  #memoryBackup: string | null = null;
  /** Bumped by every sign-in, sign-out and impersonation: a refresh answer for an older one is dropped. */
  #epoch = 0;
  /** The server's sign-out under way: a new sign-in waits for it (its answer clears the cookie). */
  #signingOut: Promise<void> | undefined;
  #remember = true;
  #listeners = new Set<Listener>();
  #refreshing: Promise<boolean> | undefined;
  #timer: ReturnType<typeof setInterval> | undefined;
  #snapshot: SessionSnapshot = SIGNED_OUT;
  /** The access token's expiry (seconds since the epoch), read when it is set. */
  #expiresAt: number | undefined;
  readonly now: () => number;

  constructor(opts: { now?: () => number } = {}) {
    this.now = opts.now ?? Date.now;
    this.#load();
    if (typeof window !== 'undefined') window.addEventListener('storage', this.#onStorage);
  }

  /** Another tab stored new remembered tokens (its refresh, a sign-in): this tab takes them. */
  #onStorage = (event: StorageEvent): void => {
    if (event.storageArea !== local() || !this.#remember) return;
    if (event.key !== STORAGE_KEYS.token) return;
    this.#adoptStored();
  };

  /**
   * Takes the access token another tab stored when it differs from this tab's (removals are left
   * alone: a tab writing its token passes through no empty state, but a sign-out elsewhere does
   * not end this tab until its next refresh). True when something was taken.
   */
  #adoptStored(): boolean {
    const store = this.#store();
    const accessToken = readStorage(store, STORAGE_KEYS.token);
    if (!accessToken || accessToken === this.#accessToken) return false;
    this.#accessToken = accessToken;
    if (cookieSessions() && readStorage(store, STORAGE_KEYS.sessionCookie) !== null) {
      // Another tab exchanged the old stored token for the cookie: the cookie is the session now.
      this.#hasCookie = true;
      this.#memoryRefresh = null;
    }
    this.#publish();
    return true;
  }

  #store(): Storage | undefined {
    return this.#remember ? local() : sessionStore();
  }

  #load(): void {
    const marked = (store: Storage | undefined) =>
      readStorage(store, STORAGE_KEYS.sessionCookie) !== null ||
      readStorage(store, STORAGE_KEYS.legacyRefreshToken) !== null;
    this.#remember = marked(local()) || !marked(sessionStore());
    const store = this.#store();
    this.#accessToken = readStorage(store, STORAGE_KEYS.token);
    this.#hasCookie = readStorage(store, STORAGE_KEYS.sessionCookie) !== null;
    // A refresh token an older panel stored: exchanged for the cookie at the first refresh, and
    // gone from storage once that answered (a reload before then finds it still there).
    this.#memoryRefresh = this.#hasCookie ? null : readStorage(store, STORAGE_KEYS.legacyRefreshToken);
    this.#memoryBackup = readStorage(local(), STORAGE_KEYS.legacyRefreshTokenBackup);
    if (this.#memoryBackup) writeStorage(local(), STORAGE_KEYS.impersonating, '1');
    this.#publish();
  }

  #canRefresh(): boolean {
    return this.#hasCookie || this.#memoryRefresh !== null;
  }

  #publish(): void {
    const decoded = this.#accessToken ? decodeToken(this.#accessToken) : undefined;
    this.#expiresAt = decoded?.exp;
    const claims = identityOf(decoded);
    const next: SessionSnapshot = {
      signedIn: this.#accessToken !== null,
      claims,
      isImpersonating:
        Boolean(claims?.claims?.imps) || readStorage(local(), STORAGE_KEYS.impersonating) !== null,
    };
    if (JSON.stringify(next) === JSON.stringify(this.#snapshot)) return;
    this.#snapshot = next;
    for (const listener of this.#listeners) listener();
  }

  subscribe = (listener: Listener): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  getSnapshot = (): SessionSnapshot => this.#snapshot;

  /** Whether the stored access token is still valid, or the refresh cookie can get one. */
  hasSession(): boolean {
    return this.#canRefresh() || this.#tokenValid();
  }

  /** Whether the access token has more than a minute left (no refresh is due before calls). */
  hasFreshToken(): boolean {
    return this.#tokenValid(REFRESH_MARGIN_MS);
  }

  #tokenValid(marginMs = 0): boolean {
    const exp = this.#expiresAt;
    return typeof exp === 'number' && exp * 1000 - marginMs > this.now();
  }

  actor(): Actor | null {
    const claims = this.#snapshot.claims;
    if (!claims) return null;
    return {
      sub: claims.sub,
      roles: claims.roles ?? [],
      ...(claims.email ? { email: claims.email } : {}),
      ...(claims.phone ? { phone: claims.phone } : {}),
      emv: claims.emv === 1,
      phv: claims.phv === 1,
      claims: claims.claims ?? {},
      anonymous: false,
    };
  }

  #setTokens(answer: TokenAnswer, remember = this.#remember): void {
    if (!answer.access_token) {
      throw new ApiError({ status: 0, code: 'UNDEFINED_TOKEN', message: 'The server answered no token' });
    }
    this.#remember = remember;
    this.#accessToken = answer.access_token;
    // The server put the refresh token in the cookie; only a page without cookies gets it here.
    this.#memoryRefresh = answer.refresh_token ?? null;
    this.#hasCookie = answer.refresh_token === undefined;
    // Written over the old ones, never removed first: another tab reading in between would find
    // no session.
    const store = this.#store();
    writeStorage(store, STORAGE_KEYS.token, this.#accessToken);
    writeStorage(store, STORAGE_KEYS.sessionCookie, this.#hasCookie ? '1' : null);
    for (const each of [local(), sessionStore()]) writeStorage(each, STORAGE_KEYS.legacyRefreshToken, null);
    for (const other of [local(), sessionStore()]) {
      if (other === store) continue;
      writeStorage(other, STORAGE_KEYS.token, null);
      writeStorage(other, STORAGE_KEYS.sessionCookie, null);
    }
    this.#publish();
  }

  #clearStores(): void {
    for (const store of [local(), sessionStore()]) {
      writeStorage(store, STORAGE_KEYS.token, null);
      writeStorage(store, STORAGE_KEYS.sessionCookie, null);
      writeStorage(store, STORAGE_KEYS.legacyRefreshToken, null);
    }
  }

  /** Password sign-in; a reset token of type rst asks for a new password first (platform §4). */
  async signIn(input: { email: string; password: string; rememberMe: boolean }): Promise<SignInResult> {
    await this.settled();
    const device = describeDevice();
    const answer = await httpRequest<TokenAnswer | undefined>('POST', panelBases().auth, {
      headers: sessionCookieHeaders(),
      body: {
        grant_type: 'password',
        email: input.email.trim().toLowerCase(),
        password: input.password,
        rememberMe: input.rememberMe,
        device,
      },
    });
    if (!answer)
      throw new ApiError({ status: 0, code: 'UNDEFINED_TOKEN', message: 'The server answered no token' });
    if (answer.reset_token) {
      if (decodeToken(answer.reset_token)?.t !== 'rst') {
        throw new ApiError({
          status: 0,
          code: 'INVALID_TOKEN_TYPE',
          message: 'The reset token is not of type rst',
        });
      }
      return { kind: 'reset-required', resetToken: answer.reset_token };
    }
    this.#epoch++;
    this.#setTokens(answer, input.rememberMe);
    void this.registerDevice();
    this.start();
    return { kind: 'signed-in' };
  }

  /** Resolves once a sign-out's server call is over (its answer clears the cookie). */
  async settled(): Promise<void> {
    await this.#signingOut;
  }

  /** Tokens of a sign-in finished by a second factor or a passkey (lib/two-factor.ts, ADR 042). */
  completeSignIn(answer: { access_token: string; refresh_token?: string }, rememberMe: boolean): void {
    this.#epoch++;
    this.#setTokens(answer, rememberMe);
    void this.registerDevice();
    this.start();
  }

  /** Registers this browser for the signed-in user (signed-in devices in the profile). */
  async registerDevice(): Promise<void> {
    try {
      await this.authorized('POST', `${panelBases().auth}/device`, { body: describeDevice() });
    } catch (error) {
      console.warn('device registration failed', error);
    }
  }

  /** Refreshes once even when many callers ask together; false when there is no session left. */
  refresh(): Promise<boolean> {
    this.#refreshing ??= this.#doRefresh().finally(() => {
      this.#refreshing = undefined;
    });
    return this.#refreshing;
  }

  #doRefresh(): Promise<boolean> {
    return withRefreshLock(async () => {
      // Another tab refreshed while this one waited (or since it loaded): its tokens are the
      // session's now; presenting this tab's older refresh token again would be reuse.
      if (this.#adoptStored() && this.#tokenValid(REFRESH_MARGIN_MS)) return true;
      if (!this.#canRefresh()) return this.#tokenValid();
      const epoch = this.#epoch;
      try {
        const answer = await httpRequest<TokenAnswer>('POST', panelBases().auth, {
          headers: sessionCookieHeaders(),
          body: {
            grant_type: 'refresh',
            ...(this.#memoryRefresh ? { refresh_token: this.#memoryRefresh } : {}),
          },
        });
        // Signed out or impersonating meanwhile: this answer is for a session no longer held.
        if (this.#epoch !== epoch) return this.#tokenValid();
        this.#setTokens(answer);
        return true;
      } catch (error) {
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
          // A tab without Web Locks may have rotated it meanwhile: its tokens still hold.
          if (this.#adoptStored() && this.#tokenValid()) return true;
          if (this.#epoch !== epoch) return this.#tokenValid();
          this.signOut();
          return false;
        }
        console.warn('token refresh failed', error);
        return this.#tokenValid();
      }
    });
  }

  /** A valid access token, refreshed first when it has under 60 s left. */
  async accessToken(): Promise<string | null> {
    if (!this.#tokenValid(REFRESH_MARGIN_MS) && this.#canRefresh()) await this.refresh();
    return this.#tokenValid() ? this.#accessToken : null;
  }

  /** A request with the bearer header. */
  async authorized<T>(method: string, url: string, opts: Parameters<typeof httpRequest>[2] = {}): Promise<T> {
    const token = await this.accessToken();
    return httpRequest<T>(method, url, {
      ...opts,
      headers: { ...opts.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
  }

  /** Refresh at start and every 15 minutes (platform §9). */
  start(): void {
    if (this.#timer || typeof window === 'undefined') return;
    this.#timer = setInterval(() => void this.refresh(), REFRESH_INTERVAL_MS);
  }

  /**
   * Ends the session here and on the server (its refresh tokens revoked, the cookies cleared). The
   * screens may move on at once; a sign-in waits for the server's answer (`settled`).
   */
  signOut(): void {
    const held = [this.#memoryRefresh, this.#memoryBackup].filter((token): token is string => token !== null);
    const hadSession = this.#hasCookie || held.length > 0;
    this.#clearStores();
    writeStorage(local(), STORAGE_KEYS.impersonating, null);
    writeStorage(local(), STORAGE_KEYS.legacyRefreshTokenBackup, null);
    this.#epoch++;
    this.#accessToken = null;
    this.#hasCookie = false;
    this.#memoryRefresh = null;
    this.#memoryBackup = null;
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
    this.#publish();
    if (!hadSession) return;
    const calls = (held.length > 0 ? held : [undefined]).map((token) =>
      httpRequest('POST', `${panelBases().auth}/signout`, {
        headers: sessionCookieHeaders(),
        body: token ? { refresh_token: token } : {},
      }).catch((error: unknown) => console.warn('sign-out call failed', error)),
    );
    const done = Promise.all(calls).then(() => {
      if (this.#signingOut === done) this.#signingOut = undefined;
    });
    this.#signingOut = done;
  }

  /** Act as another user: the admin's refresh token waits in the server's second cookie. */
  async impersonate(sub: string): Promise<void> {
    const answer = await this.authorized<TokenAnswer>('POST', `${panelBases().auth}/impersonate`, {
      headers: sessionCookieHeaders(),
      body: { sub },
    });
    if (this.#memoryRefresh) this.#memoryBackup = this.#memoryRefresh;
    writeStorage(local(), STORAGE_KEYS.impersonating, '1');
    this.#epoch++;
    this.#setTokens(answer);
  }

  /** Back to the admin: the server restores their cookie, and a refresh gets their token (platform §4). */
  async unimpersonate(): Promise<void> {
    try {
      await this.authorized('POST', `${panelBases().auth}/unimpersonate`, {
        headers: sessionCookieHeaders(),
      });
    } catch (error) {
      // The cookie may still be the impersonation's: ending both sessions is the safe way out.
      console.warn('unimpersonate call failed', error);
      this.signOut();
      return;
    }
    writeStorage(local(), STORAGE_KEYS.impersonating, null);
    writeStorage(local(), STORAGE_KEYS.legacyRefreshTokenBackup, null);
    this.#epoch++;
    this.#accessToken = null;
    this.#memoryRefresh = this.#memoryBackup;
    this.#memoryBackup = null;
    this.#clearStores();
    // The marker stays: the cookie is the administrator's again.
    if (this.#hasCookie) writeStorage(this.#store(), STORAGE_KEYS.sessionCookie, '1');
    if (this.#canRefresh()) await this.refresh();
    else this.signOut();
  }

  /** Sets a new password with a reset token (forced change, or the mailed link). */
  async resetPassword(resetToken: string, newPassword: string): Promise<void> {
    await httpRequest('POST', `${panelBases().auth}/resetpassword`, {
      body: { reset_token: resetToken, new_password: newPassword },
    });
  }

  async forgotPassword(email: string): Promise<void> {
    await httpRequest('POST', `${panelBases().auth}/forgot-password`, {
      body: { email: email.trim().toLowerCase() },
    });
  }
}

let manager: SessionManager | undefined;

/** The one session of this browser tab. */
export function sessionManager(): SessionManager {
  manager ??= new SessionManager();
  return manager;
}
