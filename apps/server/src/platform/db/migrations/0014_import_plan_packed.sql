-- The plan is stored serialised by V8 and deflated (in base64) instead of as JSON text. A batch verified and not yet
-- confirmed loses its plan: it is cancelled, and its file is to be verified again.
UPDATE "import_batches" SET "status" = 'cancelled', "decided_at" = now() WHERE "status" = 'verified';--> statement-breakpoint
DELETE FROM "import_batch_chunks";--> statement-breakpoint
ALTER TABLE "import_batch_chunks" DROP COLUMN "lines";--> statement-breakpoint
ALTER TABLE "import_batch_chunks" ADD COLUMN "packed" text NOT NULL;--> statement-breakpoint
-- Deflated already: stored out of line as it is, never compressed again.
ALTER TABLE "import_batch_chunks" ALTER COLUMN "packed" SET STORAGE EXTERNAL;
