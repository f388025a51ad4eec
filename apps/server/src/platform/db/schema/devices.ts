import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * A device a user's app registered (`POST /devices`): shown on the user page, target of push
 * notifications. One row per installation of the app; one device per push token.
 */
export const devices = pgTable(
  'devices',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The app's installation, as it names it: the same device registering again is refreshed. Null for devices from before registration. */
    installationId: text('installation_id'),
    model: text('model').notNull(),
    operatingSystem: text('operating_system').notNull(),
    /** Free space in MB. */
    availableSpace: integer('available_space'),
    applicationVersion: text('application_version'),
    /** The push notification token of the device. */
    token: text('token'),
    /** The push service the token belongs to ('fcm', 'expo', 'webpush'); set with the token. */
    provider: text('provider'),
    /** When a push service said the token is no longer valid: never targeted again until the app registers a token. */
    deadAt: timestamp('dead_at', { withTimezone: true }),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('devices_user_idx').on(table.userId),
    uniqueIndex('devices_installation_unique')
      .on(table.installationId)
      .where(sql`${table.installationId} is not null`),
    uniqueIndex('devices_token_unique')
      .on(table.token)
      .where(sql`${table.token} is not null`),
    // The audience's live tokens, by user, without reading the rows.
    index('devices_live_token_idx')
      .on(table.userId)
      .where(sql`${table.token} is not null and ${table.deadAt} is null`),
    check('devices_token_provider', sql`(${table.token} is null) = (${table.provider} is null)`),
  ],
);
