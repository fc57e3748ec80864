// The second-factor calls of the back office (ADR 042): {auth}/2fa/… for the signed-in user,
// the second step of a password sign-in (`grant_type: "mfa"`), and the passkey ceremonies through
// @simplewebauthn/browser. The set-up requirement is the server's: the panel only asks whether it
// applies (GET {auth}/2fa) to lead the user to the set-up screen first.
import {
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  startRegistration,
} from '@simplewebauthn/browser';
import { panelBases } from './bases.ts';
import { describeDevice } from './device.ts';
import { ApiError, httpRequest, isApiError } from './http.ts';
import { sessionCookieHeaders, sessionManager } from './session.ts';

export interface TwoFactorStatus {
  totp: boolean;
  passkeys: number;
  recovery_codes_left: number;
  required: boolean;
  setup_required: boolean;
}

export interface Passkey {
  id: string;
  name: string | null;
  createdAt: string;
  lastUsedAt: string | null;
}

/** The 401 of a password sign-in that needs its second step. */
export interface SecondFactorChallenge {
  mfaToken: string;
  factors: string[];
}

interface TokenAnswer {
  access_token?: string;
  refresh_token?: string;
  reset_token?: string;
}

/** A finished second step: signed in, or (an administrator reset the password) a new one first. */
export type SecondStepResult = { kind: 'signed-in' } | { kind: 'reset-required'; resetToken: string };

const auth = (path: string) => `${panelBases().auth}${path}`;
const signedIn = <T>(method: string, path: string, body?: unknown) =>
  sessionManager().authorized<T>(method, auth(path), body === undefined ? {} : { body });

/** The mfa_token and factors of a SECOND_FACTOR_REQUIRED answer, or undefined for other errors. */
export function secondFactorChallengeOf(error: unknown): SecondFactorChallenge | undefined {
  if (!isApiError(error) || error.code !== 'SECOND_FACTOR_REQUIRED') return undefined;
  const details = (error.details ?? {}) as { mfa_token?: unknown; factors?: unknown };
  if (typeof details.mfa_token !== 'string') return undefined;
  return {
    mfaToken: details.mfa_token,
    factors: Array.isArray(details.factors) ? details.factors.map(String) : [],
  };
}

export const twoFactorStatus = () => signedIn<TwoFactorStatus>('GET', '/2fa');
export const setUpTotp = () =>
  signedIn<{ secret: string; otpauth_url: string }>('POST', '/2fa/totp/setup', {});
export const enableTotp = (code: string) =>
  signedIn<{ recovery_codes: string[] }>('POST', '/2fa/totp/enable', { code: code.trim() });
export const disableTwoFactor = (proof: { code: string } | { password: string }) =>
  signedIn<{ status: true }>('POST', '/2fa/disable', proof);
export const renewRecoveryCodes = (proof: { code: string } | { password: string }) =>
  signedIn<{ recovery_codes: string[] }>('POST', '/2fa/recovery-codes', proof);
export const listPasskeys = () => signedIn<{ data: Passkey[] }>('GET', '/webauthn/passkeys');
export const removePasskey = (id: string) =>
  signedIn<{ status: true }>('DELETE', `/webauthn/passkeys/${encodeURIComponent(id)}`);

/** Creates a passkey in this browser and stores it: recovery codes come back with a first factor. */
export async function addPasskey(name: string): Promise<{ recovery_codes?: string[] }> {
  const options = await signedIn<PublicKeyCredentialCreationOptionsJSON>(
    'POST',
    '/webauthn/registration/options',
    {},
  );
  const response = await startRegistration({ optionsJSON: options });
  return signedIn('POST', '/webauthn/registration/verify', { response, name });
}

function finishSignIn(answer: TokenAnswer, rememberMe: boolean): SecondStepResult {
  if (answer.reset_token) return { kind: 'reset-required', resetToken: answer.reset_token };
  if (!answer.access_token) {
    throw new ApiError({ status: 0, code: 'UNDEFINED_TOKEN', message: 'The server answered no token' });
  }
  sessionManager().completeSignIn(answer as { access_token: string; refresh_token?: string }, rememberMe);
  setupChecked = undefined;
  return { kind: 'signed-in' };
}

/** The second step with a code of the authenticator app or a recovery code. */
export async function signInWithCode(
  mfaToken: string,
  code: string,
  rememberMe: boolean,
): Promise<SecondStepResult> {
  const answer = await httpRequest<TokenAnswer>('POST', panelBases().auth, {
    headers: sessionCookieHeaders(),
    body: { grant_type: 'mfa', mfa_token: mfaToken, code: code.trim() },
  });
  return finishSignIn(answer, rememberMe);
}

/** A passkey: the second step of a password sign-in (with its mfa_token) or a sign-in alone. */
export async function signInWithPasskey(opts: {
  mfaToken?: string;
  rememberMe: boolean;
}): Promise<SecondStepResult> {
  const withToken = opts.mfaToken ? { mfa_token: opts.mfaToken } : {};
  const options = await httpRequest<PublicKeyCredentialRequestOptionsJSON>(
    'POST',
    auth('/webauthn/authentication/options'),
    { body: withToken },
  );
  const response = await startAuthentication({ optionsJSON: options });
  await sessionManager().settled();
  const answer = await httpRequest<TokenAnswer>('POST', auth('/webauthn/authentication/verify'), {
    headers: sessionCookieHeaders(),
    body: { response, ...withToken, rememberMe: opts.rememberMe, device: describeDevice() },
  });
  return finishSignIn(answer, opts.rememberMe);
}

/** Whether the browser can create and use passkeys at all. */
export const passkeysSupported = () =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

// Asked once per signed-in user and tab: the server enforces it on every call anyway.
let setupChecked: { sub: string; required: boolean } | undefined;

/** Whether the signed-in user must set up a second factor before anything else. */
export async function secondFactorSetupRequired(): Promise<boolean> {
  const sub = sessionManager().actor()?.sub;
  if (!sub) return false;
  if (setupChecked?.sub === sub) return setupChecked.required;
  try {
    const status = await twoFactorStatus();
    setupChecked = { sub, required: status.setup_required };
  } catch (error) {
    // The screens' own calls show what went wrong; the requirement stays the server's.
    console.warn('second-factor status failed', error);
    return false;
  }
  return setupChecked.required;
}

/** After a factor was added or removed. */
export function forgetSetupCheck(): void {
  setupChecked = undefined;
}
