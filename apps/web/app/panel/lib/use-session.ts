import { useSyncExternalStore } from 'react';
import { type SessionSnapshot, sessionManager } from './session.ts';

const SERVER_SNAPSHOT: SessionSnapshot = { accessToken: null, claims: null, isImpersonating: false };

/** The signed-in user's token claims, re-rendering on sign-in, refresh, impersonation and sign-out. */
export function useSession(): SessionSnapshot {
  const manager = sessionManager();
  return useSyncExternalStore(manager.subscribe, manager.getSnapshot, () => SERVER_SNAPSHOT);
}
