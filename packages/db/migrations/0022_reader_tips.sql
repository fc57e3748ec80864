-- Issue 36 §1: readers ask "is this true?". A submission is a feed item with source 'reader'; a
-- repeat of an open one counts (asked_count) instead of adding an item. Each submission is a tip
-- row: its images, and the e-mail to answer once the linked fact-check is published (deleted after
-- 90 days, or at once by the mail's unsubscribe link).
ALTER TABLE "feed" ADD COLUMN "source" text;
--> statement-breakpoint
ALTER TABLE "feed" ADD COLUMN "asked_count" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
CREATE INDEX "feed_reader_open_idx" ON "feed" USING btree ("asked_count" DESC, "created_at" DESC) WHERE "source" = 'reader' AND "status" <> 'archive';
--> statement-breakpoint
CREATE TABLE "tip" (
	"_id" text PRIMARY KEY NOT NULL,
	"feed_item" text NOT NULL,
	"claim" text NOT NULL,
	"link" text,
	"email" text,
	"language" text DEFAULT 'ar' NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"unsubscribe_token" text NOT NULL,
	"answered_at" timestamp with time zone,
	"answered_factcheck" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "tip_feed_item_idx" ON "tip" USING btree ("feed_item");
--> statement-breakpoint
CREATE INDEX "tip_awaiting_answer_idx" ON "tip" USING btree ("feed_item") WHERE "email" IS NOT NULL AND "answered_at" IS NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "tip_unsubscribe_token_uniq" ON "tip" USING btree ("unsubscribe_token");
--> statement-breakpoint
CREATE INDEX "tip_email_created_at_idx" ON "tip" USING btree ("created_at") WHERE "email" IS NOT NULL;
