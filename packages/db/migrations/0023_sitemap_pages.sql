-- Issue 37 (ADR 057): sitemaps in pages. A page lists the published items of one language in id
-- order from its first item's id on (`status = 'published' AND language = $1 AND _id >= $2 ORDER BY
-- _id LIMIT n`), and the sitemap index finds where each page starts by stepping n entries from the
-- last start. With `(status, language, _id)` both read only the entries they use, whatever the
-- archive's size; the primary key alone would walk past every other language's and status's rows.
CREATE INDEX IF NOT EXISTS "factcheck_status_language_id_idx" ON "factcheck" ("status", "language", "_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "article_status_language_id_idx" ON "article" ("status", "language", "_id");
