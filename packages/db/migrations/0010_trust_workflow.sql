-- The editorial trust workflow (issue 33, ADR 039): the reason of the last status change, the
-- withdrawal time of an unpublished item (its tombstone), scheduled publishing, the author of the
-- last substantive edit (four-eyes), acknowledged unarchivable evidence, and newsroom settings.
ALTER TABLE "factcheck" ADD COLUMN "status_reason" text;--> statement-breakpoint
ALTER TABLE "factcheck" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "factcheck" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "factcheck" ADD COLUMN "scheduled_by" text;--> statement-breakpoint
ALTER TABLE "factcheck" ADD COLUMN "last_edited_by" text;--> statement-breakpoint
ALTER TABLE "factcheck" ADD COLUMN "evidence_acknowledged" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "article" ADD COLUMN "status_reason" text;--> statement-breakpoint
ALTER TABLE "article" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "article" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "article" ADD COLUMN "scheduled_by" text;--> statement-breakpoint
ALTER TABLE "article" ADD COLUMN "last_edited_by" text;--> statement-breakpoint
-- Until now the last writer is the best knowledge of who last edited an item.
UPDATE "factcheck" SET "last_edited_by" = "updated_by";--> statement-breakpoint
UPDATE "article" SET "last_edited_by" = "updated_by";--> statement-breakpoint
CREATE INDEX "factcheck_publish_at_idx" ON "factcheck" USING btree ("publish_at") WHERE "publish_at" is not null;--> statement-breakpoint
CREATE INDEX "article_publish_at_idx" ON "article" USING btree ("publish_at") WHERE "publish_at" is not null;--> statement-breakpoint
CREATE TABLE "setting" (
	"_id" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
