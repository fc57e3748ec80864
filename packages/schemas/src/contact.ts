import { z } from 'zod';
import { CONTACT_SUBJECT_MAX, REQUIRED, requiredText } from './common.ts';

/** POST /api/contract (public contact form): the id is always server-generated. */
export const contactInput = z.strictObject({
  name: requiredText(200),
  email: z
    .string({ error: REQUIRED })
    .trim()
    .min(1, { error: REQUIRED })
    .pipe(z.email({ error: 'Invalid email address' }).max(320)),
  subject: requiredText(CONTACT_SUBJECT_MAX),
  /** The newsroom's mark once a message is answered; visitors cannot set it (POST /contract drops it). */
  handled: z.boolean().optional(),
});
export type ContactInput = z.infer<typeof contactInput>;

export const CONTACT_READ_ONLY_FIELDS = ['_id', 'createdAt', 'updatedAt'] as const;
