import { z } from 'zod';
import {
  fileList,
  idRef,
  int32,
  optionalDate,
  optionalText,
  recordId,
  requiredText,
  scrapingReportStatus,
} from './common.ts';

/** What POST/PUT /api/media-source accept. */
export const mediaSourceInput = z.strictObject({
  _id: recordId.optional(),
  name: requiredText(300),
  slug: optionalText(200),
  images: fileList.default([]),
  category: idRef,
  link: optionalText(2000),
  score: z.number().finite().nullable().optional(),
  falseClaims: int32.nonnegative().default(0),
  levelOfCredibility: optionalText(200),
  description: optionalText(10_000),
});
export type MediaSourceInput = z.infer<typeof mediaSourceInput>;
export type MediaSourceInputRaw = z.input<typeof mediaSourceInput>;

export const MEDIA_SOURCE_READ_ONLY_FIELDS = ['nameNormalized', 'createdAt', 'updatedAt'] as const;

/** A scraping run of one media source. */
export const mediaSourceRunInput = z.strictObject({
  _id: recordId.optional(),
  mediaSource: idRef,
  status: z.string().trim().min(1).max(50).default('running'),
  date: optionalDate,
  results: z.unknown().optional(),
});
export type MediaSourceRunInput = z.infer<typeof mediaSourceRunInput>;

export const MEDIA_SOURCE_RUN_READ_ONLY_FIELDS = ['createdAt', 'updatedAt'] as const;

/** The outcome of one scrape, written by the ingestion job. */
export const scrapingReportInput = z.strictObject({
  _id: recordId.optional(),
  mediaSource: idRef,
  mediaSourceRun: idRef,
  status: scrapingReportStatus,
  date: optionalDate,
  itemsFound: int32.nonnegative().default(0),
  itemsAdded: int32.nonnegative().default(0),
  message: optionalText(10_000),
  details: z.unknown().optional(),
});
export type ScrapingReportInput = z.infer<typeof scrapingReportInput>;

export const SCRAPING_REPORT_READ_ONLY_FIELDS = ['createdAt', 'updatedAt'] as const;
