CREATE TABLE "regex_settings" (
	"field_name" text PRIMARY KEY NOT NULL,
	"regex_structure" text DEFAULT '' NOT NULL,
	"regex_special" text DEFAULT '' NOT NULL,
	"regex_conversion" text DEFAULT 'MIN' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_applications" ADD COLUMN "valid_token" text;--> statement-breakpoint
ALTER TABLE "user_applications" ADD COLUMN "token_checked_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "users_uai_profile_idx" ON "users" USING btree ("uai","profile_id");