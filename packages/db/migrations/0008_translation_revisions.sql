ALTER TABLE "article" ADD COLUMN "source_revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "article" ADD COLUMN "source_revision_seen" integer;--> statement-breakpoint
ALTER TABLE "factcheck" ADD COLUMN "source_revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "factcheck" ADD COLUMN "source_revision_seen" integer;