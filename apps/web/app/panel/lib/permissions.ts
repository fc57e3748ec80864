// The browser mirrors the server's permissions (spec §6): the rule tree from GET {permissions}/rules
// through @tabayyun/permissions hides menu items and disables buttons. The server stays the judge.
import { type Actor, authorizeInBrowser, type RuleBranch } from '@tabayyun/permissions';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { panelBases } from './bases.ts';
import { httpRequest } from './http.ts';
import { panelQueryClient } from './query-client.ts';
import { sessionManager } from './session.ts';
import { useSession } from './use-session.ts';

export const RULES_QUERY_KEY = ['permissions', 'rules'] as const;

export function fetchRules(): Promise<RuleBranch> {
  return httpRequest<RuleBranch>('GET', `${panelBases().permissions}/rules`);
}

const rulesQueryOptions = { queryKey: RULES_QUERY_KEY, queryFn: fetchRules, staleTime: 60_000 };

/**
 * The shell's loader waits for the rules (into the query cache useRules reads), so the shell and the
 * screen draw once with the menu and the rights in place; before, the first draw had no rules and
 * their answer drew the shell and the screen again. A failure is left to useRules, which asks again.
 */
export async function loadRules(): Promise<void> {
  try {
    await panelQueryClient().ensureQueryData(rulesQueryOptions);
  } catch {
    // useRules asks again and the screens show the error.
  }
}

/** A permission the panel checks: `Read:/api/factcheck` is { action: 'Read', path: '/api/factcheck' }. */
export interface PermissionCheck {
  action: string;
  path: string;
}

/** `/api/<resource>` under the configured API base. */
export const apiPath = (resource: string): string => `${panelBases().api}/${resource}`;

export type Can = (action: string, path: string) => boolean;

/** The rule tree, shared by every screen (one query key, the prefetched answer first). */
export function useRules() {
  return useQuery(rulesQueryOptions);
}

/** can(action, path) for the signed-in user; denies everything until the rules have loaded. */
export function useCan(): Can {
  const snapshot = useSession();
  const rules = useRules();
  const tree = rules.data;
  return useCallback<Can>(
    (action, path) => {
      if (!tree || !snapshot.claims) return false;
      const actor = sessionManager().actor() as Actor;
      return authorizeInBrowser(tree, actor, path, action).granted;
    },
    // snapshot changes on sign-in, sign-out, impersonation and a change of claims
    [tree, snapshot],
  );
}

/** Whether the user may publish: a fact-checker's grant limits status to draft and review. */
export function canSetValue(
  tree: RuleBranch | undefined,
  actor: Actor | null,
  path: string,
  action: string,
  field: string,
  value: unknown,
): boolean {
  if (!tree || !actor) return false;
  const decision = authorizeInBrowser(tree, actor, path, action);
  if (!decision.granted) return false;
  return decision.selectors.payload.every(
    (allowed) => !(field in allowed) || allowed[field]!.includes(value),
  );
}
