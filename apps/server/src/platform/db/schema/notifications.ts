import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

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
    /** The users chosen one by one (the bulk menu's notification), rather than the filters' audience; null for filters. */
    userIds: integer('user_ids').array(),
    report: jsonb('report').$type<NotificationReport>(),
    /** 'draft' (written), 'sending', 'sent' or 'failed' (features/notifications/README.md, "Sending"). */
    status: text('status').notNull().default('draft'),
    /** How many times a worker took up its send: each taking up is a job of its own. */
    attempt: integer('attempt').notNull().default(0),
    /** Until when the worker sending it holds it; another may take it up after (it stopped, or its instance did). */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** The mark of the worker holding the lease: a worker that lost it (it ran out) writes nothing more. */
    leaseOwner: text('lease_owner'),
    /** The last device id of the batches handed to the push service and recorded. */
    cursor: integer('cursor').notNull().default(0),
    /** The last device id of the batch being handed over: beyond `cursor` after a stop, that batch is in doubt and never sent again. */
    claimedTo: integer('claimed_to').notNull().default(0),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('notifications_created_at_idx').on(table.createdAt),
    index('notifications_created_by_idx').on(table.createdById),
    index('notifications_sending_idx')
      .on(table.id)
      .where(sql`${table.status} = 'sending'`),
  ],
);

/**
 * The embedded push service's deliveries (adapters/push): what a real one would have been handed,
 * kept in the database so that a console without push credentials shows what it sent.
 */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    token: text('token').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** The message's data: the notification's id and link. */
    data: jsonb('data').$type<Record<string, string>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('push_outbox_created_at_idx').on(table.createdAt)],
);

/**
 * The messages a push service accepted and answers for later (Expo's receipts): asked from
 * `check_after` on, until the service says what became of each or `expires_at` passes
 * (features/notifications/README.md, "Receipts").
 */
export const pushReceipts = pgTable(
  'push_receipts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    notificationId: integer('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** The token it went to: a receipt saying the device is gone marks this token dead. */
    token: text('token').notNull(),
    /** The service's receipt id (Expo's ticket id). */
    receipt: text('receipt').notNull(),
    /** When the message was handed over: a device that registered since is not marked dead by its receipt. */
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    /** When to ask next: a while after sending, then again while the receipt is not ready. */
    checkAfter: timestamp('check_after', { withTimezone: true }).notNull(),
    /** Past it the service keeps no receipt: the row is dropped unanswered. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('push_receipts_check_after_idx').on(table.checkAfter)],
);
