-- Documents assigned to users; an upload ticket outlives its user, so that its file is still swept.
CREATE TABLE "document_users" (
	"document_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "document_users_document_id_user_id_pk" PRIMARY KEY("document_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "document_uploads" DROP CONSTRAINT "document_uploads_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "document_uploads" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "document_users" ADD CONSTRAINT "document_users_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_users" ADD CONSTRAINT "document_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_users_user_idx" ON "document_users" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "document_uploads" ADD CONSTRAINT "document_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;