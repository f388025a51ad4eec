-- The applications an import gives the new pupils and teachers of a school (its settings' platforms tab).
CREATE TABLE "school_default_applications" (
	"uai" varchar(8) NOT NULL,
	"profile_id" smallint NOT NULL,
	"application_id" integer NOT NULL,
	CONSTRAINT "school_default_applications_uai_profile_id_application_id_pk" PRIMARY KEY("uai","profile_id","application_id")
);
--> statement-breakpoint
ALTER TABLE "school_default_applications" ADD CONSTRAINT "school_default_applications_uai_schools_uai_fk" FOREIGN KEY ("uai") REFERENCES "public"."schools"("uai") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_default_applications" ADD CONSTRAINT "school_default_applications_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "school_default_applications_application_idx" ON "school_default_applications" USING btree ("application_id");