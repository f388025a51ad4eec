-- The zips schools sent to their Apple School Manager server (spec 2 §2.12), the archive kept for the latest ones
-- (base64, not compressed again: a zip is compressed already).
CREATE TABLE "asm_pushes" (
	"id" serial PRIMARY KEY NOT NULL,
	"uai" varchar(8) NOT NULL,
	"filename" text NOT NULL,
	"pushed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"pushed_by_id" integer,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"archive" text
);
--> statement-breakpoint
ALTER TABLE "asm_pushes" ADD CONSTRAINT "asm_pushes_uai_schools_uai_fk" FOREIGN KEY ("uai") REFERENCES "public"."schools"("uai") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asm_pushes" ADD CONSTRAINT "asm_pushes_pushed_by_id_users_id_fk" FOREIGN KEY ("pushed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "asm_pushes_uai_idx" ON "asm_pushes" USING btree ("uai","pushed_at");--> statement-breakpoint
ALTER TABLE "asm_pushes" ALTER COLUMN "archive" SET STORAGE EXTERNAL;
