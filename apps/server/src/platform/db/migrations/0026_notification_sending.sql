-- Sending notifications: their status, lease and cursor (a send resumes after a stop), and the embedded push service's outbox.
CREATE TABLE "push_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"token" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "status" text DEFAULT 'draft' NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "attempt" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "cursor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "claimed_to" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "push_outbox_created_at_idx" ON "push_outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "notifications_sending_idx" ON "notifications" USING btree ("id") WHERE "notifications"."status" = 'sending';