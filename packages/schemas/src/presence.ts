import { z } from 'zod';

/** POST and DELETE /api/presence: the record an editor has open (issue 12). */
export const presenceInput = z.strictObject({
  resource: z.string({ error: 'Required' }).trim().min(1, { error: 'Required' }).max(64),
  id: z.string({ error: 'Required' }).trim().min(1, { error: 'Required' }).max(64),
});
export type PresenceInput = z.infer<typeof presenceInput>;

/** One other editor on the record: who, since when, and their last heartbeat (ISO dates). */
export interface PresenceEntry {
  user: string;
  name: string | null;
  since: string;
  lastSeen: string;
}
