CREATE TABLE "correction" (
	"_id" text PRIMARY KEY NOT NULL,
	"item" text NOT NULL,
	"item_type" text NOT NULL,
	"language" text DEFAULT 'ar' NOT NULL,
	"type" text NOT NULL,
	"note" text NOT NULL,
	"from_category" text,
	"to_category" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "correction_item_type_check" CHECK ("item_type" in ('factcheck', 'article')),
	CONSTRAINT "correction_type_check" CHECK ("type" in ('correction', 'clarification', 'rating-change', 'update')),
	CONSTRAINT "correction_language_check" CHECK ("language" in ('ar', 'en', 'tr'))
);
--> statement-breakpoint
CREATE INDEX "correction_item_created_at_idx" ON "correction" USING btree ("item","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "correction_language_created_at_idx" ON "correction" USING btree ("language","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "correction_created_at_idx" ON "correction" USING btree ("created_at" DESC NULLS FIRST);
