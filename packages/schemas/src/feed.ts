import { z } from 'zod';
import {
  feedStatus,
  fileList,
  html,
  idRef,
  optionalDate,
  optionalText,
  recordId,
  requiredText,
  stringList,
} from './common.ts';

/** The fact-check a feed item was investigated into. */
export const factcheckLink = z.object({
  _id: z.string().trim().min(1),
  title: z.string(),
});
export type FactcheckLink = z.infer<typeof factcheckLink>;

/** A status change recorded by the server (read-only on the API). */
export const updateLogEntry = z.object({
  date: z.string(),
  from: z.string().nullable(),
  to: z.string(),
  by: z.string().nullable().optional(),
});
export type UpdateLogEntry = z.infer<typeof updateLogEntry>;

/** What POST/PUT /api/feed accept (see FEED_READ_ONLY_FIELDS). */
export const feedInput = z.strictObject({
  _id: recordId.optional(),
  status: feedStatus.default('new'),
  title: requiredText(1000),
  featuredImage: fileList.max(1, { error: 'At most one image' }).default([]),
  mediaSource: stringList.default([]),
  description: optionalText(10_000),
  body: html,
  publishedDate: optionalDate,
  factcheck: factcheckLink.nullable().optional(),
  /** The desk (issue 35): the user the item is assigned to, and by when. */
  assignee: idRef,
  dueAt: optionalDate,
});
export type FeedInput = z.infer<typeof feedInput>;
export type FeedInputRaw = z.input<typeof feedInput>;

export const FEED_READ_ONLY_FIELDS = [
  'titleNormalized',
  'factcheckId',
  'updateLog',
  'monitorSource',
  'entryId',
  'link',
  'matches',
  // A reader's submission (issue 36 §1): set by POST /api/tip only.
  'source',
  'askedCount',
  'createdAt',
  'updatedAt',
] as const;
