-- The public reason of a withdrawal (issue 33 §4, ADR 048): the tombstone of an unpublished item
-- shows the reason given with the unpublish, kept apart from `status_reason` (the reason of the
-- last status change, internal: a later send-back's reason must never reach the tombstone).
-- And who submitted an item in review (issue 33 §1, ADR 048): they may recall it without a reason.
ALTER TABLE "factcheck" ADD COLUMN "withdrawn_reason" text;--> statement-breakpoint
ALTER TABLE "article" ADD COLUMN "withdrawn_reason" text;--> statement-breakpoint
ALTER TABLE "factcheck" ADD COLUMN "submitted_by" text;--> statement-breakpoint
ALTER TABLE "article" ADD COLUMN "submitted_by" text;--> statement-breakpoint
-- Items in review now: the best knowledge of who submitted them is their last editor.
UPDATE "factcheck" SET "submitted_by" = "last_edited_by" WHERE "status" = 'review';--> statement-breakpoint
UPDATE "article" SET "submitted_by" = "last_edited_by" WHERE "status" = 'review';--> statement-breakpoint
-- Items withdrawn before: the reason of their last unpublish, from the audit log.
UPDATE "factcheck" SET "withdrawn_reason" = (
  SELECT "details"->>'reason' FROM "audit_event"
  WHERE "audit_event"."target" = "factcheck"."_id" AND "audit_event"."type" = 'unpublish'
  ORDER BY "audit_event"."created_at" DESC LIMIT 1
) WHERE "withdrawn_at" IS NOT NULL;--> statement-breakpoint
UPDATE "article" SET "withdrawn_reason" = (
  SELECT "details"->>'reason' FROM "audit_event"
  WHERE "audit_event"."target" = "article"."_id" AND "audit_event"."type" = 'unpublish'
  ORDER BY "audit_event"."created_at" DESC LIMIT 1
) WHERE "withdrawn_at" IS NOT NULL;
