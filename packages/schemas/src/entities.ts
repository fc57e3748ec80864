// One place that maps each API resource to its input schema and its read-only (server-set) fields.
import type { z } from 'zod';
import { ARTICLE_READ_ONLY_FIELDS, articleInput } from './article.ts';
import { AUTHOR_READ_ONLY_FIELDS, authorInput } from './author.ts';
import { CATEGORY_READ_ONLY_FIELDS, categoryInput } from './category.ts';
import { SERVER_OWNED_FIELDS } from './common.ts';
import { CONTACT_READ_ONLY_FIELDS, contactInput } from './contact.ts';
import { FACTCHECK_READ_ONLY_FIELDS, factcheckInput } from './factcheck.ts';
import { FEED_READ_ONLY_FIELDS, feedInput } from './feed.ts';
import {
  MEDIA_SOURCE_READ_ONLY_FIELDS,
  MEDIA_SOURCE_RUN_READ_ONLY_FIELDS,
  mediaSourceInput,
  mediaSourceRunInput,
  SCRAPING_REPORT_READ_ONLY_FIELDS,
  scrapingReportInput,
} from './media-source.ts';

/** Input schema per API resource name (`/api/<resource>`). */
export const ENTITY_INPUTS = {
  factcheck: factcheckInput,
  article: articleInput,
  feed: feedInput,
  category: categoryInput,
  author: authorInput,
  'media-source': mediaSourceInput,
  'media-source-run': mediaSourceRunInput,
  'scraping-report': scrapingReportInput,
  contact: contactInput,
} as const satisfies Record<string, z.ZodType>;

export type EntityName = keyof typeof ENTITY_INPUTS;

/**
 * Fields the server computes (normalised text, counters, timestamps, category path/level, ...).
 * Clients often send a record back as they read it: the server removes these keys (stripReadOnly)
 * and then validates strictly, so any OTHER unknown key is a VALIDATION_FAILED error.
 */
export const READ_ONLY_FIELDS = {
  factcheck: FACTCHECK_READ_ONLY_FIELDS,
  article: ARTICLE_READ_ONLY_FIELDS,
  feed: FEED_READ_ONLY_FIELDS,
  category: CATEGORY_READ_ONLY_FIELDS,
  author: AUTHOR_READ_ONLY_FIELDS,
  'media-source': MEDIA_SOURCE_READ_ONLY_FIELDS,
  'media-source-run': MEDIA_SOURCE_RUN_READ_ONLY_FIELDS,
  'scraping-report': SCRAPING_REPORT_READ_ONLY_FIELDS,
  contact: CONTACT_READ_ONLY_FIELDS,
} as const satisfies Record<EntityName, readonly string[]>;

/**
 * A shallow copy of `body` without the entity's read-only keys and the server-owned ones every
 * record answers (SERVER_OWNED_FIELDS); non-objects are returned as is.
 */
export function stripReadOnly(entity: EntityName, body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const readOnly: readonly string[] = [...READ_ONLY_FIELDS[entity], ...SERVER_OWNED_FIELDS];
  return Object.fromEntries(Object.entries(body).filter(([key]) => !readOnly.includes(key)));
}
