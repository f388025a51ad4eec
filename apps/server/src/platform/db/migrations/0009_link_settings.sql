CREATE TABLE "link_settings" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" text
);
