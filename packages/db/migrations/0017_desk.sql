-- The desk (issue 35 §1–3, ADR 051): assignment and due time on feed items, fact-checks and
-- articles; notes on drafts; notifications and each user's mail settings for them.
ALTER TABLE "factcheck" ADD COLUMN "assignee" text;--> statement-breakpoint
ALTER TABLE "factcheck" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "article" ADD COLUMN "assignee" text;--> statement-breakpoint
ALTER TABLE "article" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "feed" ADD COLUMN "assignee" text;--> statement-breakpoint
ALTER TABLE "feed" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "factcheck_assignee_idx" ON "factcheck" USING btree ("assignee","updated_at" DESC NULLS FIRST) WHERE "assignee" is not null;--> statement-breakpoint
CREATE INDEX "factcheck_due_at_idx" ON "factcheck" USING btree ("due_at") WHERE "due_at" is not null;--> statement-breakpoint
CREATE INDEX "article_assignee_idx" ON "article" USING btree ("assignee","updated_at" DESC NULLS FIRST) WHERE "assignee" is not null;--> statement-breakpoint
CREATE INDEX "article_due_at_idx" ON "article" USING btree ("due_at") WHERE "due_at" is not null;--> statement-breakpoint
CREATE INDEX "feed_assignee_idx" ON "feed" USING btree ("assignee","updated_at" DESC NULLS FIRST) WHERE "assignee" is not null;--> statement-breakpoint
CREATE INDEX "feed_due_at_idx" ON "feed" USING btree ("due_at") WHERE "due_at" is not null;--> statement-breakpoint
CREATE TABLE "note" (
	"_id" text PRIMARY KEY NOT NULL,
	"item" text NOT NULL,
	"item_type" text NOT NULL,
	"field" text,
	"body" text NOT NULL,
	"mentions" text[] DEFAULT '{}'::text[] NOT NULL,
	"parent" text,
	"resolved" boolean DEFAULT false NOT NULL,
	"resolved_by" text,
	"resolved_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "note_item_type_check" CHECK ("item_type" in ('factcheck', 'article'))
);
--> statement-breakpoint
CREATE INDEX "note_item_created_at_idx" ON "note" USING btree ("item_type","item","created_at");--> statement-breakpoint
CREATE INDEX "note_parent_idx" ON "note" USING btree ("parent");--> statement-breakpoint
CREATE TABLE "notification" (
	"_id" text PRIMARY KEY NOT NULL,
	"recipient" text NOT NULL,
	"kind" text NOT NULL,
	"item" text,
	"item_type" text,
	"actor" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"read" boolean DEFAULT false NOT NULL,
	"mail" text DEFAULT 'none' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_mail_check" CHECK ("mail" in ('none', 'digest', 'sent'))
);
--> statement-breakpoint
CREATE INDEX "notification_recipient_created_at_idx" ON "notification" USING btree ("recipient","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notification_unread_idx" ON "notification" USING btree ("recipient") WHERE not "read";--> statement-breakpoint
CREATE INDEX "notification_digest_idx" ON "notification" USING btree ("recipient","created_at") WHERE "mail" = 'digest';--> statement-breakpoint
CREATE TABLE "notification_setting" (
	"user" text PRIMARY KEY NOT NULL,
	"email" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"digest_sent_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
