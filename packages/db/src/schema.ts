// Drizzle schema of every entity of spec §3. TS property names are the API field names (`_id`,
// camelCase); SQL names are snake_case. Anything filtered, sorted or joined is a column (or a text[]
// column) with an index; nested documents that are only read back whole are jsonb.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type {
  EvaluationRow,
  FactcheckLink,
  FeedMatch,
  FileRecord,
  SeoMeta,
  UpdateLogEntry,
} from './json-types.ts';

const FACTCHECK_STATUS_VALUES = ['draft', 'review', 'published'] as const;
const FEED_STATUS_VALUES = ['new', 'review', 'archive'] as const;
const LANGUAGE_VALUES = ['ar', 'en', 'tr'] as const;
const SCRAPING_STATUS_VALUES = ['success', 'partial', 'failed'] as const;
const EVIDENCE_STATUS_VALUES = ['pending', 'done', 'failed'] as const;

const id = () => text('_id').primaryKey();
const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
/** Bumped by every write through the resource service: the record's ETag (ADR 013). */
const version = () => integer('version').notNull().default(1);
/** The user whose write made the current version (null: the system or a seed). */
const updatedBy = () => text('updated_by');
const timestampTz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const textList = (name: string) => text(name).array().notNull().default(sql`'{}'::text[]`);
const fileList = (name: string) => jsonb(name).$type<FileRecord[]>().notNull().default([]);
const normalized = (name: string) => text(name).notNull().default('');
const html = (name: string) => text(name);
const status = () => text('status', { enum: FACTCHECK_STATUS_VALUES }).notNull().default('draft');
const language = () => text('language', { enum: LANGUAGE_VALUES }).notNull().default('ar');

/** The trust workflow's columns of fact-checks and articles (issue 33, ADR 039). */
const workflowColumns = () => ({
  /** The reason given with the last status change (send back, unpublish). */
  statusReason: text('status_reason'),
  /** When a published item was unpublished (its tombstone); cleared when it is published again. */
  withdrawnAt: timestampTz('withdrawn_at'),
  /** The unpublish's reason, public on the tombstone (ADR 048); cleared when published again. */
  withdrawnReason: text('withdrawn_reason'),
  /** Who put the item in review (ADR 048): they may recall it; null once it leaves review. */
  submittedBy: text('submitted_by'),
  /** Scheduled publishing: the scheduler publishes the item at this time (null: not scheduled). */
  publishAt: timestampTz('publish_at'),
  /** Who set `publishAt`: the scheduled publish is theirs (four-eyes and the gate apply). */
  scheduledBy: text('scheduled_by'),
  /** The user of the last substantive edit (any field but the status and SEO meta): four-eyes. */
  lastEditedBy: text('last_edited_by'),
});

