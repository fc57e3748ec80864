ALTER TABLE "category" ADD COLUMN "rating_ordinal" integer;--> statement-breakpoint
ALTER TABLE "factcheck" ADD COLUMN "claim_summary" text;