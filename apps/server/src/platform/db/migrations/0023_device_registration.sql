-- Devices registered by installation, one device per push token (the newest keeps a shared one), its service, dead tokens.
ALTER TABLE "devices" ADD COLUMN "installation_id" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "dead_at" timestamp with time zone;--> statement-breakpoint
UPDATE "devices" d SET "token" = NULL WHERE "token" IS NOT NULL AND EXISTS (SELECT 1 FROM "devices" o WHERE o."token" = d."token" AND o."id" > d."id");--> statement-breakpoint
UPDATE "devices" SET "provider" = 'fcm' WHERE "token" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "devices_installation_unique" ON "devices" USING btree ("installation_id") WHERE "devices"."installation_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "devices_token_unique" ON "devices" USING btree ("token") WHERE "devices"."token" is not null;--> statement-breakpoint
CREATE INDEX "devices_live_token_idx" ON "devices" USING btree ("user_id") WHERE "devices"."token" is not null and "devices"."dead_at" is null;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_token_provider" CHECK (("devices"."token" is null) = ("devices"."provider" is null));