// Settings → Workflow (issue 33): four-eyes and the publish gate items, read and changed by
// administrators; a change is an audit entry.
import type { Db } from '@tabayyun/db';
import type { Actor } from '@tabayyun/permissions';
import type { WorkflowSettings } from '@tabayyun/workflow';
import type { AccessGuard } from '../../plugins/access.ts';
import { parseWorkflowSettings, readWorkflowSettings, writeWorkflowSettings } from './workflow-settings.ts';

export type WorkflowService = ReturnType<typeof createWorkflowService>;

export function createWorkflowService(deps: {
  db: Db;
  guard: AccessGuard;
  apiBase: string;
  onChange?: (event: { actor: Actor; before: WorkflowSettings; after: WorkflowSettings }) => void;
}) {
  const path = `${deps.apiBase}/settings/workflow`;
  return {
    path,
    async read(actor: Actor): Promise<WorkflowSettings> {
      deps.guard.require(actor, path, 'Read');
      return readWorkflowSettings(deps.db);
    },
    async replace(actor: Actor, body: unknown): Promise<WorkflowSettings> {
      deps.guard.require(actor, path, 'Update');
      const value = parseWorkflowSettings(body);
      const before = await readWorkflowSettings(deps.db);
      const after = await writeWorkflowSettings(deps.db, value, actor.sub ?? null);
      deps.onChange?.({ actor, before, after });
      return after;
    },
  };
}
