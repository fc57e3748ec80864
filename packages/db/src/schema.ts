// Drizzle schema of every entity of spec §3. TS property names are the API field names (`_id`,
// camelCase); SQL names are snake_case. Anything filtered, sorted or joined is a column (or a text[]
// column) with an index; nested documents that are only read back whole are jsonb.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { EvaluationRow, FactcheckLink, FileRecord, SeoMeta, UpdateLogEntry } from './json-types.ts';

const FACTCHECK_STATUS_VALUES = ['draft', 'review', 'published'] as const;
const FEED_STATUS_VALUES = ['new', 'review', 'archive'] as const;
const LANGUAGE_VALUES = ['ar', 'en', 'tr'] as const;
const SCRAPING_STATUS_VALUES = ['success', 'partial', 'failed'] as const;

const id = () => text('_id').primaryKey();
const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const timestampTz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const textList = (name: string) => text(name).array().notNull().default(sql`'{}'::text[]`);
const fileList = (name: string) => jsonb(name).$type<FileRecord[]>().notNull().default([]);
const normalized = (name: string) => text(name).notNull().default('');
const html = (name: string) => text(name);
const status = () => text('status', { enum: FACTCHECK_STATUS_VALUES }).notNull().default('draft');
const language = () => text('language', { enum: LANGUAGE_VALUES }).notNull().default('ar');

const inList = (column: string, values: readonly string[]) =>
  sql.raw(`"${column}" in (${values.map((v) => `'${v}'`).join(', ')})`);

