-- The worker holding a notification's send (features/notifications): one that lost its lease writes nothing more.
ALTER TABLE "notifications" ADD COLUMN "lease_owner" text;