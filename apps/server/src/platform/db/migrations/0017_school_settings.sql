-- A school's own settings (spec 2 §2.10, §3): its settings of each catalogue platform (school_platforms),
-- and the MDMs and material types its deployment is chosen among, seeded below as product reference data.
CREATE TABLE "material_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"image" text,
	CONSTRAINT "material_types_label_unique" UNIQUE("label")
);
--> statement-breakpoint
CREATE TABLE "mdms" (
	"id" serial PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"image" text,
	CONSTRAINT "mdms_label_unique" UNIQUE("label")
);
--> statement-breakpoint
CREATE TABLE "school_platforms" (
	"uai" varchar(8) NOT NULL,
	"platform_id" text NOT NULL,
	"url_scheme_code_yes_no" boolean DEFAULT false NOT NULL,
	"code_yes_no" boolean DEFAULT false NOT NULL,
	"code_required" boolean DEFAULT false NOT NULL,
	"common_code_yes_no" boolean DEFAULT false NOT NULL,
	"common_code_required" boolean DEFAULT false NOT NULL,
	"connect_diff_password" boolean DEFAULT false NOT NULL,
	"common_code" text DEFAULT '' NOT NULL,
	CONSTRAINT "school_platforms_uai_platform_id_pk" PRIMARY KEY("uai","platform_id")
);
--> statement-breakpoint
ALTER TABLE "school_platforms" ADD CONSTRAINT "school_platforms_uai_schools_uai_fk" FOREIGN KEY ("uai") REFERENCES "public"."schools"("uai") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_platforms" ADD CONSTRAINT "school_platforms_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "mdms" ("label") VALUES ('Jamf School'), ('Microsoft Intune'), ('Mosyle Manager'), ('Apple Business Essentials'), ('Workspace ONE');--> statement-breakpoint
INSERT INTO "material_types" ("label") VALUES ('iPad'), ('Tablette Android'), ('Chromebook'), ('Ordinateur portable Windows'), ('MacBook');