export const factcheck = pgTable(
  'factcheck',
  {
    _id: id(),
    status: status(),
    language: language(),
    translation_id: text('translation_id'),
    newsFeed: text('news_feed'),
    reads: integer('reads').notNull().default(0),
    mediaSource: textList('media_source'),
    author: text('author'),
    title: text('title').notNull(),
    images: fileList('images'),
    content: html('content'),
    claims: html('claims'),
    againstClaim: html('against_claim'),
    conclusion: html('conclusion'),
    hideClaimsTitle: boolean('hide_claims_title').notNull().default(false),
    hideAgainstClaimTitle: boolean('hide_against_claim_title').notNull().default(false),
    hideConclusionTitle: boolean('hide_conclusion_title').notNull().default(false),
    category: text('category'),
    evaluation: jsonb('evaluation').$type<EvaluationRow[]>().notNull().default([]),
    evaluationCategories: textList('evaluation_categories'),
    score: doublePrecision('score').notNull().default(0),
    country: textList('country'),
    topic: textList('topic'),
    tags: textList('tags'),
    references: html('references'),
    sources: html('sources'),
    slug: text('slug'),
    description: text('description').notNull(),
    meta: jsonb('meta').$type<SeoMeta>(),
    publishedAt: timestampTz('published_at'),
    disabledAt: timestampTz('disabled_at'),
    deletedAt: timestampTz('deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    claimsNormalized: normalized('claims_normalized'),
    againstClaimNormalized: normalized('against_claim_normalized'),
    conclusionNormalized: normalized('conclusion_normalized'),
    contentNormalized: normalized('content_normalized'),
    titleNormalized: normalized('title_normalized'),
  },
  (t) => [
    check('factcheck_status_check', inList('status', FACTCHECK_STATUS_VALUES)),
    check('factcheck_language_check', inList('language', LANGUAGE_VALUES)),
    uniqueIndex('factcheck_slug_key').on(t.slug),
    // Public lists: published + language, newest first (home, search, paging). DESC NULLS FIRST is
    // what a plain `ORDER BY published_at DESC` (Drizzle's desc()) asks for, so the index serves it.
    index('factcheck_status_language_published_at_idx').on(
      t.status,
      t.language,
      t.publishedAt.desc().nullsFirst(),
    ),
    // Back-office lists of drafts and reviews: newest created first.
    index('factcheck_status_created_at_idx').on(t.status, t.createdAt.desc().nullsFirst()),
    // One equality filter + the public sort: category and writer pages answer from the index in order.
    index('factcheck_category_status_language_published_at_idx').on(
      t.category,
      t.status,
      t.language,
      t.publishedAt.desc().nullsFirst(),
    ),
    index('factcheck_author_status_language_published_at_idx').on(
      t.author,
      t.status,
      t.language,
      t.publishedAt.desc().nullsFirst(),
    ),
    // Dashboard stats: a publishedAt range. Partial on purpose: a full index on published_at (nulls
    // first, like ORDER BY ... DESC) tempts the planner to walk every unpublished row before the hot
    // "published + language, newest first" query finds its first match.
    index('factcheck_published_at_idx').on(t.publishedAt).where(sql`${t.publishedAt} is not null`),
    index('factcheck_translation_id_idx').on(t.translation_id),
    index('factcheck_news_feed_idx').on(t.newsFeed),
    index('factcheck_media_source_gin_idx').using('gin', t.mediaSource),
    index('factcheck_country_gin_idx').using('gin', t.country),
    index('factcheck_topic_gin_idx').using('gin', t.topic),
    index('factcheck_tags_gin_idx').using('gin', t.tags),
    index('factcheck_evaluation_categories_gin_idx').using('gin', t.evaluationCategories),
    index('factcheck_title_normalized_trgm_idx').using('gin', t.titleNormalized.op('gin_trgm_ops')),
    index('factcheck_claims_normalized_trgm_idx').using('gin', t.claimsNormalized.op('gin_trgm_ops')),
    index('factcheck_against_claim_normalized_trgm_idx').using(
      'gin',
      t.againstClaimNormalized.op('gin_trgm_ops'),
    ),
    index('factcheck_conclusion_normalized_trgm_idx').using('gin', t.conclusionNormalized.op('gin_trgm_ops')),
    index('factcheck_content_normalized_trgm_idx').using('gin', t.contentNormalized.op('gin_trgm_ops')),
  ],
);

export const article = pgTable(
  'article',
  {
    _id: id(),
    status: status(),
    language: language(),
    translation_id: text('translation_id'),
    reads: integer('reads').notNull().default(0),
    author: text('author'),
    title: text('title').notNull(),
    images: fileList('images'),
    content: html('content'),
    country: textList('country'),
    topic: textList('topic'),
    tags: textList('tags'),
    slug: text('slug'),
    description: text('description').notNull(),
    meta: jsonb('meta').$type<SeoMeta>(),
    publishedAt: timestampTz('published_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    contentNormalized: normalized('content_normalized'),
    titleNormalized: normalized('title_normalized'),
  },
  (t) => [
    check('article_status_check', inList('status', FACTCHECK_STATUS_VALUES)),
    check('article_language_check', inList('language', LANGUAGE_VALUES)),
    uniqueIndex('article_slug_key').on(t.slug),
    index('article_status_language_published_at_idx').on(
      t.status,
      t.language,
      t.publishedAt.desc().nullsFirst(),
    ),
    index('article_status_created_at_idx').on(t.status, t.createdAt.desc().nullsFirst()),
    index('article_author_status_language_published_at_idx').on(
      t.author,
      t.status,
      t.language,
      t.publishedAt.desc().nullsFirst(),
    ),
    index('article_published_at_idx').on(t.publishedAt).where(sql`${t.publishedAt} is not null`),
    index('article_translation_id_idx').on(t.translation_id),
    index('article_country_gin_idx').using('gin', t.country),
    index('article_topic_gin_idx').using('gin', t.topic),
    index('article_tags_gin_idx').using('gin', t.tags),
    index('article_title_normalized_trgm_idx').using('gin', t.titleNormalized.op('gin_trgm_ops')),
    index('article_content_normalized_trgm_idx').using('gin', t.contentNormalized.op('gin_trgm_ops')),
  ],
);

export const feed = pgTable(
  'feed',
  {
    _id: id(),
    status: text('status', { enum: FEED_STATUS_VALUES }).notNull().default('new'),
    title: text('title').notNull(),
    titleNormalized: normalized('title_normalized'),
    featuredImage: fileList('featured_image'),
    mediaSource: textList('media_source'),
    description: text('description'),
    body: html('body'),
    publishedDate: timestampTz('published_date'),
    updateLog: jsonb('update_log').$type<UpdateLogEntry[]>().notNull().default([]),
    factcheck: jsonb('factcheck').$type<FactcheckLink | null>(),
    // Derived from the jsonb link so "has a fact-check" filters and the lookup join use an index.
    factcheckId: text('factcheck_id').generatedAlwaysAs(sql`("factcheck" ->> '_id')`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('feed_status_check', inList('status', FEED_STATUS_VALUES)),
    index('feed_status_created_at_idx').on(t.status, t.createdAt.desc().nullsFirst()),
    index('feed_factcheck_id_idx').on(t.factcheckId),
    index('feed_media_source_gin_idx').using('gin', t.mediaSource),
    index('feed_title_normalized_trgm_idx').using('gin', t.titleNormalized.op('gin_trgm_ops')),
  ],
);

export const category = pgTable(
  'category',
  {
    _id: id(),
    image: fileList('image'),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    nameNormalized: normalized('name_normalized'),
    color: text('color'),
    // RESTRICT: a category with children cannot be deleted (its children's path would dangle).
    parent: text('parent').references((): AnyPgColumn => category._id, { onDelete: 'restrict' }),
    path: text('path').notNull(),
    level: integer('level').notNull().default(0),
    description: text('description'),
    score: doublePrecision('score'),
    showOnPages: text('show_on_pages').array().notNull().default(sql`'{home}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // `path LIKE '/criteria/%'` and sort_by=path.
    index('category_path_idx').on(t.path.op('text_pattern_ops')),
    index('category_parent_idx').on(t.parent),
    index('category_slug_idx').on(t.slug),
    index('category_name_normalized_trgm_idx').using('gin', t.nameNormalized.op('gin_trgm_ops')),
  ],
);

export const author = pgTable(
  'author',
  {
    _id: id(),
    name: text('name').notNull(),
    nameNormalized: normalized('name_normalized'),
    slug: text('slug'),
    bio: text('bio'),
    image: fileList('image'),
    position: text('position'),
    email: text('email'),
    linkedin: text('linkedin'),
    twitter: text('twitter'),
    facebook: text('facebook'),
    hidden: boolean('hidden').notNull().default(false),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('author_slug_key').on(t.slug),
    index('author_name_normalized_trgm_idx').using('gin', t.nameNormalized.op('gin_trgm_ops')),
  ],
);

export const mediaSource = pgTable(
  'media_source',
  {
    _id: id(),
    name: text('name').notNull(),
    nameNormalized: normalized('name_normalized'),
    slug: text('slug'),
    images: fileList('images'),
    category: text('category'),
    link: text('link'),
    score: doublePrecision('score'),
    falseClaims: integer('false_claims').notNull().default(0),
    levelOfCredibility: text('level_of_credibility'),
    description: text('description'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('media_source_slug_idx').on(t.slug),
    index('media_source_category_idx').on(t.category),
    index('media_source_name_normalized_trgm_idx').using('gin', t.nameNormalized.op('gin_trgm_ops')),
  ],
);

export const mediaSourceRun = pgTable(
  'media_source_run',
  {
    _id: id(),
    mediaSource: text('media_source'),
    status: text('status').notNull().default('running'),
    date: timestampTz('date'),
    results: jsonb('results').$type<unknown>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('media_source_run_media_source_date_idx').on(t.mediaSource, t.date.desc().nullsFirst()),
    index('media_source_run_status_idx').on(t.status),
  ],
);

export const scrapingReport = pgTable(
  'scraping_report',
  {
    _id: id(),
    mediaSource: text('media_source'),
    mediaSourceRun: text('media_source_run'),
    status: text('status', { enum: SCRAPING_STATUS_VALUES }).notNull(),
    date: timestampTz('date').notNull().defaultNow(),
    itemsFound: integer('items_found').notNull().default(0),
    itemsAdded: integer('items_added').notNull().default(0),
    message: text('message'),
    details: jsonb('details').$type<unknown>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('scraping_report_status_check', inList('status', SCRAPING_STATUS_VALUES)),
    index('scraping_report_date_idx').on(t.date.desc().nullsFirst()),
    index('scraping_report_media_source_date_idx').on(t.mediaSource, t.date.desc().nullsFirst()),
    index('scraping_report_media_source_run_idx').on(t.mediaSourceRun),
    index('scraping_report_status_date_idx').on(t.status, t.date.desc().nullsFirst()),
  ],
);

export const contact = pgTable(
  'contact',
  {
    _id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('contact_created_at_idx').on(t.createdAt.desc().nullsFirst())],
);