/** The desk (issue 35 §1, ADR 051): who the item is assigned to (a user id) and by when. */
const deskColumns = () => ({
  assignee: text('assignee'),
  dueAt: timestampTz('due_at'),
});

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
    /** The claim in at most 75 characters, for ClaimReview `claimReviewed`. */
    claimSummary: text('claim_summary'),
    meta: jsonb('meta').$type<SeoMeta>(),
    publishedAt: timestampTz('published_at'),
    ...workflowColumns(),
    ...deskColumns(),
    /** Claim source addresses acknowledged as impossible to archive (publish gate, ADR 039). */
    evidenceAcknowledged: textList('evidence_acknowledged'),
    disabledAt: timestampTz('disabled_at'),
    deletedAt: timestampTz('deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
    updatedBy: updatedBy(),
    /** Last change of the fields its translations follow (rating, conclusion; content): ADR 014. */
    sourceChangedAt: timestampTz('source_changed_at'),
    /** Counts those changes; a translation is behind while its seen count is lower (ADR 014). */
    sourceRevision: integer('source_revision').notNull().default(0),
    /** On a translation: its source's sourceRevision when the translation was last saved. */
    sourceRevisionSeen: integer('source_revision_seen'),
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
    // A taken slug's free suffix: the `<slug>-…` range in byte order (migration 0016, ADR 049).
    index('factcheck_slug_pattern_idx').on(t.slug.op('text_pattern_ops')),
    // Public lists: published + language, newest first (home, search, paging). DESC NULLS FIRST is
    // what a plain `ORDER BY published_at DESC` (Drizzle's desc()) asks for, so the index serves it.
    // Sitemap pages: published items of a language in id order from a page's first id (migration 0023, ADR 057).
    index('factcheck_status_language_id_idx').on(t.status, t.language, t._id),
    index('factcheck_status_language_published_at_idx').on(
      t.status,
      t.language,
      t.publishedAt.desc().nullsFirst(),
    ),
    // Back-office lists of drafts and reviews: newest created first.
    index('factcheck_status_created_at_idx').on(t.status, t.createdAt.desc().nullsFirst()),
    // Back-office published list: every language, newest published first (search filters on top).
    index('factcheck_status_published_at_idx').on(t.status, t.publishedAt.desc().nullsFirst()),
    // Desk metrics (issue 35 §5): the published rows with what the figures read; migration 0018's
    // SQL adds INCLUDE (created_at, category, author, news_feed) for an index-only scan.
    index('factcheck_published_metrics_idx').on(t.publishedAt).where(sql`${t.status} = 'published'`),
    // Back-office lists by last edit, all statuses or one tab (issue 37, migration 0015).
    index('factcheck_updated_at_idx').on(t.updatedAt.desc().nullsFirst(), t._id.desc().nullsFirst()),
    index('factcheck_status_updated_at_idx').on(
      t.status,
      t.updatedAt.desc().nullsFirst(),
      t._id.desc().nullsFirst(),
    ),
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
    index('factcheck_assignee_idx')
      .on(t.assignee, t.updatedAt.desc().nullsFirst())
      .where(sql`${t.assignee} is not null`),
    index('factcheck_due_at_idx').on(t.dueAt).where(sql`${t.dueAt} is not null`),
    index('factcheck_publish_at_idx').on(t.publishAt).where(sql`${t.publishAt} is not null`),
    index('factcheck_translation_id_idx').on(t.translation_id),
    index('factcheck_news_feed_idx').on(t.newsFeed),
    index('factcheck_media_source_gin_idx').using('gin', t.mediaSource),
    index('factcheck_country_gin_idx').using('gin', t.country),
    index('factcheck_topic_gin_idx').using('gin', t.topic),
    index('factcheck_tags_gin_idx').using('gin', t.tags),
    index('factcheck_evaluation_categories_gin_idx').using('gin', t.evaluationCategories),
    index('factcheck_title_normalized_trgm_idx').using('gin', t.titleNormalized.op('gin_trgm_ops')),
    index('factcheck_claims_normalized_trgm_idx').using('gin', t.claimsNormalized.op('gin_trgm_ops')),
    // The tips' nearest titles and claim texts (ADR 059, migration 0024); `<> ''` keeps the planner
    // from taking them for the `%`, `<%` and LIKE conditions the GIN indexes above serve.
    index('factcheck_published_title_gist_idx')
      .using('gist', t.titleNormalized.op('gist_trgm_ops'))
      .where(sql`${t.status} = 'published' AND ${t.deletedAt} IS NULL AND ${t.titleNormalized} <> ''`),
    index('factcheck_published_claims_gist_idx')
      .using('gist', t.claimsNormalized.op('gist_trgm_ops'))
      .where(sql`${t.status} = 'published' AND ${t.deletedAt} IS NULL AND ${t.claimsNormalized} <> ''`),
    index('factcheck_against_claim_normalized_trgm_idx').using(
      'gin',
      t.againstClaimNormalized.op('gin_trgm_ops'),
    ),
    index('factcheck_conclusion_normalized_trgm_idx').using('gin', t.conclusionNormalized.op('gin_trgm_ops')),
    index('factcheck_content_normalized_trgm_idx').using('gin', t.contentNormalized.op('gin_trgm_ops')),
    // Public wildcard filters (issue 34, migration 0014).
    index('factcheck_description_trgm_idx').using('gin', t.description.op('gin_trgm_ops')),
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
    ...workflowColumns(),
    ...deskColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
    updatedBy: updatedBy(),
    /** Last change of the fields its translations follow (rating, conclusion; content): ADR 014. */
    sourceChangedAt: timestampTz('source_changed_at'),
    /** Counts those changes; a translation is behind while its seen count is lower (ADR 014). */
    sourceRevision: integer('source_revision').notNull().default(0),
    /** On a translation: its source's sourceRevision when the translation was last saved. */
    sourceRevisionSeen: integer('source_revision_seen'),
    contentNormalized: normalized('content_normalized'),
    titleNormalized: normalized('title_normalized'),
  },
  (t) => [
    check('article_status_check', inList('status', FACTCHECK_STATUS_VALUES)),
    check('article_language_check', inList('language', LANGUAGE_VALUES)),
    uniqueIndex('article_slug_key').on(t.slug),
    // A taken slug's free suffix: the `<slug>-…` range in byte order (migration 0016, ADR 049).
    index('article_slug_pattern_idx').on(t.slug.op('text_pattern_ops')),
    // Sitemap pages: published items of a language in id order from a page's first id (migration 0023, ADR 057).
    index('article_status_language_id_idx').on(t.status, t.language, t._id),
    index('article_status_language_published_at_idx').on(
      t.status,
      t.language,
      t.publishedAt.desc().nullsFirst(),
    ),
    index('article_status_created_at_idx').on(t.status, t.createdAt.desc().nullsFirst()),
    index('article_status_published_at_idx').on(t.status, t.publishedAt.desc().nullsFirst()),
    index('article_updated_at_idx').on(t.updatedAt.desc().nullsFirst(), t._id.desc().nullsFirst()),
    index('article_status_updated_at_idx').on(
      t.status,
      t.updatedAt.desc().nullsFirst(),
      t._id.desc().nullsFirst(),
    ),
    index('article_author_status_language_published_at_idx').on(
      t.author,
      t.status,
      t.language,
      t.publishedAt.desc().nullsFirst(),
    ),
    index('article_published_at_idx').on(t.publishedAt).where(sql`${t.publishedAt} is not null`),
    index('article_assignee_idx')
      .on(t.assignee, t.updatedAt.desc().nullsFirst())
      .where(sql`${t.assignee} is not null`),
    index('article_due_at_idx').on(t.dueAt).where(sql`${t.dueAt} is not null`),
    index('article_publish_at_idx').on(t.publishAt).where(sql`${t.publishAt} is not null`),
    index('article_translation_id_idx').on(t.translation_id),
    index('article_country_gin_idx').using('gin', t.country),
    index('article_topic_gin_idx').using('gin', t.topic),
    index('article_tags_gin_idx').using('gin', t.tags),
    index('article_title_normalized_trgm_idx').using('gin', t.titleNormalized.op('gin_trgm_ops')),
    index('article_content_normalized_trgm_idx').using('gin', t.contentNormalized.op('gin_trgm_ops')),
    index('article_description_trgm_idx').using('gin', t.description.op('gin_trgm_ops')),
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
    /** Monitoring (issue 15): the media source whose feed brought the item, the entry's id and link. */
    monitorSource: text('monitor_source'),
    entryId: text('entry_id'),
    link: text('link'),
    /** Published fact-checks this item may restate, best first: [{ _id, title, slug, score }]. */
    matches: jsonb('matches').$type<FeedMatch[]>().notNull().default([]),
    /** Issue 36 §1: 'reader' for a reader's submission (else null), and how often it was asked. */
    source: text('source'),
    askedCount: integer('asked_count').notNull().default(1),
    ...deskColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
    updatedBy: updatedBy(),
  },
  (t) => [
    check('feed_status_check', inList('status', FEED_STATUS_VALUES)),
    index('feed_status_created_at_idx').on(t.status, t.createdAt.desc().nullsFirst()),
    index('feed_assignee_idx')
      .on(t.assignee, t.updatedAt.desc().nullsFirst())
      .where(sql`${t.assignee} is not null`),
    index('feed_due_at_idx').on(t.dueAt).where(sql`${t.dueAt} is not null`),
    index('feed_factcheck_id_idx').on(t.factcheckId),
    index('feed_reader_open_idx')
      .on(t.askedCount.desc(), t.createdAt.desc())
      .where(sql`${t.source} = 'reader' and ${t.status} <> 'archive'`),
    index('feed_media_source_gin_idx').using('gin', t.mediaSource),
    index('feed_title_normalized_trgm_idx').using('gin', t.titleNormalized.op('gin_trgm_ops')),
    // Dedupe of monitored entries: one item per (source, entry id) and per (source, link).
    uniqueIndex('feed_monitor_entry_id_uniq')
      .on(t.monitorSource, t.entryId)
      .where(sql`"monitor_source" is not null and "entry_id" is not null`),
    uniqueIndex('feed_monitor_link_uniq')
      .on(t.monitorSource, t.link)
      .where(sql`"monitor_source" is not null and "link" is not null`),
    index('feed_monitor_title_idx').on(t.monitorSource, t.titleNormalized, t.createdAt),
  ],
);

