// The newsroom's workflow settings (issue 33: GET/PUT /api/settings/workflow → { fourEyes, gate }),
// read by the editor's checklist and written by Settings → Workflow. Whoever may not read them (the
// GET is for administrators) gets the defaults: the server applies the stored ones anyway.

import {
  DEFAULT_WORKFLOW_SETTINGS,
  resolveWorkflowSettings,
  type WorkflowSettings,
} from '@tabayyun/workflow';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client.ts';
import { isApiError } from '../../lib/http.ts';

export const WORKFLOW_SETTINGS_KEY = ['settings', 'workflow'] as const;
const PATH = 'settings/workflow';

/** The answer's settings, bare or under `data`. */
const settingsOf = (answer: unknown): WorkflowSettings => {
  const body = answer as { data?: unknown } | null;
  return resolveWorkflowSettings(body && typeof body === 'object' && 'data' in body ? body.data : body);
};

export const workflowSettingsQuery = () =>
  queryOptions({
    queryKey: WORKFLOW_SETTINGS_KEY,
    queryFn: async ({ signal }): Promise<WorkflowSettings> => {
      try {
        return settingsOf(await apiClient().request('GET', PATH, { signal }));
      } catch (error) {
        if (isApiError(error) && [401, 403, 404].includes(error.status)) return DEFAULT_WORKFLOW_SETTINGS;
        throw error;
      }
    },
    staleTime: 60_000,
    retry: false,
  });

export async function saveWorkflowSettings(settings: WorkflowSettings): Promise<WorkflowSettings> {
  return settingsOf(await apiClient().request('PUT', PATH, { body: settings }));
}
