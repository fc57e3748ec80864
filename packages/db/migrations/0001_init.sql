CREATE TABLE "article" (
	"_id" text PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"language" text DEFAULT 'ar' NOT NULL,
	"translation_id" text,
	"reads" integer DEFAULT 0 NOT NULL,
	"author" text,
	"title" text NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"content" text,
	"country" text[] DEFAULT '{}'::text[] NOT NULL,
	"topic" text[] DEFAULT '{}'::text[] NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"slug" text,
	"description" text NOT NULL,
	"meta" jsonb,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"content_normalized" text DEFAULT '' NOT NULL,
	"title_normalized" text DEFAULT '' NOT NULL,
	CONSTRAINT "article_status_check" CHECK ("status" in ('draft', 'review', 'published')),
	CONSTRAINT "article_language_check" CHECK ("language" in ('ar', 'en', 'tr'))
);
--> statement-breakpoint
CREATE TABLE "author" (
	"_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_normalized" text DEFAULT '' NOT NULL,
	"slug" text,
	"bio" text,
	"image" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" text,
	"email" text,
	"linkedin" text,
	"twitter" text,
	"facebook" text,
	"hidden" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "category" (
	"_id" text PRIMARY KEY NOT NULL,
	"image" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"name_normalized" text DEFAULT '' NOT NULL,
	"color" text,
	"parent" text,
	"path" text NOT NULL,
	"level" integer DEFAULT 0 NOT NULL,
	"description" text,
	"score" double precision,
	"show_on_pages" text[] DEFAULT '{home}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact" (
	"_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"subject" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "factcheck" (
	"_id" text PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"language" text DEFAULT 'ar' NOT NULL,
	"translation_id" text,
	"news_feed" text,
	"reads" integer DEFAULT 0 NOT NULL,
	"media_source" text[] DEFAULT '{}'::text[] NOT NULL,
	"author" text,
	"title" text NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"content" text,
	"claims" text,
	"against_claim" text,
	"conclusion" text,
	"hide_claims_title" boolean DEFAULT false NOT NULL,
	"hide_against_claim_title" boolean DEFAULT false NOT NULL,
	"hide_conclusion_title" boolean DEFAULT false NOT NULL,
	"category" text,
	"evaluation" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"evaluation_categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"score" double precision DEFAULT 0 NOT NULL,
	"country" text[] DEFAULT '{}'::text[] NOT NULL,
	"topic" text[] DEFAULT '{}'::text[] NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"references" text,
	"sources" text,
	"slug" text,
	"description" text NOT NULL,
	"meta" jsonb,
	"published_at" timestamp with time zone,
	"disabled_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claims_normalized" text DEFAULT '' NOT NULL,
	"against_claim_normalized" text DEFAULT '' NOT NULL,
	"conclusion_normalized" text DEFAULT '' NOT NULL,
	"content_normalized" text DEFAULT '' NOT NULL,
	"title_normalized" text DEFAULT '' NOT NULL,
	CONSTRAINT "factcheck_status_check" CHECK ("status" in ('draft', 'review', 'published')),
	CONSTRAINT "factcheck_language_check" CHECK ("language" in ('ar', 'en', 'tr'))
);
--> statement-breakpoint
CREATE TABLE "feed" (
	"_id" text PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"title" text NOT NULL,
	"title_normalized" text DEFAULT '' NOT NULL,
	"featured_image" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"media_source" text[] DEFAULT '{}'::text[] NOT NULL,
	"description" text,
	"body" text,
	"published_date" timestamp with time zone,
	"update_log" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"factcheck" jsonb,
	"factcheck_id" text GENERATED ALWAYS AS (("factcheck" ->> '_id')) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feed_status_check" CHECK ("status" in ('new', 'review', 'archive'))
);
--> statement-breakpoint
CREATE TABLE "media_source" (
	"_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_normalized" text DEFAULT '' NOT NULL,
	"slug" text,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"category" text,
	"link" text,
	"score" double precision,
	"false_claims" integer DEFAULT 0 NOT NULL,
	"level_of_credibility" text,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_source_run" (
	"_id" text PRIMARY KEY NOT NULL,
	"media_source" text,
	"status" text DEFAULT 'running' NOT NULL,
	"date" timestamp with time zone,
	"results" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scraping_report" (
	"_id" text PRIMARY KEY NOT NULL,
	"media_source" text,
	"media_source_run" text,
	"status" text NOT NULL,
	"date" timestamp with time zone DEFAULT now() NOT NULL,
	"items_found" integer DEFAULT 0 NOT NULL,
	"items_added" integer DEFAULT 0 NOT NULL,
	"message" text,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scraping_report_status_check" CHECK ("status" in ('success', 'partial', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "category" ADD CONSTRAINT "category_parent_category__id_fk" FOREIGN KEY ("parent") REFERENCES "public"."category"("_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "article_slug_key" ON "article" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "article_status_language_published_at_idx" ON "article" USING btree ("status","language","published_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "article_status_created_at_idx" ON "article" USING btree ("status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "article_author_status_language_published_at_idx" ON "article" USING btree ("author","status","language","published_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "article_published_at_idx" ON "article" USING btree ("published_at") WHERE "article"."published_at" is not null;--> statement-breakpoint
CREATE INDEX "article_translation_id_idx" ON "article" USING btree ("translation_id");--> statement-breakpoint
CREATE INDEX "article_country_gin_idx" ON "article" USING gin ("country");--> statement-breakpoint
CREATE INDEX "article_topic_gin_idx" ON "article" USING gin ("topic");--> statement-breakpoint
CREATE INDEX "article_tags_gin_idx" ON "article" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "article_title_normalized_trgm_idx" ON "article" USING gin ("title_normalized" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "article_content_normalized_trgm_idx" ON "article" USING gin ("content_normalized" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "author_slug_key" ON "author" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "author_name_normalized_trgm_idx" ON "author" USING gin ("name_normalized" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "category_path_idx" ON "category" USING btree ("path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "category_parent_idx" ON "category" USING btree ("parent");--> statement-breakpoint
CREATE INDEX "category_slug_idx" ON "category" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "category_name_normalized_trgm_idx" ON "category" USING gin ("name_normalized" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contact_created_at_idx" ON "contact" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "factcheck_slug_key" ON "factcheck" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "factcheck_status_language_published_at_idx" ON "factcheck" USING btree ("status","language","published_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "factcheck_status_created_at_idx" ON "factcheck" USING btree ("status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "factcheck_category_status_language_published_at_idx" ON "factcheck" USING btree ("category","status","language","published_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "factcheck_author_status_language_published_at_idx" ON "factcheck" USING btree ("author","status","language","published_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "factcheck_published_at_idx" ON "factcheck" USING btree ("published_at") WHERE "factcheck"."published_at" is not null;--> statement-breakpoint
CREATE INDEX "factcheck_translation_id_idx" ON "factcheck" USING btree ("translation_id");--> statement-breakpoint
CREATE INDEX "factcheck_news_feed_idx" ON "factcheck" USING btree ("news_feed");--> statement-breakpoint
CREATE INDEX "factcheck_media_source_gin_idx" ON "factcheck" USING gin ("media_source");--> statement-breakpoint
CREATE INDEX "factcheck_country_gin_idx" ON "factcheck" USING gin ("country");--> statement-breakpoint
CREATE INDEX "factcheck_topic_gin_idx" ON "factcheck" USING gin ("topic");--> statement-breakpoint
CREATE INDEX "factcheck_tags_gin_idx" ON "factcheck" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "factcheck_evaluation_categories_gin_idx" ON "factcheck" USING gin ("evaluation_categories");--> statement-breakpoint
CREATE INDEX "factcheck_title_normalized_trgm_idx" ON "factcheck" USING gin ("title_normalized" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "factcheck_claims_normalized_trgm_idx" ON "factcheck" USING gin ("claims_normalized" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "factcheck_against_claim_normalized_trgm_idx" ON "factcheck" USING gin ("against_claim_normalized" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "factcheck_conclusion_normalized_trgm_idx" ON "factcheck" USING gin ("conclusion_normalized" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "factcheck_content_normalized_trgm_idx" ON "factcheck" USING gin ("content_normalized" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "feed_status_created_at_idx" ON "feed" USING btree ("status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "feed_factcheck_id_idx" ON "feed" USING btree ("factcheck_id");--> statement-breakpoint
CREATE INDEX "feed_media_source_gin_idx" ON "feed" USING gin ("media_source");--> statement-breakpoint
CREATE INDEX "feed_title_normalized_trgm_idx" ON "feed" USING gin ("title_normalized" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "media_source_slug_idx" ON "media_source" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "media_source_category_idx" ON "media_source" USING btree ("category");--> statement-breakpoint
CREATE INDEX "media_source_name_normalized_trgm_idx" ON "media_source" USING gin ("name_normalized" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "media_source_run_media_source_date_idx" ON "media_source_run" USING btree ("media_source","date" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "media_source_run_status_idx" ON "media_source_run" USING btree ("status");--> statement-breakpoint
CREATE INDEX "scraping_report_date_idx" ON "scraping_report" USING btree ("date" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "scraping_report_media_source_date_idx" ON "scraping_report" USING btree ("media_source","date" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "scraping_report_media_source_run_idx" ON "scraping_report" USING btree ("media_source_run");--> statement-breakpoint
CREATE INDEX "scraping_report_status_date_idx" ON "scraping_report" USING btree ("status","date" DESC NULLS FIRST);