import { useSyncExternalStore } from 'react';
import { type SessionSnapshot, SIGNED_OUT, sessionManager } from './session.ts';

/** Who is signed in, re-rendering on sign-in, impersonation, sign-out and a change of the user's
 * claims (not on a refresh that only renews the token). */
export function useSession(): SessionSnapshot {
  const manager = sessionManager();
  return useSyncExternalStore(manager.subscribe, manager.getSnapshot, () => SIGNED_OUT);
}
