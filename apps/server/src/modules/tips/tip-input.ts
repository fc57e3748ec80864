// What a reader may send with "Is this true?" (issue 36 §1): the claim, a link, an e-mail for the
// answer and the page's language; screenshots come as multipart files. Anything else is refused.
import { z } from 'zod';

export const TIP_CLAIM_MIN = 10;
export const TIP_CLAIM_MAX = 2000;
/** Screenshots per submission, and bytes each (images only, re-encoded without metadata). */
export const TIP_IMAGES_MAX = 3;
export const TIP_IMAGE_BYTES_MAX = 5 * 1024 * 1024;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .nullable()
    .transform((v) => v || null);

export const tipInput = z.strictObject({
  claim: z
    .string({ error: 'Required' })
    .trim()
    .min(TIP_CLAIM_MIN, { error: `At least ${TIP_CLAIM_MIN} characters` })
    .max(TIP_CLAIM_MAX),
  link: optionalText(2000).refine((v) => v === null || /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(v), {
    error: 'An http(s) address',
  }),
  email: optionalText(254).refine((v) => v === null || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), {
    error: 'An e-mail address',
  }),
  language: z.enum(['ar', 'en', 'tr']).default('ar'),
  /** The consent box of the form (a form sends "on"); the e-mail is kept only with consent. */
  consent: z
    .union([z.boolean(), z.literal('on'), z.literal('true'), z.literal('false')])
    .optional()
    .transform((v) => v === true || v === 'on' || v === 'true'),
});
export type TipInput = z.infer<typeof tipInput>;
