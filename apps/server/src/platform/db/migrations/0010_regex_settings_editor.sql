ALTER TABLE "regex_settings" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "regex_settings" ADD COLUMN "updated_by" text;