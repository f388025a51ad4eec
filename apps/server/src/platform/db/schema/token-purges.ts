import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { platforms } from './catalogue.js';
import { users } from './users.js';

/**
 * A scheduled token purge (spec 2 §2.8, §3): clears one platform's token statuses for the users of
 * some schools (`uais`, null for all) from `start_at`, every `interval_value` `interval_field`.
 * `next_run_at` is the row's next run by the purge calendar (token-purges/purge-calendar.ts, in
 * TIME_ZONE), kept with it so that the scheduler finds the due tasks by an index; null when
 * disabled or done.
 */
export const tokenPurgeTasks = pgTable(
  'token_purge_tasks',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    platformId: text('platform_id')
      .notNull()
      .references(() => platforms.id),
    uais: jsonb('uais').$type<string[]>(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    intervalField: text('interval_field').notNull(),
    intervalValue: integer('interval_value').notNull().default(1),
    enabled: boolean('enabled').notNull().default(true),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text('updated_by'),
    lastExecution: timestamp('last_execution', { withTimezone: true }),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
  },
  (table) => [
    index('token_purge_tasks_due_idx')
      .on(table.nextRunAt)
      .where(sql`${table.nextRunAt} is not null`),
  ],
);

/**
 * One run of a purge task, by the occurrence it stands for: the primary key is the claim, so that
 * an occurrence runs once whatever the number of instances that find it due.
 */
export const tokenPurgeRuns = pgTable(
  'token_purge_runs',
  {
    taskId: integer('task_id')
      .notNull()
      .references(() => tokenPurgeTasks.id, { onDelete: 'cascade' }),
    occurrence: timestamp('occurrence', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    removed: integer('removed'),
  },
  (table) => [primaryKey({ columns: [table.taskId, table.occurrence] })],
);
