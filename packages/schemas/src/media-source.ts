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

/** Feed addresses a media source may list (issue 15). */
export const MEDIA_SOURCE_MAX_FEEDS = 50;
/** Minutes between two runs of a monitored source: default, least and most. */
export const POLL_INTERVAL_DEFAULT = 15;
export const POLL_INTERVAL_MIN = 1;
export const POLL_INTERVAL_MAX = 7 * 24 * 60;

/** An http(s) address of a feed, or of a page that links its feeds (found by discovery). */
export const feedAddress = z
  .string()
  .trim()
  .max(2000)
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
      } catch {
        return false;
      }
    },
    { error: 'An http:// or https:// address' },
  );

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
  feeds: z
    .array(feedAddress)
    .max(MEDIA_SOURCE_MAX_FEEDS, { error: `At most ${MEDIA_SOURCE_MAX_FEEDS} feeds` })
    .transform((values) => [...new Set(values)])
    .default([]),
  pollInterval: z
    .int({ error: 'Minutes between runs, a whole number' })
    .min(POLL_INTERVAL_MIN)
    .max(POLL_INTERVAL_MAX)
    .default(POLL_INTERVAL_DEFAULT),
  monitoringEnabled: z.boolean().default(true),
});
export type MediaSourceInput = z.infer<typeof mediaSourceInput>;
export type MediaSourceInputRaw = z.input<typeof mediaSourceInput>;

export const MEDIA_SOURCE_READ_ONLY_FIELDS = [
  'nameNormalized',
  'nextRunAt',
  'lastRunAt',
  'createdAt',
  'updatedAt',
] as const;

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
  url: optionalText(2000),
  error: optionalText(100),
  details: z.unknown().optional(),
});
export type ScrapingReportInput = z.infer<typeof scrapingReportInput>;

export const SCRAPING_REPORT_READ_ONLY_FIELDS = ['createdAt', 'updatedAt'] as const;
