import { z } from 'zod';
import { fileList, optionalText, REQUIRED, requiredText, SHOW_ON_PAGES } from './common.ts';

/** User-chosen category ids: they appear in paths (`/criteria/fraud`) and URLs. */
export const CATEGORY_ID_PATTERN = /^[a-z0-9][a-z0-9-_]*$/;

/** A name or description in another site language; empty means "show the Arabic one" (null). */
const translation = (max: number) => optionalText(max).transform((value) => value || null);

/** What POST/PUT /api/category accept; `path` and `level` are computed from `parent`. */
export const categoryInput = z.strictObject({
  _id: z
    .string({ error: REQUIRED })
    .trim()
    .min(1, { error: REQUIRED })
    .max(100)
    .regex(CATEGORY_ID_PATTERN, { error: 'Lowercase letters, digits, - and _ only' }),
  image: fileList.default([]),
  slug: requiredText(200),
  name: requiredText(200),
  /** The name on the English and Turkish site (ADR 011). */
  nameEn: translation(200),
  nameTr: translation(200),
  color: z
    .string()
    .trim()
    .max(32)
    .nullable()
    .optional()
    .transform((value) => value || null),
  parent: z
    .string()
    .trim()
    .max(100)
    .nullable()
    .optional()
    .transform((value) => value || null),
  description: optionalText(5000),
  descriptionEn: translation(5000),
  descriptionTr: translation(5000),
  score: z.number().finite().nullable().optional(),
  /** Criteria categories only: ClaimReview `reviewRating.ratingValue`, 1 = worst … 5 = best. */
  ratingOrdinal: z.number().int().min(1).max(5).nullable().optional(),
  showOnPages: z.array(z.enum(SHOW_ON_PAGES)).default(['home']),
});
export type CategoryInput = z.infer<typeof categoryInput>;
export type CategoryInputRaw = z.input<typeof categoryInput>;

export const CATEGORY_READ_ONLY_FIELDS = [
  'path',
  'level',
  'nameNormalized',
  'createdAt',
  'updatedAt',
] as const;
