// Building blocks shared by the entity schemas: enums, ids, dates, file records, SEO meta.
import { z } from 'zod';

export const FACTCHECK_STATUSES = ['draft', 'review', 'published'] as const;
export const ARTICLE_STATUSES = FACTCHECK_STATUSES;
export const FEED_STATUSES = ['new', 'review', 'archive'] as const;
export const LANGUAGES = ['ar', 'en', 'tr'] as const;
export const DEFAULT_LANGUAGE = 'ar';
export const SCRAPING_REPORT_STATUSES = ['success', 'partial', 'failed'] as const;
export const SHOW_ON_PAGES = ['home', 'sources'] as const;
export const TWITTER_CARDS = ['summary_large_image', 'summary', 'app', 'player'] as const;
/** Spec §9: the contact message body. */
export const CONTACT_SUBJECT_MAX = 5000;

export type FactcheckStatus = (typeof FACTCHECK_STATUSES)[number];
export type ArticleStatus = FactcheckStatus;
export type FeedStatus = (typeof FEED_STATUSES)[number];
export type Language = (typeof LANGUAGES)[number];
export type ScrapingReportStatus = (typeof SCRAPING_REPORT_STATUSES)[number];

export const REQUIRED = 'Required';

/**
 * Fields every record answers that the server alone sets (issue 12): `_version` (send it back as
 * `If-Match: "<_version>"`), `updatedBy`, and on fact-checks and articles `sourceChangedAt`,
 * `needsUpdate` and `translations` (with `lookup=translations`). Bodies may carry them; the server
 * ignores them.
 */
export const SERVER_OWNED_FIELDS = [
  '_version',
  'updatedBy',
  'sourceChangedAt',
  'needsUpdate',
  'translations',
] as const;

export const factcheckStatus = z.enum(FACTCHECK_STATUSES);
export const articleStatus = z.enum(ARTICLE_STATUSES);
export const feedStatus = z.enum(FEED_STATUSES);
export const language = z.enum(LANGUAGES);
export const scrapingReportStatus = z.enum(SCRAPING_REPORT_STATUSES);

/** A required text: missing, not a string, or blank after trimming all answer "Required". */
export const requiredText = (max = 1000) =>
  z
    .string({ error: REQUIRED })
    .trim()
    .min(1, { error: REQUIRED })
    .max(max, { error: `At most ${max} characters` });

/** Optional plain text; null and absent both mean "no value". */
export const optionalText = (max = 5000) => z.string().trim().max(max).nullable().optional();

/** Rich text (sanitised by the server on write). */
export const html = z.string().max(2_000_000).nullable().optional();

/** A server-generated id given back on PUT (or on POST, where an existing one answers 409). */
export const recordId = z.string().trim().min(1).max(64);

/** A reference to another record by id. */
export const idRef = z.string().trim().min(1).max(64).nullable().optional();

const listItem = z.string().trim().min(1).max(200);

/**
 * A list of ids or names (tags, topics, countries, media sources): no blanks, no duplicates kept.
 * A single value is a one-item list (`"topic": "health"` is `["health"]`), as clients often send it.
 */
export const stringList = z
  .union([z.array(listItem).max(500), listItem.transform((value) => [value])], {
    error: 'Expected a list of text values (or one text value)',
  })
  .transform((values) => [...new Set(values)]);

/** A date as JSON sends it (ISO string or epoch milliseconds) or a Date; output is a Date. */
export const dateInput = z
  .union([z.iso.datetime({ offset: true }), z.iso.date(), z.int(), z.date()])
  .pipe(z.coerce.date())
  // The database keeps years 1 to 9999; anything else is a typo or a bad conversion.
  .refine((d) => d.getUTCFullYear() >= 1 && d.getUTCFullYear() <= 9999, {
    error: 'A date between the years 1 and 9999',
  });

/** A whole number that fits a PostgreSQL `integer` column. */
export const int32 = z.int32({ error: 'A whole number between -2147483648 and 2147483647' });
export const optionalDate = dateInput.nullable().optional();

/** An e-mail address, or empty / null for none. */
export const optionalEmail = z
  .union([z.literal(''), z.email().max(320)])
  .nullable()
  .optional()
  .transform((value) => (value ? value : null));

/** Spec §3 File record (what the storage module returns and forms send back). Unknown keys are dropped. */
export const fileRecord = z.object({
  _id: z.string().optional(),
  fieldname: z.string().optional(),
  originalname: z.string().optional(),
  filename: z.string().optional(),
  size: z.number().nonnegative().optional(),
  encoding: z.string().optional(),
  mimetype: z.string().optional(),
  destination: z.string().optional(),
  path: z.string().min(1),
  date: z.union([z.string(), z.number(), z.date()]).optional(),
  status: z.string().optional(),
  user: z.string().nullable().optional(),
  meta: z.record(z.string(), z.unknown()).nullable().optional(),
});
export type FileRecord = z.infer<typeof fileRecord>;

export const fileList = z.array(fileRecord).max(100);

const seoImage = z
  .union([z.string(), fileRecord, z.array(fileRecord)])
  .nullable()
  .optional();
const optionalString = z.string().nullable().optional();

/** Twitter card set (spec §3); app and player details are kept as given. */
export const twitterMeta = z.looseObject({
  title: optionalString,
  description: optionalString,
  creator: optionalString,
  image: seoImage,
  imageAlt: optionalString,
  site: optionalString,
  card: z.enum(TWITTER_CARDS).nullable().optional(),
  app: z.record(z.string(), z.unknown()).nullable().optional(),
  player: z.record(z.string(), z.unknown()).nullable().optional(),
});

/** Open Graph set; `type` is any og type (website, article, music.song, ...): type-specific keys are kept. */
export const openGraphMeta = z.looseObject({
  title: optionalString,
  description: optionalString,
  image: seoImage,
  url: optionalString,
  site_name: optionalString,
  locale: optionalString,
  type: z
    .string()
    .regex(/^[a-z_]+(\.[a-z_]+)?$/, { error: 'Unknown Open Graph type' })
    .nullable()
    .optional(),
});

/** SEO meta (spec §3): typed where the spec names a field, permissive elsewhere. */
export const seoMeta = z.looseObject({
  title: optionalString,
  description: optionalString,
  keywords: z
    .union([z.string(), z.array(z.string())])
    .nullable()
    .optional(),
  author: optionalString,
  canonicalUrl: optionalString,
  image: seoImage,
  twitter: twitterMeta.nullable().optional(),
  og: openGraphMeta.nullable().optional(),
});
export type SeoMeta = z.infer<typeof seoMeta>;
