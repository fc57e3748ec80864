-- Extensions first: trigram indexes (gin_trgm_ops) in the next migration need pg_trgm.
-- Both are trusted extensions since PostgreSQL 13 (a database owner may create them); PGlite loads
-- them from @electric-sql/pglite/contrib.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