export const category = pgTable(
  'category',
  {
    _id: id(),
    image: fileList('image'),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    /** The name on the English and Turkish site; empty: the (Arabic) name (ADR 011). */
    nameEn: text('name_en'),
    nameTr: text('name_tr'),
    nameNormalized: normalized('name_normalized'),
    color: text('color'),
    // RESTRICT: a category with children cannot be deleted (its children's path would dangle).
    parent: text('parent').references((): AnyPgColumn => category._id, { onDelete: 'restrict' }),
    path: text('path').notNull(),
    level: integer('level').notNull().default(0),
    description: text('description'),
    /** The description in English and Turkish; empty: English, then the (Arabic) description. */
    descriptionEn: text('description_en'),
    descriptionTr: text('description_tr'),
    score: doublePrecision('score'),
    /** Criteria categories only: ClaimReview `reviewRating.ratingValue`, 1 = worst … 5 = best. */
    ratingOrdinal: integer('rating_ordinal'),
    showOnPages: text('show_on_pages').array().notNull().default(sql`'{home}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
    updatedBy: updatedBy(),
  },
  (t) => [
    // `path LIKE '/criteria/%'` and sort_by=path.
    index('category_path_idx').on(t.path.op('text_pattern_ops')),
    index('category_parent_idx').on(t.parent),
    index('category_slug_idx').on(t.slug),
    index('category_name_normalized_trgm_idx').using('gin', t.nameNormalized.op('gin_trgm_ops')),
    // Public wildcard filters (issue 34, migration 0014).
    index('category_name_en_trgm_idx').using('gin', t.nameEn.op('gin_trgm_ops')),
    index('category_name_tr_trgm_idx').using('gin', t.nameTr.op('gin_trgm_ops')),
    index('category_path_trgm_idx').using('gin', t.path.op('gin_trgm_ops')),
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
    version: version(),
    updatedBy: updatedBy(),
  },
  (t) => [
    uniqueIndex('author_slug_key').on(t.slug),
    // A taken slug's free suffix: the `<slug>-…` range in byte order (migration 0016, ADR 049).
    index('author_slug_pattern_idx').on(t.slug.op('text_pattern_ops')),
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
    /** Monitoring (issue 15, ADR 019): feed addresses, minutes between runs, on/off, next due time. */
    feeds: textList('feeds'),
    pollInterval: integer('poll_interval').notNull().default(15),
    monitoringEnabled: boolean('monitoring_enabled').notNull().default(true),
    nextRunAt: timestampTz('next_run_at'),
    lastRunAt: timestampTz('last_run_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
    updatedBy: updatedBy(),
  },
  (t) => [
    index('media_source_slug_idx').on(t.slug),
    // A taken slug's free suffix: the `<slug>-…` range in byte order (migration 0016, ADR 049).
    index('media_source_slug_pattern_idx').on(t.slug.op('text_pattern_ops')),
    index('media_source_category_idx').on(t.category),
    index('media_source_name_normalized_trgm_idx').using('gin', t.nameNormalized.op('gin_trgm_ops')),
    index('media_source_next_run_at_idx').on(t.nextRunAt).where(sql`"monitoring_enabled"`),
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
    version: version(),
    updatedBy: updatedBy(),
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
    /** The address that failed and the kind of failure (issue 15): unreachable, timeout, http-error … */
    url: text('url'),
    error: text('error'),
    details: jsonb('details').$type<unknown>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
    updatedBy: updatedBy(),
  },
  (t) => [
    check('scraping_report_status_check', inList('status', SCRAPING_STATUS_VALUES)),
    index('scraping_report_date_idx').on(t.date.desc().nullsFirst()),
    index('scraping_report_media_source_date_idx').on(t.mediaSource, t.date.desc().nullsFirst()),
    index('scraping_report_media_source_run_idx').on(t.mediaSourceRun),
    index('scraping_report_status_date_idx').on(t.status, t.date.desc().nullsFirst()),
  ],
);

/** Newsroom settings by name, e.g. `workflow` (four-eyes, publish gate items: ADR 039). */
export const setting = pgTable('setting', {
  _id: text('_id').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  updatedAt: updatedAt(),
  updatedBy: updatedBy(),
});

/**
 * A copy of a page or file a fact-check cites (issue 15, ADR 020), fetched once per address in the
 * background; the bytes live in the protected `evidence/` folder of the files module.
 */
export const evidenceSnapshot = pgTable(
  'evidence_snapshot',
  {
    _id: id(),
    url: text('url').notNull(),
    /** pending (claimed by one instance), done or failed (recorded once, not retried). */
    status: text('status', { enum: EVIDENCE_STATUS_VALUES }).notNull().default('pending'),
    finalUrl: text('final_url'),
    httpStatus: integer('http_status'),
    contentType: text('content_type'),
    size: integer('size'),
    sha256: text('sha256'),
    path: text('path'),
    error: text('error'),
    fetchedAt: timestampTz('fetched_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('evidence_snapshot_url_uniq').on(t.url),
    check('evidence_snapshot_status_check', inList('status', EVIDENCE_STATUS_VALUES)),
  ],
);

export const contact = pgTable(
  'contact',
  {
    _id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    /** Marked by the newsroom once answered (beyond the spec). */
    handled: boolean('handled').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
    updatedBy: updatedBy(),
  },
  (t) => [index('contact_created_at_idx').on(t.createdAt.desc().nullsFirst())],
);

/**
 * A reader's "is this true?" submission (issue 36 §1): the feed item it became or was counted on,
 * its images, and the e-mail to answer when the linked fact-check is published (deleted after 90
 * days or by the mail's unsubscribe link).
 */
export const tip = pgTable(
  'tip',
  {
    _id: id(),
    feedItem: text('feed_item').notNull(),
    claim: text('claim').notNull(),
    link: text('link'),
    email: text('email'),
    language: text('language').notNull().default('ar'),
    images: fileList('images'),
    unsubscribeToken: text('unsubscribe_token').notNull(),
    answeredAt: timestampTz('answered_at'),
    answeredFactcheck: text('answered_factcheck'),
    createdAt: createdAt(),
  },
  (t) => [
    index('tip_feed_item_idx').on(t.feedItem),
    index('tip_awaiting_answer_idx')
      .on(t.feedItem)
      .where(sql`${t.email} is not null and ${t.answeredAt} is null`),
    uniqueIndex('tip_unsubscribe_token_uniq').on(t.unsubscribeToken),
    index('tip_email_created_at_idx').on(t.createdAt).where(sql`${t.email} is not null`),
  ],
);

const CORRECTION_ITEM_TYPES = ['factcheck', 'article'] as const;
const CORRECTION_TYPES = ['correction', 'clarification', 'rating-change', 'update'] as const;

/**
 * A correction on the record (issue 33 §3, ADR 040): appended to a fact-check or an article, shown
 * dated at the top of its page and on /corrections. Never edited: a new correction corrects one.
 */
export const correction = pgTable(
  'correction',
  {
    _id: id(),
    item: text('item').notNull(),
    itemType: text('item_type', { enum: CORRECTION_ITEM_TYPES }).notNull(),
    /** The item's language when the correction was made: its note is written in it. */
    language: language(),
    type: text('type', { enum: CORRECTION_TYPES }).notNull(),
    note: text('note').notNull(),
    /** A rating change: the stored verdict before it, and the verdict it set. */
    fromCategory: text('from_category'),
    toCategory: text('to_category'),
    createdAt: createdAt(),
    createdBy: text('created_by'),
  },
  (t) => [
    check('correction_item_type_check', inList('item_type', CORRECTION_ITEM_TYPES)),
    check('correction_type_check', inList('type', CORRECTION_TYPES)),
    check('correction_language_check', inList('language', LANGUAGE_VALUES)),
    index('correction_item_created_at_idx').on(t.item, t.createdAt.desc().nullsFirst()),
    index('correction_language_created_at_idx').on(t.language, t.createdAt.desc().nullsFirst()),
    index('correction_created_at_idx').on(t.createdAt.desc().nullsFirst()),
  ],
);

// ---- Files (storage records) ----

export const storage = pgTable(
  'storage',
  {
    _id: id(),
    fieldname: text('fieldname'),
    originalname: text('originalname').notNull(),
    filename: text('filename').notNull(),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    encoding: text('encoding'),
    mimetype: text('mimetype'),
    /** The folder, as the spec spells it: `storage/news-feed`. */
    destination: text('destination').notNull(),
    /** Unique: `storage/news-feed/x.jpg`, served at `/storage/news-feed/x.jpg`. */
    path: text('path').notNull(),
    date: timestampTz('date').notNull().defaultNow(),
    status: text('status'),
    user: text('user'),
    meta: jsonb('meta').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
    updatedBy: updatedBy(),
  },
  (t) => [
    uniqueIndex('storage_path_key').on(t.path),
    index('storage_destination_idx').on(t.destination.op('text_pattern_ops')),
    index('storage_date_idx').on(t.date.desc().nullsFirst()),
  ],
);

// ---- Identity and access ----

export const user = pgTable(
  'user',
  {
    _id: id(),
    /** Trimmed and lower-cased by the server. */
    email: text('email').notNull(),
    name: text('name'),
    username: text('username').notNull(),
    phone: text('phone'),
    passwordHash: text('password_hash'),
    roles: textList('roles'),
    lastLogin: timestampTz('last_login'),
    disabled: boolean('disabled').notNull().default(false),
    emv: boolean('emv').notNull().default(false),
    phv: boolean('phv').notNull().default(false),
    forceChangePwd: boolean('force_change_pwd').notNull().default(false),
    picture: text('picture'),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: timestampTz('locked_until'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
    updatedBy: updatedBy(),
  },
  (t) => [
    uniqueIndex('user_email_key').on(t.email),
    uniqueIndex('user_username_key').on(t.username),
    uniqueIndex('user_phone_key').on(t.phone),
    index('user_roles_gin_idx').using('gin', t.roles),
  ],
);

export const role = pgTable('role', {
  _id: id(),
  name: text('name').notNull(),
  /** Users of this role must have a second factor before they reach anything else (ADR 042). */
  requiresSecondFactor: boolean('requires_second_factor').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  version: version(),
  updatedBy: updatedBy(),
});

/** Permission rules stored by admins, merged over the built-in defaults at start and on NOTIFY. */
export const permission = pgTable(
  'permission',
  {
    _id: id(),
    name: text('name').notNull(),
    path: text('path').notNull(),
    fallbackAuthorization: text('fallback_authorization'),
    actions: jsonb('actions').$type<Record<string, unknown[]>>().notNull().default({}),
    ruleSource: text('rule_source'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
    updatedBy: updatedBy(),
  },
  (t) => [uniqueIndex('permission_path_key').on(t.path)],
);

export const device = pgTable(
  'device',
  {
    _id: id(),
    user: text('user').notNull(),
    info: jsonb('info').$type<Record<string, unknown>>().notNull().default({}),
    lastSeen: timestampTz('last_seen'),
    /** The client address and User-Agent the server last saw it with (issue 34). */
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('device_user_idx').on(t.user)],
);

/** Refresh tokens are stored hashed; rotation keeps a family so a reused token revokes it whole. */
export const refreshToken = pgTable(
  'refresh_token',
  {
    _id: id(),
    tokenHash: text('token_hash').notNull(),
    user: text('user').notNull(),
    family: text('family').notNull(),
    device: text('device'),
    /** The admin's id while impersonating. */
    impersonator: text('impersonator'),
    sessionOnly: boolean('session_only').notNull().default(false),
    expiresAt: timestampTz('expires_at').notNull(),
    usedAt: timestampTz('used_at'),
    revokedAt: timestampTz('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_token_hash_key').on(t.tokenHash),
    index('refresh_token_family_idx').on(t.family),
    index('refresh_token_user_idx').on(t.user),
  ],
);

export const verificationCode = pgTable(
  'verification_code',
  {
    _id: id(),
    user: text('user'),
    /** 'email' | 'phone' | 'reset' */
    kind: text('kind').notNull(),
    target: text('target').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestampTz('expires_at').notNull(),
    usedAt: timestampTz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('verification_code_target_idx').on(t.kind, t.target)],
);

// ---- Second factors (issue 34, ADR 042) ----

/** A user's authenticator-app secret, sealed with a key derived from APP_SECRET; pending until enabled. */
export const twoFactorTotp = pgTable('two_factor_totp', {
  user: text('user').primaryKey(),
  secret: text('secret').notNull(),
  enabledAt: timestampTz('enabled_at'),
  /** The last 30-second step whose code was accepted: a code is never accepted twice. */
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** Single-use recovery codes, stored as keyed hashes. */
export const twoFactorRecoveryCode = pgTable(
  'two_factor_recovery_code',
  {
    _id: id(),
    user: text('user').notNull(),
    codeHash: text('code_hash').notNull(),
    usedAt: timestampTz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('two_factor_recovery_code_user_idx').on(t.user)],
);

/** A passkey: the credential id (base64url) is the key; the public key is COSE, base64url. */
export const webauthnCredential = pgTable(
  'webauthn_credential',
  {
    _id: id(),
    user: text('user').notNull(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: textList('transports'),
    deviceType: text('device_type'),
    backedUp: boolean('backed_up').notNull().default(false),
    name: text('name'),
    createdAt: createdAt(),
    lastUsedAt: timestampTz('last_used_at'),
  },
  (t) => [index('webauthn_credential_user_idx').on(t.user)],
);

/** Short-lived, single-use: the mfa_token of a half-done sign-in and the WebAuthn challenges. */
export const twoFactorChallenge = pgTable(
  'two_factor_challenge',
  {
    _id: id(),
    kind: text('kind').notNull(),
    user: text('user'),
    tokenHash: text('token_hash').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestampTz('expires_at').notNull(),
    usedAt: timestampTz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('two_factor_challenge_token_key').on(t.tokenHash),
    index('two_factor_challenge_expires_idx').on(t.expiresAt),
  ],
);

/** Append-only security log (beyond the spec). */
export const auditEvent = pgTable(
  'audit_event',
  {
    _id: id(),
    type: text('type').notNull(),
    actor: text('actor'),
    impersonator: text('impersonator'),
    target: text('target'),
    targetType: text('target_type'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_event_created_at_idx').on(t.createdAt.desc().nullsFirst()),
    index('audit_event_type_idx').on(t.type, t.createdAt.desc().nullsFirst()),
    index('audit_event_actor_idx').on(t.actor),
    index('audit_event_target_idx').on(t.target),
  ],
);

/** Rate-limit counters shared by every instance (nothing lives only in process memory). */
export const rateLimitBucket = pgTable('rate_limit_bucket', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  resetAt: timestampTz('reset_at').notNull(),
});

// ---- Editing together (issue 12) ----

/**
 * One row per saved version of a fact-check or article: the whole document after the write, in the
 * write's transaction. `number` is the record's version after that write (ADR 013).
 */
export const revision = pgTable(
  'revision',
  {
    resource: text('resource').notNull(),
    recordId: text('record_id').notNull(),
    number: integer('number').notNull(),
    /** 'create' | 'update' | 'restore' */
    action: text('action').notNull(),
    restoredFrom: integer('restored_from'),
    user: text('user_id'),
    /** Field names that differ from the previous revision. */
    changed: text('changed').array().notNull().default(sql`'{}'::text[]`),
    document: jsonb('document').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.resource, t.recordId, t.number] })],
);

/** Who has a record open in an editor: heartbeats, upserted; older than the window means gone. */
export const presence = pgTable(
  'presence',
  {
    resource: text('resource').notNull(),
    recordId: text('record_id').notNull(),
    user: text('user_id').notNull(),
    since: timestampTz('since').notNull(),
    lastSeen: timestampTz('last_seen').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.resource, t.recordId, t.user] }),
    index('presence_last_seen_idx').on(t.lastSeen),
  ],
);

// ---- The desk: notes and notifications (issue 35 §2–3, ADR 051) ----

const NOTE_ITEM_TYPES = ['factcheck', 'article'] as const;

/** A note on a draft: staff only, never on the public site (its item's staff Read right). */
export const note = pgTable(
  'note',
  {
    _id: id(),
    item: text('item').notNull(),
    itemType: text('item_type', { enum: NOTE_ITEM_TYPES }).notNull(),
    /** The field the note is about (`conclusion`, `category`…); null: the whole item. */
    field: text('field'),
    body: text('body').notNull(),
    /** Users mentioned with `@name`, each notified once. */
    mentions: textList('mentions'),
    /** The thread's first note; null for a thread's first note itself. */
    parent: text('parent'),
    resolved: boolean('resolved').notNull().default(false),
    resolvedBy: text('resolved_by'),
    resolvedAt: timestampTz('resolved_at'),
    createdBy: text('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('note_item_type_check', inList('item_type', NOTE_ITEM_TYPES)),
    index('note_item_created_at_idx').on(t.itemType, t.item, t.createdAt),
    index('note_parent_idx').on(t.parent),
  ],
);

const NOTIFICATION_MAIL_STATES = ['none', 'digest', 'sent'] as const;

/** Something that happened to a user's work; read by its recipient only. */
export const notification = pgTable(
  'notification',
  {
    _id: id(),
    recipient: text('recipient').notNull(),
    kind: text('kind').notNull(),
    item: text('item'),
    itemType: text('item_type'),
    /** Who did it; null for the system (the scheduler, monitoring). */
    actor: text('actor'),
    /** The item's title, a note's excerpt, a failure's code: what the bell and the mail show. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    read: boolean('read').notNull().default(false),
    /** none: no mail; digest: waits for the recipient's daily digest; sent: mailed. */
    mail: text('mail', { enum: NOTIFICATION_MAIL_STATES }).notNull().default('none'),
    createdAt: createdAt(),
  },
  (t) => [
    check('notification_mail_check', inList('mail', NOTIFICATION_MAIL_STATES)),
    index('notification_recipient_created_at_idx').on(t.recipient, t.createdAt.desc().nullsFirst()),
    index('notification_unread_idx').on(t.recipient).where(sql`not "read"`),
    index('notification_digest_idx').on(t.recipient, t.createdAt).where(sql`"mail" = 'digest'`),
  ],
);

/** A user's mail choice per notification kind (`off`, `immediate`, `digest`) and their last digest. */
export const notificationSetting = pgTable('notification_setting', {
  user: text('user').primaryKey(),
  email: jsonb('email').$type<Record<string, string>>().notNull().default({}),
  digestSentAt: timestampTz('digest_sent_at'),
  updatedAt: updatedAt(),
});

// ---- The desk: saved views (issue 35 §4, ADR 052) ----

/** A list's query string under a name: its owner's, and readable by the roles it is shared with. */
export const savedView = pgTable(
  'saved_view',
  {
    _id: id(),
    name: text('name').notNull(),
    /** The API resource the list reads (`factcheck`, `feed`, `audit` …). */
    resource: text('resource').notNull(),
    /** The panel screen the view reopens (`/panel/factcheck/review`). */
    path: text('path').notNull(),
    /** The list's query string, without `page`. */
    query: text('query').notNull().default(''),
    sharedWith: textList('shared_with'),
    owner: text('owner').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    index('saved_view_owner_resource_idx').on(t.owner, t.resource),
    index('saved_view_shared_with_gin_idx').using('gin', t.sharedWith),
  ],
);

// ---- Partners: webhooks (issue 36 §3, ADR 053) ----

/** An administrator's endpoint for events; the secret signs each delivery and is never read out. */
export const webhook = pgTable(
  'webhook',
  {
    _id: id(),
    url: text('url').notNull(),
    /** published, updated, corrected, withdrawn, feed.created */
    events: textList('events'),
    secret: text('secret').notNull(),
    active: boolean('active').notNull().default(true),
    description: text('description'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
    updatedBy: updatedBy(),
  },
  (t) => [index('webhook_events_gin_idx').using('gin', t.events)],
);

/** One event for one webhook: the signed body as sent, and its attempts. */
export const webhookDelivery = pgTable(
  'webhook_delivery',
  {
    _id: id(),
    webhook: text('webhook')
      .notNull()
      .references(() => webhook._id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    payload: text('payload').notNull(),
    status: text('status', { enum: ['pending', 'delivering', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    responseStatus: integer('response_status'),
    error: text('error'),
    /** Due time of the next attempt; while one runs, the lease after which another instance retries. */
    nextAttemptAt: timestampTz('next_attempt_at'),
    lastAttemptAt: timestampTz('last_attempt_at'),
    deliveredAt: timestampTz('delivered_at'),
    redeliveryOf: text('redelivery_of'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'webhook_delivery_status_check',
      sql`${t.status} IN ('pending', 'delivering', 'delivered', 'failed')`,
    ),
    index('webhook_delivery_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} IN ('pending', 'delivering')`),
    index('webhook_delivery_webhook_created_idx').on(t.webhook, t.createdAt.desc()),
  ],
);
