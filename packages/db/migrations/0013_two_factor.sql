-- Issue 34: second factors (ADR 042). A role can require one; TOTP secrets are stored sealed with a
-- key derived from APP_SECRET; recovery codes and challenge tokens only as keyed hashes.
ALTER TABLE "role" ADD COLUMN IF NOT EXISTS "requires_second_factor" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "two_factor_totp" (
	"user" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"enabled_at" timestamp with time zone,
	"last_step" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "two_factor_recovery_code" (
	"_id" text PRIMARY KEY NOT NULL,
	"user" text NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "two_factor_recovery_code_user_idx" ON "two_factor_recovery_code" USING btree ("user");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "webauthn_credential" (
	"_id" text PRIMARY KEY NOT NULL,
	"user" text NOT NULL,
	"public_key" text NOT NULL,
	"counter" bigint DEFAULT 0 NOT NULL,
	"transports" text[] DEFAULT '{}'::text[] NOT NULL,
	"device_type" text,
	"backed_up" boolean DEFAULT false NOT NULL,
	"name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "webauthn_credential_user_idx" ON "webauthn_credential" USING btree ("user");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "two_factor_challenge" (
	"_id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"user" text,
	"token_hash" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "two_factor_challenge_token_key" ON "two_factor_challenge" USING btree ("token_hash");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "two_factor_challenge_expires_idx" ON "two_factor_challenge" USING btree ("expires_at");
