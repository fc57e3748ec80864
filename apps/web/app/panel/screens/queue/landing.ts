// The landing screen (issue 35 §1): the dashboard for those who may read it, "My queue" for the
// others. Asked by the dashboard's loader, with the rules the shell loads anyway.
import { type Actor, authorizeInBrowser, type RuleBranch } from '@tabayyun/permissions';
import { loadRules, RULES_QUERY_KEY } from '../../lib/permissions.ts';
import { panelQueryClient } from '../../lib/query-client.ts';
import { sessionManager } from '../../lib/session.ts';

export async function lacksDashboardRight(): Promise<boolean> {
  await loadRules();
  const tree = panelQueryClient().getQueryData<RuleBranch>(RULES_QUERY_KEY);
  const actor = sessionManager().actor() as Actor | null;
  if (!tree || !actor) return false;
  return !authorizeInBrowser(tree, actor, '/dashboard', 'Read').granted;
}
