import { index, integer, pgTable, primaryKey, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { schools } from './schools.js';
import { users } from './users.js';

/**
 * The print log (issue 17, beyond the spec): who printed which sheets, of which school, when, in
 * which language and mode, and for how many users. Kept apart from the audit log so that a user's
 * page finds its prints by an index.
 */
export const sheetPrints = pgTable(
  'sheet_prints',
  {
    id: serial('id').primaryKey(),
    uai: varchar('uai', { length: 8 })
      .notNull()
      .references(() => schools.uai, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    lang: text('lang').notNull(),
    mode: text('mode').notNull(),
    userCount: integer('user_count').notNull(),
    /** The author's id as it was (no key: a log outlives its authors), and their name. */
    printedById: integer('printed_by_id'),
    printedBy: text('printed_by').notNull(),
    printedAt: timestamp('printed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sheet_prints_uai_idx').on(table.uai, table.printedAt)],
);

/** The users of one print, by user first: a user's page reads its prints by this key. Gone with the user. */
export const sheetPrintUsers = pgTable(
  'sheet_print_users',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    printId: integer('print_id')
      .notNull()
      .references(() => sheetPrints.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.printId] }), index('sheet_print_users_print_idx').on(table.printId)],
);
