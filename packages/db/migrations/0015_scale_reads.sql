-- Issue 37 (ADR 050): the back office's lists sort by the last edit, newest first
-- (`sort_by=-updatedAt`), over every status or one status tab. Without an index in that order each
-- page sorted the whole table (1.1 s for 25 rows at 100,000 fact-checks); with it a page reads its
-- own rows. `_id` is the compiler's tie-break (query-compiler.ts compileOrderBy), so it is part of
-- the key and the planner needs no sort at all.
CREATE INDEX IF NOT EXISTS "factcheck_updated_at_idx" ON "factcheck" ("updated_at" DESC, "_id" DESC);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "factcheck_status_updated_at_idx" ON "factcheck" ("status", "updated_at" DESC, "_id" DESC);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "article_updated_at_idx" ON "article" ("updated_at" DESC, "_id" DESC);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "article_status_updated_at_idx" ON "article" ("status", "updated_at" DESC, "_id" DESC);
