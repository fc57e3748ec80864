-- Issue 36 §3 (ADR 053): partners' webhooks and their deliveries. A delivery is one event for one
-- webhook, kept with the exact body that was signed; the scheduler claims due ones with FOR UPDATE
-- SKIP LOCKED (its next_attempt_at is the lease), so each attempt runs on one instance.
CREATE TABLE IF NOT EXISTS "webhook" (
  "_id" text PRIMARY KEY NOT NULL,
  "url" text NOT NULL,
  "events" text[] DEFAULT '{}'::text[] NOT NULL,
  "secret" text NOT NULL,
  "active" boolean DEFAULT true NOT NULL,
  "description" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  "version" integer DEFAULT 1 NOT NULL,
  "updated_by" text
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "webhook_events_gin_idx" ON "webhook" USING gin ("events");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "webhook_delivery" (
  "_id" text PRIMARY KEY NOT NULL,
  "webhook" text NOT NULL REFERENCES "webhook"("_id") ON DELETE CASCADE,
  "event" text NOT NULL,
  "payload" text NOT NULL,
  "status" text DEFAULT 'pending' NOT NULL,
  "attempts" integer DEFAULT 0 NOT NULL,
  "response_status" integer,
  "error" text,
  "next_attempt_at" timestamp with time zone,
  "last_attempt_at" timestamp with time zone,
  "delivered_at" timestamp with time zone,
  "redelivery_of" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "webhook_delivery_status_check" CHECK ("status" IN ('pending', 'delivering', 'delivered', 'failed'))
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "webhook_delivery_due_idx" ON "webhook_delivery" ("next_attempt_at") WHERE "status" IN ('pending', 'delivering');--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "webhook_delivery_webhook_created_idx" ON "webhook_delivery" ("webhook", "created_at" DESC);
