-- A confirmation in steps keeps each step's undo in its own row instead of appending it to import_batches.undo, which
-- every step rewrote whole. A batch left applying by a stop before this migration keeps its undo where it is: the
-- take-back reads both.
CREATE TABLE "import_batch_undo_steps" (
	"batch_id" integer NOT NULL,
	"step" integer NOT NULL,
	"undo" jsonb NOT NULL,
	CONSTRAINT "import_batch_undo_steps_batch_id_step_pk" PRIMARY KEY("batch_id","step")
);
--> statement-breakpoint
ALTER TABLE "import_batch_undo_steps" ADD CONSTRAINT "import_batch_undo_steps_batch_id_import_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."import_batches"("id") ON DELETE cascade ON UPDATE no action;