-- A school's contact card (spec 2 §2.14): its phone, website and logo's address on schools (constant defaults,
-- so adding them rewrites no row), and the people it lists (school_contacts, in position order, gone with the school).
CREATE TABLE "school_contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"uai" varchar(8) NOT NULL,
	"position" integer NOT NULL,
	"firstname" text NOT NULL,
	"lastname" text NOT NULL,
	"poste" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone_pro" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "website" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "logo_path" text;--> statement-breakpoint
ALTER TABLE "school_contacts" ADD CONSTRAINT "school_contacts_uai_schools_uai_fk" FOREIGN KEY ("uai") REFERENCES "public"."schools"("uai") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "school_contacts_uai_idx" ON "school_contacts" USING btree ("uai");