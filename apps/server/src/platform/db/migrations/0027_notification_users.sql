-- Notifications to users chosen one by one (the bulk menu): their ids.
ALTER TABLE "notifications" ADD COLUMN "user_ids" integer[];