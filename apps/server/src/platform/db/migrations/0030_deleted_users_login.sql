-- Whether a login is taken asks the bin as the users' unique index compares logins (lower case): this index spares reading the whole bin for each login asked.
CREATE INDEX "deleted_users_login_idx" ON "deleted_users" USING btree (lower("login"));
