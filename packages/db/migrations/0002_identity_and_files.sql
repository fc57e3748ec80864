CREATE TABLE "audit_event" (
	"_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"actor" text,
	"impersonator" text,
	"target" text,
	"target_type" text,
	"ip" text,
	"user_agent" text,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device" (
	"_id" text PRIMARY KEY NOT NULL,
	"user" text NOT NULL,
	"info" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_seen" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "permission" (
	"_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"path" text NOT NULL,
	"fallback_authorization" text,
	"actions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"rule_source" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_bucket" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_token" (
	"_id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user" text NOT NULL,
	"family" text NOT NULL,
	"device" text,
	"impersonator" text,
	"session_only" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role" (
	"_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "storage" (
	"_id" text PRIMARY KEY NOT NULL,
	"fieldname" text,
	"originalname" text NOT NULL,
	"filename" text NOT NULL,
	"size" bigint DEFAULT 0 NOT NULL,
	"encoding" text,
	"mimetype" text,
	"destination" text NOT NULL,
	"path" text NOT NULL,
	"date" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text,
	"user" text,
	"meta" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user" (
	"_id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"username" text NOT NULL,
	"phone" text,
	"password_hash" text,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"last_login" timestamp with time zone,
	"disabled" boolean DEFAULT false NOT NULL,
	"emv" boolean DEFAULT false NOT NULL,
	"phv" boolean DEFAULT false NOT NULL,
	"force_change_pwd" boolean DEFAULT false NOT NULL,
	"picture" text,
	"failed_logins" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_code" (
	"_id" text PRIMARY KEY NOT NULL,
	"user" text,
	"kind" text NOT NULL,
	"target" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_event_created_at_idx" ON "audit_event" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_event_type_idx" ON "audit_event" USING btree ("type","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_event_actor_idx" ON "audit_event" USING btree ("actor");--> statement-breakpoint
CREATE INDEX "audit_event_target_idx" ON "audit_event" USING btree ("target");--> statement-breakpoint
CREATE INDEX "device_user_idx" ON "device" USING btree ("user");--> statement-breakpoint
CREATE UNIQUE INDEX "permission_path_key" ON "permission" USING btree ("path");--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_token_hash_key" ON "refresh_token" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "refresh_token_family_idx" ON "refresh_token" USING btree ("family");--> statement-breakpoint
CREATE INDEX "refresh_token_user_idx" ON "refresh_token" USING btree ("user");--> statement-breakpoint
CREATE UNIQUE INDEX "storage_path_key" ON "storage" USING btree ("path");--> statement-breakpoint
CREATE INDEX "storage_destination_idx" ON "storage" USING btree ("destination" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "storage_date_idx" ON "storage" USING btree ("date" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "user_email_key" ON "user" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "user_username_key" ON "user" USING btree ("username");--> statement-breakpoint
CREATE UNIQUE INDEX "user_phone_key" ON "user" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "user_roles_gin_idx" ON "user" USING gin ("roles");--> statement-breakpoint
CREATE INDEX "verification_code_target_idx" ON "verification_code" USING btree ("kind","target");