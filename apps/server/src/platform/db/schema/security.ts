import { bigserial, index, integer, jsonb, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** Database-backed sessions, so that several instances share them. `id` is the SHA-256 of the cookie token. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sessions_user_idx').on(table.userId), index('sessions_expires_idx').on(table.expiresAt)],
);

/** Failed sign-ins per client address within a window, shared by all instances. */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every change of data: who, when, what, before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: integer('actor_id'),
    actorLabel: text('actor_label'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    uai: varchar('uai', { length: 8 }),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (table) => [index('audit_log_entity_idx').on(table.entity, table.entityId), index('audit_log_at_idx').on(table.at)],
);

/**
 * Requests that send something outside (mail, PNE), by the caller's Idempotency-Key: a repeat of
 * one is answered from the first instead of sending again. `answerStatus` is null while the first
 * runs, or when it ended without knowing what was sent. Kept a day.
 */
export const idempotentRequests = pgTable(
  'idempotent_requests',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** METHOD and path, and a SHA-256 of the body: the same key with another request is refused. */
    route: text('route').notNull(),
    fingerprint: text('fingerprint').notNull(),
    answerStatus: integer('answer_status'),
    answer: jsonb('answer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.key] }), index('idempotent_requests_created_idx').on(table.createdAt)],
);
