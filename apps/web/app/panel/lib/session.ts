// The session of platform §3–§4: tokens in the storage keys of platform §3 (local storage with
// remember-me; session storage without it, so they are gone when the tab closes), refresh at start,
// every 15 minutes and whenever under 60 s remain; a 4xx refresh signs out; impersonation keeps the
// admin's refresh token under a backup key.
// Tabs of one browser share the remembered tokens (issue 34, weakness 9): a refresh runs under a
// Web Lock held across the tabs, and first takes what another tab stored, so two tabs or a reload
// never present a rotated token twice; a storage event brings a tab the tokens another one got.
import type { Actor } from '@tabayyun/permissions';
import { panelBases } from './bases.ts';
import { describeDevice } from './device.ts';
import { ApiError, httpRequest } from './http.ts';
import { local, readStorage, STORAGE_KEYS, session as sessionStore, writeStorage } from './storage-keys.ts';

export const REFRESH_INTERVAL_MS = 15 * 60_000;
export const REFRESH_MARGIN_MS = 60_000;
/** The Web Lock every tab of this origin takes to refresh (one refresh at a time across tabs). */
export const REFRESH_LOCK = 'tabayyun-session-refresh';

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
  #refreshToken: string | null = null;
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
    if (event.key !== STORAGE_KEYS.refreshToken && event.key !== STORAGE_KEYS.token) return;
    this.#adoptStored();
  };

  /**
   * Takes the tokens another tab stored when they differ from this tab's (removals are left
   * alone: a tab writing its tokens passes through no empty state, but a sign-out elsewhere does
   * not end this tab until its next refresh). True when something was taken.
   */
  #adoptStored(): boolean {
    const store = this.#store();
    const refreshToken = readStorage(store, STORAGE_KEYS.refreshToken);
    const accessToken = readStorage(store, STORAGE_KEYS.token);
    if (!refreshToken || !accessToken || refreshToken === this.#refreshToken) return false;
    this.#refreshToken = refreshToken;
    this.#accessToken = accessToken;
    this.#publish();
    return true;
  }

  #store(): Storage | undefined {
    return this.#remember ? local() : sessionStore();
  }

  #load(): void {
    const fromLocal = readStorage(local(), STORAGE_KEYS.refreshToken);
    const fromSession = readStorage(sessionStore(), STORAGE_KEYS.refreshToken);
    this.#remember = fromLocal !== null || fromSession === null;
    const store = this.#store();
    this.#accessToken = readStorage(store, STORAGE_KEYS.token);
    this.#refreshToken = readStorage(store, STORAGE_KEYS.refreshToken);
    this.#publish();
  }

  #publish(): void {
    const decoded = this.#accessToken ? decodeToken(this.#accessToken) : undefined;
    this.#expiresAt = decoded?.exp;
    const claims = identityOf(decoded);
    const next: SessionSnapshot = {
      signedIn: this.#accessToken !== null,
      claims,
      isImpersonating:
        Boolean(claims?.claims?.imps) || readStorage(local(), STORAGE_KEYS.refreshTokenBackup) !== null,
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

  /** Whether the stored access token is still valid, or a refresh token can get one. */
  hasSession(): boolean {
    return this.#refreshToken !== null || this.#tokenValid();
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
    this.#refreshToken = answer.refresh_token ?? this.#refreshToken;
    // Written over the old ones, never removed first: another tab reading in between would find
    // no session.
    const store = this.#store();
    writeStorage(store, STORAGE_KEYS.token, this.#accessToken);
    writeStorage(store, STORAGE_KEYS.refreshToken, this.#refreshToken);
    for (const other of [local(), sessionStore()]) {
      if (other === store) continue;
      writeStorage(other, STORAGE_KEYS.token, null);
      writeStorage(other, STORAGE_KEYS.refreshToken, null);
    }
    this.#publish();
  }

  #clearStores(): void {
    for (const store of [local(), sessionStore()]) {
      writeStorage(store, STORAGE_KEYS.token, null);
      writeStorage(store, STORAGE_KEYS.refreshToken, null);
    }
  }

  /** Password sign-in; a reset token of type rst asks for a new password first (platform §4). */
  async signIn(input: { email: string; password: string; rememberMe: boolean }): Promise<SignInResult> {
    const device = describeDevice();
    const answer = await httpRequest<TokenAnswer | undefined>('POST', panelBases().auth, {
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
    this.#setTokens(answer, input.rememberMe);
    void this.registerDevice();
    this.start();
    return { kind: 'signed-in' };
  }

  /** Tokens of a sign-in finished by a second factor or a passkey (lib/two-factor.ts, ADR 042). */
  completeSignIn(answer: { access_token: string; refresh_token?: string }, rememberMe: boolean): void {
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
      if (!this.#refreshToken) return this.#tokenValid();
      const sent = this.#refreshToken;
      try {
        const answer = await httpRequest<TokenAnswer>('POST', panelBases().auth, {
          body: { grant_type: 'refresh', refresh_token: sent },
        });
        // Signed out or impersonating meanwhile: this answer is for a session no longer held.
        if (this.#refreshToken !== sent) return this.#tokenValid();
        this.#setTokens(answer);
        return true;
      } catch (error) {
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
          // A tab without Web Locks may have rotated it meanwhile: its tokens still hold.
          if (this.#adoptStored() && this.#tokenValid()) return true;
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
    if (!this.#tokenValid(REFRESH_MARGIN_MS) && this.#refreshToken) await this.refresh();
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

  signOut(): void {
    this.#clearStores();
    writeStorage(local(), STORAGE_KEYS.refreshTokenBackup, null);
    this.#accessToken = null;
    this.#refreshToken = null;
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
    this.#publish();
  }

  /** Act as another user: the admin's refresh token waits under the backup key. */
  async impersonate(sub: string): Promise<void> {
    const answer = await this.authorized<TokenAnswer>('POST', `${panelBases().auth}/impersonate`, {
      body: { sub },
    });
    if (this.#refreshToken) writeStorage(local(), STORAGE_KEYS.refreshTokenBackup, this.#refreshToken);
    this.#setTokens(answer);
  }

  /** Back to the admin: restore the saved refresh token and refresh (platform §4). */
  async unimpersonate(): Promise<void> {
    try {
      await this.authorized('POST', `${panelBases().auth}/unimpersonate`);
    } catch (error) {
      console.warn('unimpersonate call failed', error);
    }
    const backup = readStorage(local(), STORAGE_KEYS.refreshTokenBackup);
    writeStorage(local(), STORAGE_KEYS.refreshTokenBackup, null);
    this.#accessToken = null;
    this.#refreshToken = backup;
    this.#clearStores();
    if (backup) await this.refresh();
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
