CREATE TABLE "evidence_snapshot" (
	"_id" text PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"final_url" text,
	"http_status" integer,
	"content_type" text,
	"size" integer,
	"sha256" text,
	"path" text,
	"error" text,
	"fetched_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "evidence_snapshot_status_check" CHECK ("status" in ('pending', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "feed" ADD COLUMN "monitor_source" text;--> statement-breakpoint
ALTER TABLE "feed" ADD COLUMN "entry_id" text;--> statement-breakpoint
ALTER TABLE "feed" ADD COLUMN "link" text;--> statement-breakpoint
ALTER TABLE "feed" ADD COLUMN "matches" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "media_source" ADD COLUMN "feeds" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "media_source" ADD COLUMN "poll_interval" integer DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "media_source" ADD COLUMN "monitoring_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "media_source" ADD COLUMN "next_run_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "media_source" ADD COLUMN "last_run_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "scraping_report" ADD COLUMN "url" text;--> statement-breakpoint
ALTER TABLE "scraping_report" ADD COLUMN "error" text;--> statement-breakpoint
CREATE UNIQUE INDEX "evidence_snapshot_url_uniq" ON "evidence_snapshot" USING btree ("url");--> statement-breakpoint
CREATE UNIQUE INDEX "feed_monitor_entry_id_uniq" ON "feed" USING btree ("monitor_source","entry_id") WHERE "monitor_source" is not null and "entry_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "feed_monitor_link_uniq" ON "feed" USING btree ("monitor_source","link") WHERE "monitor_source" is not null and "link" is not null;--> statement-breakpoint
CREATE INDEX "feed_monitor_title_idx" ON "feed" USING btree ("monitor_source","title_normalized","created_at");--> statement-breakpoint
CREATE INDEX "media_source_next_run_at_idx" ON "media_source" USING btree ("next_run_at") WHERE "monitoring_enabled";