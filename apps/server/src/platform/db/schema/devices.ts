import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** A device a user's app registered: shown on the user page, target of push notifications. */
export const devices = pgTable(
  'devices',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    model: text('model').notNull(),
    operatingSystem: text('operating_system').notNull(),
    /** Free space in MB. */
    availableSpace: integer('available_space'),
    applicationVersion: text('application_version'),
    /** The push notification token of the device. */
    token: text('token'),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('devices_user_idx').on(table.userId)],
);
