// @tabayyun/db: the only package that depends on drizzle-orm, PGlite and pg (ARCHITECTURE §2).
// The server imports tables, openDb() and every Drizzle operator from here.

// Drizzle's dialect-independent API: sql, SQL, eq, ne, and, or, not, inArray, notInArray, isNull,
// isNotNull, like, ilike, gt, gte, lt, lte, between, exists, arrayContains, arrayOverlaps, asc, desc,
// count, getTableColumns, getTableName, is, Column, Table, type InferSelectModel, ... (all of it).
export * from 'drizzle-orm';
// The PostgreSQL-specific pieces the server's query compiler and repos need.
export {
  type AnyPgColumn,
  type AnyPgTable,
  alias,
  getTableConfig,
  PgColumn,
  PgDatabase,
  PgDialect,
  type PgQueryResultHKT,
  type PgQueryResultKind,
  type PgSelect,
  PgTable,
  type PgTableWithColumns,
  PgTransaction,
  type SelectedFields,
} from 'drizzle-orm/pg-core';
export { ID_PATTERN, idTimestamp, newId } from './id.ts';
export type {
  EvaluationRow,
  FactcheckLink,
  FeedMatch,
  FileRecord,
  SeoMeta,
  UpdateLogEntry,
} from './json-types.ts';
export {
  type Database,
  type Db,
  type DbExecutor,
  type DbKind,
  type DbQueryResultHKT,
  type DbTransaction,
  MIGRATIONS_FOLDER,
  type NotificationHandler,
  type OpenDbOptions,
  openDb,
  type Schema,
} from './open-db.ts';
export * from './schema.ts';
export * as schema from './schema.ts';

import type {
  article,
  author,
  category,
  contact,
  factcheck,
  feed,
  mediaSource,
  mediaSourceRun,
  scrapingReport,
} from './schema.ts';

/** Row types as read (`select`) and as written (`insert`). */
export type FactcheckRow = typeof factcheck.$inferSelect;
export type NewFactcheckRow = typeof factcheck.$inferInsert;
export type ArticleRow = typeof article.$inferSelect;
export type NewArticleRow = typeof article.$inferInsert;
export type FeedRow = typeof feed.$inferSelect;
export type NewFeedRow = typeof feed.$inferInsert;
export type CategoryRow = typeof category.$inferSelect;
export type NewCategoryRow = typeof category.$inferInsert;
export type AuthorRow = typeof author.$inferSelect;
export type NewAuthorRow = typeof author.$inferInsert;
export type MediaSourceRow = typeof mediaSource.$inferSelect;
export type NewMediaSourceRow = typeof mediaSource.$inferInsert;
export type MediaSourceRunRow = typeof mediaSourceRun.$inferSelect;
export type NewMediaSourceRunRow = typeof mediaSourceRun.$inferInsert;
export type ScrapingReportRow = typeof scrapingReport.$inferSelect;
export type NewScrapingReportRow = typeof scrapingReport.$inferInsert;
export type ContactRow = typeof contact.$inferSelect;
export type NewContactRow = typeof contact.$inferInsert;
