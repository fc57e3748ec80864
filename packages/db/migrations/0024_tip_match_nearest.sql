-- Issue 36 §1, ADR 059: "is this true?" matching as the reader types. A text of two or three words
-- shares a common word's trigrams with tens of thousands of fact-checks, so the trigram GIN
-- indexes (0001) hand over a large share of the table to recheck and rank. These GiST trigram
-- indexes answer "the nearest titles / claim texts to this text" (ORDER BY <-> / <<-> LIMIT k)
-- without visiting the rest. Partial: published fact-checks only, and a condition (`<> ''`) that only
-- the matching's nearest-neighbour queries state, so that the planner never takes them for the
-- `%`, `<%` and LIKE conditions the GIN indexes serve far better (a GiST scan of a long text reads
-- most of the index).
CREATE INDEX IF NOT EXISTS "factcheck_published_title_gist_idx" ON "factcheck" USING gist ("title_normalized" gist_trgm_ops) WHERE "status" = 'published' AND "deleted_at" IS NULL AND "title_normalized" <> '';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "factcheck_published_claims_gist_idx" ON "factcheck" USING gist ("claims_normalized" gist_trgm_ops) WHERE "status" = 'published' AND "deleted_at" IS NULL AND "claims_normalized" <> '';
