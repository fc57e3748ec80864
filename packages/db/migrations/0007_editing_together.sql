CREATE TABLE "presence" (
	"resource" text NOT NULL,
	"record_id" text NOT NULL,
	"user_id" text NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"last_seen" timestamp with time zone NOT NULL,
	CONSTRAINT "presence_resource_record_id_user_id_pk" PRIMARY KEY("resource","record_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "revision" (
	"resource" text NOT NULL,
	"record_id" text NOT NULL,
	"number" integer NOT NULL,
	"action" text NOT NULL,
	"restored_from" integer,
	"user_id" text,
	"changed" text[] DEFAULT '{}'::text[] NOT NULL,
	"document" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "revision_resource_record_id_number_pk" PRIMARY KEY("resource","record_id","number")
);
--> statement-breakpoint
ALTER TABLE "article" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "article" ADD COLUMN "updated_by" text;--> statement-breakpoint
ALTER TABLE "article" ADD COLUMN "source_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "author" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "author" ADD COLUMN "updated_by" text;--> statement-breakpoint
ALTER TABLE "category" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "category" ADD COLUMN "updated_by" text;--> statement-breakpoint
ALTER TABLE "contact" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "contact" ADD COLUMN "updated_by" text;--> statement-breakpoint
ALTER TABLE "factcheck" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "factcheck" ADD COLUMN "updated_by" text;--> statement-breakpoint
ALTER TABLE "factcheck" ADD COLUMN "source_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "feed" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "feed" ADD COLUMN "updated_by" text;--> statement-breakpoint
ALTER TABLE "media_source" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "media_source" ADD COLUMN "updated_by" text;--> statement-breakpoint
ALTER TABLE "media_source_run" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "media_source_run" ADD COLUMN "updated_by" text;--> statement-breakpoint
ALTER TABLE "permission" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "permission" ADD COLUMN "updated_by" text;--> statement-breakpoint
ALTER TABLE "role" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "role" ADD COLUMN "updated_by" text;--> statement-breakpoint
ALTER TABLE "scraping_report" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "scraping_report" ADD COLUMN "updated_by" text;--> statement-breakpoint
ALTER TABLE "storage" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "storage" ADD COLUMN "updated_by" text;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "updated_by" text;--> statement-breakpoint
CREATE INDEX "presence_last_seen_idx" ON "presence" USING btree ("last_seen");