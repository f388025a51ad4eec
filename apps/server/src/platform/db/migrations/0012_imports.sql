CREATE TABLE "import_batch_chunks" (
	"batch_id" integer NOT NULL,
	"chunk" integer NOT NULL,
	"lines" text NOT NULL,
	CONSTRAINT "import_batch_chunks_batch_id_chunk_pk" PRIMARY KEY("batch_id","chunk")
);
--> statement-breakpoint
CREATE TABLE "import_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"uai" varchar(8) NOT NULL,
	"mode" text NOT NULL,
	"status" text DEFAULT 'verified' NOT NULL,
	"created_by_id" integer,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"rolled_back_at" timestamp with time zone,
	"undo" jsonb,
	"counts" jsonb
);
--> statement-breakpoint
CREATE TABLE "teaching_assignments" (
	"user_id" integer NOT NULL,
	"class_name" text NOT NULL,
	"discipline" text NOT NULL,
	"import_number" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teaching_assignments_user_id_class_name_discipline_pk" PRIMARY KEY("user_id","class_name","discipline")
);
--> statement-breakpoint
ALTER TABLE "import_batch_chunks" ADD CONSTRAINT "import_batch_chunks_batch_id_import_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."import_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_batches" ADD CONSTRAINT "import_batches_uai_schools_uai_fk" FOREIGN KEY ("uai") REFERENCES "public"."schools"("uai") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_batches" ADD CONSTRAINT "import_batches_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_assignments" ADD CONSTRAINT "teaching_assignments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_batches_uai_idx" ON "import_batches" USING btree ("uai","created_at");--> statement-breakpoint
CREATE INDEX "users_import_number_idx" ON "users" USING btree ("import_number");