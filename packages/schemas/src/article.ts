import { z } from 'zod';
import {
  articleStatus,
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

/** What POST/PUT /api/article accept (see ARTICLE_READ_ONLY_FIELDS for what the server sets). */
export const articleInput = z.strictObject({
  _id: recordId.optional(),
  status: articleStatus.default('draft'),
  language: language.default('ar'),
  translation_id: idRef,
  author: idRef,
  title: requiredText(500),
  images: fileList.default([]),
  content: html,
  country: stringList.default([]),
  topic: stringList.default([]),
  tags: stringList.default([]),
  slug: optionalText(200),
  description: requiredText(5000),
  meta: seoMeta.nullable().optional(),
  /** The reason of a status change (send back, unpublish): stored with the change (issue 33). */
  statusReason: optionalText(2000),
  /** Scheduled publishing (issue 33 §5); null or absent cancels. */
  publishAt: optionalDate,
  /** The desk (issue 35): the user the item is assigned to, and by when. */
  assignee: idRef,
  dueAt: optionalDate,
});
export type ArticleInput = z.infer<typeof articleInput>;
export type ArticleInputRaw = z.input<typeof articleInput>;

export const ARTICLE_READ_ONLY_FIELDS = [
  'reads',
  'publishedAt',
  'createdAt',
  'updatedAt',
  'contentNormalized',
  'titleNormalized',
  'withdrawnAt',
  'withdrawnReason',
  'submittedBy',
  'lastEditedBy',
  'scheduledBy',
] as const;
