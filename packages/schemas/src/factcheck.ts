import { z } from 'zod';
import {
  factcheckStatus,
  fileList,
  html,
  idRef,
  language,
  optionalDate,
  optionalText,
  recordId,
  requiredText,
  seoMeta,
  stringList,
} from './common.ts';

/** One row of a fact-check's evaluation table (the UI's "actions" column is not data). */
export const evaluationRow = z.object({
  category: z.string({ error: 'Required' }).trim().min(1, { error: 'Required' }),
  description: z.string().nullable().optional(),
  score: z.number({ error: 'A number is required' }).finite(),
});
export type EvaluationRow = z.infer<typeof evaluationRow>;

/**
 * What POST/PUT /api/factcheck accept. Server-derived fields (FACTCHECK_READ_ONLY_FIELDS) are not
 * part of it: the server strips them before validating; any other unknown key is an error.
 */
export const factcheckInput = z.strictObject({
  _id: recordId.optional(),
  status: factcheckStatus.default('draft'),
  language: language.default('ar'),
  translation_id: idRef,
  newsFeed: idRef,
  mediaSource: stringList.default([]),
  author: idRef,
  title: requiredText(500),
  images: fileList.default([]),
  content: html,
  claims: html,
  againstClaim: html,
  conclusion: html,
  hideClaimsTitle: z.boolean().default(false),
  hideAgainstClaimTitle: z.boolean().default(false),
  hideConclusionTitle: z.boolean().default(false),
  category: idRef,
  evaluation: z.array(evaluationRow).max(100).default([]),
  country: stringList.default([]),
  topic: stringList.default([]),
  tags: stringList.default([]),
  references: html,
  sources: html,
  slug: optionalText(200),
  description: requiredText(5000),
  /** The claim in at most 75 characters: ClaimReview `claimReviewed` (search engines truncate longer). */
  claimSummary: optionalText(75),
  meta: seoMeta.nullable().optional(),
  /** The reason of a status change (send back, unpublish): stored with the change (issue 33). */
  statusReason: optionalText(2000),
  /** Scheduled publishing (issue 33 §5); null or absent cancels. */
  publishAt: optionalDate,
  /** The desk (issue 35): the user the item is assigned to, and by when. */
  assignee: idRef,
  dueAt: optionalDate,
  /** Claim source addresses acknowledged as impossible to archive (publish gate). */
  evidenceAcknowledged: stringList.default([]),
  disabledAt: optionalDate,
  deletedAt: optionalDate,
});
export type FactcheckInput = z.infer<typeof factcheckInput>;
export type FactcheckInputRaw = z.input<typeof factcheckInput>;

export const FACTCHECK_READ_ONLY_FIELDS = [
  'reads',
  'score',
  'evaluationCategories',
  'publishedAt',
  'createdAt',
  'updatedAt',
  'claimsNormalized',
  'againstClaimNormalized',
  'conclusionNormalized',
  'contentNormalized',
  'titleNormalized',
  'withdrawnAt',
  'withdrawnReason',
  'submittedBy',
  'lastEditedBy',
  'scheduledBy',
] as const;
