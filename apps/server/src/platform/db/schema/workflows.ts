import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { schools } from './schools.js';
import { users } from './users.js';

/**
 * The items of the deployment workflow. Level 1: the 13 global steps (no school, no parent),
 * seeded at every start in order. Level 2: a school's sub-steps under one of those steps.
 * Sub-step labels are unique per parent only case-insensitively and only after a whole PUT is
 * applied, which no index can express: the service checks them under a lock on the school row.
 */
export const workflowItems = pgTable(
  'workflow_items',
  {
    id: serial('id').primaryKey(),
    uai: varchar('uai', { length: 8 }).references(() => schools.uai, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => workflowItems.id, { onDelete: 'cascade' }),
    level: smallint('level').notNull(),
    label: text('label').notNull(),
    orderInLevel: integer('order_in_level').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The seed's upsert target: one global step per label.
    uniqueIndex('workflow_items_step_label_unique')
      .on(table.label)
      .where(sql`level = 1`),
    // A school's sub-steps, read per school and per set of schools.
    index('workflow_items_uai_parent_idx').on(table.uai, table.parentId, table.orderInLevel),
    check(
      'workflow_items_level_check',
      sql`(level = 1 and uai is null and parent_id is null) or (level = 2 and uai is not null and parent_id is not null)`,
    ),
  ],
);

/** A school's state of one item (step or sub-step): at most one per (school, item). */
export const workflowEvents = pgTable(
  'workflow_events',
  {
    id: serial('id').primaryKey(),
    uai: varchar('uai', { length: 8 })
      .notNull()
      .references(() => schools.uai, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => workflowItems.id, { onDelete: 'cascade' }),
    /** 1 done, 2 to do, 5 not needed (0, in progress, is only ever displayed). */
    statusId: smallint('status_id').notNull(),
    comment: text('comment'),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
    modifiedById: integer('modified_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** The author's name when the change was made, kept when the account goes. */
    modifiedBy: text('modified_by'),
  },
  (table) => [
    // Also serves the per-school reads (leading uai).
    uniqueIndex('workflow_events_uai_item_unique').on(table.uai, table.itemId),
    index('workflow_events_item_idx').on(table.itemId),
    index('workflow_events_modified_by_idx').on(table.modifiedById),
    check('workflow_events_status_check', sql`status_id in (1, 2, 5)`),
  ],
);

/** The quote status per school, kept here when the database is the quote source (no Dolibarr). */
export const workflowQuotes = pgTable(
  'workflow_quotes',
  {
    uai: varchar('uai', { length: 8 })
      .primaryKey()
      .references(() => schools.uai, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
    modifiedById: integer('modified_by_id').references(() => users.id, { onDelete: 'set null' }),
    modifiedBy: text('modified_by'),
  },
  (table) => [
    index('workflow_quotes_modified_by_idx').on(table.modifiedById),
    check('workflow_quotes_status_check', sql`status in ('none', 'pending', 'signed', 'refused')`),
  ],
);
