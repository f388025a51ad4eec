-- The document manager: documents, the schools each is for, and the upload tickets not yet registered.
CREATE TABLE "document_schools" (
	"document_id" integer NOT NULL,
	"uai" varchar(8) NOT NULL,
	CONSTRAINT "document_schools_document_id_uai_pk" PRIMARY KEY("document_id","uai")
);
--> statement-breakpoint
CREATE TABLE "document_uploads" (
	"key" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"size" bigint NOT NULL,
	"type" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"size" bigint NOT NULL,
	"uploaded_by_id" integer,
	"uploader_firstname" text NOT NULL,
	"uploader_lastname" text NOT NULL,
	"uploader_profile" text NOT NULL,
	"all_schools" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "documents_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "document_schools" ADD CONSTRAINT "document_schools_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_schools" ADD CONSTRAINT "document_schools_uai_schools_uai_fk" FOREIGN KEY ("uai") REFERENCES "public"."schools"("uai") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_uploads" ADD CONSTRAINT "document_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_schools_uai_idx" ON "document_schools" USING btree ("uai");--> statement-breakpoint
CREATE INDEX "document_uploads_expires_idx" ON "document_uploads" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "documents_uploaded_by_idx" ON "documents" USING btree ("uploaded_by_id");