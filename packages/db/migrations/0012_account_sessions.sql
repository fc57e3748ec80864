-- Issue 34: where each signed-in device was last seen (address and browser as the server saw them),
-- for the sessions list and the new-device alert.
ALTER TABLE "device" ADD COLUMN IF NOT EXISTS "ip" text;
--> statement-breakpoint
ALTER TABLE "device" ADD COLUMN IF NOT EXISTS "user_agent" text;
