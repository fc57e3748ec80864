-- Issue 34 (ADR 045): every text field a public reader may filter with wildcards is served by a GIN
-- trigram index; the fields with a normalised copy use that copy's existing index.
CREATE INDEX IF NOT EXISTS "factcheck_description_trgm_idx" ON "factcheck" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "article_description_trgm_idx" ON "article" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "category_name_en_trgm_idx" ON "category" USING gin ("name_en" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "category_name_tr_trgm_idx" ON "category" USING gin ("name_tr" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "category_path_trgm_idx" ON "category" USING gin ("path" gin_trgm_ops);
