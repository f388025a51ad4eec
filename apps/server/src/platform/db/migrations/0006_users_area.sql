CREATE TABLE "devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"model" text NOT NULL,
	"operating_system" text NOT NULL,
	"available_space" integer,
	"application_version" text,
	"token" text,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bulk_undo_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"actor_id" integer NOT NULL,
	"uai" varchar(8),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"payload" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deleted_users" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"uai" varchar(8),
	"login" text NOT NULL,
	"firstname" text NOT NULL,
	"lastname" text NOT NULL,
	"profile_id" integer NOT NULL,
	"level" text,
	"class_name" text,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_by" text,
	"snapshot" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "email_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "works_with_cas" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "devices_user_idx" ON "devices" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "bulk_undo_entries_expires_idx" ON "bulk_undo_entries" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "deleted_users_uai_idx" ON "deleted_users" USING btree ("uai","deleted_at");--> statement-breakpoint
CREATE INDEX "deleted_users_deleted_at_idx" ON "deleted_users" USING btree ("deleted_at");