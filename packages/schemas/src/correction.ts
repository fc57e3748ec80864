// Corrections on the record (issue 33 §3): appended to a published fact-check or article.
import { z } from 'zod';
import { recordId, requiredText } from './common.ts';

export const CORRECTION_ITEM_TYPES = ['factcheck', 'article'] as const;
export const CORRECTION_TYPES = ['correction', 'clarification', 'rating-change', 'update'] as const;
export type CorrectionItemType = (typeof CORRECTION_ITEM_TYPES)[number];
export type CorrectionType = (typeof CORRECTION_TYPES)[number];
/** A note's longest text: a paragraph, not an article. */
export const CORRECTION_NOTE_MAX = 2000;

/**
 * What POST /api/correction accepts. The server sets `language`, `createdAt`, `createdBy`, and for a
 * rating change `fromCategory` (the item's stored verdict); `toCategory` is the new verdict.
 */
export const correctionInput = z.strictObject({
  _id: recordId.optional(),
  item: requiredText(64),
  itemType: z.enum(CORRECTION_ITEM_TYPES),
  type: z.enum(CORRECTION_TYPES),
  note: requiredText(CORRECTION_NOTE_MAX),
  toCategory: z.string().trim().min(1).max(200).nullable().optional(),
});
export type CorrectionInput = z.infer<typeof correctionInput>;
