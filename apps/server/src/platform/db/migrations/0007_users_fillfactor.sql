-- Leaves a fifth of each page of users free, so that an update touching no indexed column (a bulk
-- change of comment, class, subject or level on thousands of users, the edit stamps) stays on its
-- page as a heap-only tuple and writes none of the table's nine indexes. Applies to the pages
-- written from now on; `VACUUM FULL users` rewrites the existing ones (docs/deploy.md).
ALTER TABLE "users" SET (fillfactor = 80);
