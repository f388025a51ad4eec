import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * The bin: a deleted user's whole record (the user row, options, applications, managed schools,
 * devices) kept for 30 days so that a restore brings it all back, then purged. The user's rows
 * are gone from the live tables meanwhile, so no list, search or sign-in ever sees them.
 */
export const deletedUsers = pgTable(
  'deleted_users',
  {
    userId: integer('user_id').primaryKey(),
    uai: varchar('uai', { length: 8 }),
    login: text('login').notNull(),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    profileId: integer('profile_id').notNull(),
    level: text('level'),
    className: text('class_name'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
    deletedBy: text('deleted_by'),
    /** Everything the restore writes back; secrets stay as stored (hashed or encrypted). */
    snapshot: jsonb('snapshot').notNull(),
  },
  (table) => [
    index('deleted_users_uai_idx').on(table.uai, table.deletedAt),
    index('deleted_users_deleted_at_idx').on(table.deletedAt),
    // Whether a login is taken asks the bin too (a binned user keeps theirs until purged), as the
    // users' unique index compares logins: without it each asked login read the whole bin (an
    // import's 5,000 logins against a bin of 20,000 took 24 s on PostgreSQL).
    index('deleted_users_login_idx').on(sql`lower(${table.login})`),
  ],
);

/** The previous values of a bulk change, which its author may put back until `expiresAt`. */
export const bulkUndoEntries = pgTable(
  'bulk_undo_entries',
  {
    /** SHA-256 of the token given to the client. */
    id: text('id').primaryKey(),
    actorId: integer('actor_id').notNull(),
    uai: varchar('uai', { length: 8 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** What to write back, per user: the fields, options or application accesses as they were. */
    payload: jsonb('payload').notNull(),
  },
  (table) => [index('bulk_undo_entries_expires_idx').on(table.expiresAt)],
);
