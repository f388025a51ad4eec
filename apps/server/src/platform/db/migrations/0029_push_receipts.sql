-- The messages a push service answers for later (Expo's receipts), asked until it says what became of each.
CREATE TABLE "push_receipts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"notification_id" integer NOT NULL,
	"provider" text NOT NULL,
	"token" text NOT NULL,
	"receipt" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"check_after" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "push_receipts" ADD CONSTRAINT "push_receipts_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_receipts_check_after_idx" ON "push_receipts" USING btree ("check_after");