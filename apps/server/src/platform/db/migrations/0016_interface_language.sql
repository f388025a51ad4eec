-- The interface language a user chose, kept with the account (issue 34): null until chosen; a nullable column
-- without a default, so adding it rewrites no row.
ALTER TABLE "users" ADD COLUMN "language" text;
