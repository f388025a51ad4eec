-- Push notifications written in the notifications view: filters, texts, author, and the report once sent.
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"link" text,
	"created_by_id" integer,
	"creator_firstname" text NOT NULL,
	"creator_lastname" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"all_schools" boolean DEFAULT false NOT NULL,
	"uais" text[] DEFAULT '{}'::text[] NOT NULL,
	"parameters" jsonb NOT NULL,
	"report" jsonb
);
--> statement-breakpoint
CREATE INDEX "notifications_created_at_idx" ON "notifications" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "notifications_created_by_idx" ON "notifications" USING btree ("created_by_id");