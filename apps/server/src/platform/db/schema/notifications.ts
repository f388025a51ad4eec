import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** A notification's subject filter and targets as written (`parameters`). */
export type NotificationParameters = {
  subject: string[];
  logicalOperator: 'or' | 'and';
  searchOperator: 'contains' | 'startsWith' | 'equals';
  profiles: string[];
  applicationIds: number[];
};

/** What its sending found and did. */
export type NotificationReport = { nbUser: number; nbToken: number; successCount: number; failureCount: number };

/**
 * The push notifications written in the notifications view (spec 3 §2.5; features/notifications/README.md),
 * with their filters and, once sent, their report.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    link: text('link'),
    /** Who wrote it, as they were (no key: a notification outlives its author's account). */
    createdById: integer('created_by_id'),
    creatorFirstname: text('creator_firstname').notNull(),
    creatorLastname: text('creator_lastname').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** For every school (an Administrateur's choice), rather than those of `uais`. */
    allSchools: boolean('all_schools').notNull().default(false),
    /** The schools it is for: those named, or every school its author reached when they chose them all. */
    uais: text('uais')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    parameters: jsonb('parameters').$type<NotificationParameters>().notNull(),
    report: jsonb('report').$type<NotificationReport>(),
  },
  (table) => [
    index('notifications_created_at_idx').on(table.createdAt),
    index('notifications_created_by_idx').on(table.createdById),
  ],
);
