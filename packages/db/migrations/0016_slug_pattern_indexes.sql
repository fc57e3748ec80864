-- Issue 37 (ADR 049): a taken slug's free suffix is found among the slugs that start with
-- `<base>-`, a byte-order range the default (collation-aware) unique index cannot serve: without
-- these, every create read the whole table. text_pattern_ops compares bytes, whatever the collation.
CREATE INDEX IF NOT EXISTS "factcheck_slug_pattern_idx" ON "factcheck" ("slug" text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "article_slug_pattern_idx" ON "article" ("slug" text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "author_slug_pattern_idx" ON "author" ("slug" text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "media_source_slug_pattern_idx" ON "media_source" ("slug" text_pattern_ops);
