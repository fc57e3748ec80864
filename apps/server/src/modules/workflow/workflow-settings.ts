// The newsroom's workflow settings (Settings → Workflow, issue 33): four-eyes and the publish gate
// items, one row of the `setting` table. Read in the write's transaction, so a change applies to
// the next write on every instance at once.
import { type Db, eq, setting } from '@tabayyun/db';
import {
  GATE_ITEM_KEYS,
  MANDATORY_GATE_ITEMS,
  resolveWorkflowSettings,
  type WorkflowSettings,
} from '@tabayyun/workflow';
import { z } from 'zod';
import { validationFailed } from '../../errors.ts';

export const WORKFLOW_SETTING_ID = 'workflow';

export async function readWorkflowSettings(db: Db): Promise<WorkflowSettings> {
  const [row] = await db
    .select({ value: setting.value })
    .from(setting)
    .where(eq(setting._id, WORKFLOW_SETTING_ID))
    .limit(1);
  return resolveWorkflowSettings(row?.value);
}

const settingsInput = z.strictObject({
  fourEyes: z.boolean({ error: 'true or false' }),
  gate: z
    .strictObject(
      Object.fromEntries(GATE_ITEM_KEYS.map((k) => [k, z.boolean({ error: 'true or false' }).optional()])),
    )
    .default({}),
});

/** Validates a PUT body: both keys, known gate items only, mandatory items never off. */
export function parseWorkflowSettings(body: unknown): WorkflowSettings {
  const parsed = settingsInput.safeParse(body);
  if (!parsed.success) {
    const details: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path.join('.') || (issue.code === 'unrecognized_keys' ? issue.keys.join(',') : '');
      details[key] ??= issue.code === 'unrecognized_keys' ? 'Unknown setting' : issue.message;
    }
    throw validationFailed(details);
  }
  const gate = parsed.data.gate as Record<string, boolean | undefined>;
  for (const key of MANDATORY_GATE_ITEMS) {
    if (gate[key] === false) {
      throw validationFailed({ [`gate.${key}`]: 'The ClaimReview validity cannot be switched off' });
    }
  }
  return resolveWorkflowSettings(parsed.data);
}

export async function writeWorkflowSettings(
  db: Db,
  value: WorkflowSettings,
  by: string | null,
): Promise<WorkflowSettings> {
  const now = new Date();
  await db
    .insert(setting)
    .values({ _id: WORKFLOW_SETTING_ID, value, updatedAt: now, updatedBy: by })
    .onConflictDoUpdate({ target: setting._id, set: { value, updatedAt: now, updatedBy: by } });
  return value;
}
