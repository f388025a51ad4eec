import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { schools } from './schools.js';

export const profiles = pgTable('profiles', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
});

/** One row per profile and area: the rights map the session user carries. */
export const profileRights = pgTable(
  'profile_rights',
  {
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    area: text('area').notNull(),
    lecture: smallint('lecture').notNull().default(0),
    ecriture: smallint('ecriture').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.profileId, table.area] })],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    uai: varchar('uai', { length: 8 }).references(() => schools.uai),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    login: text('login').notNull(),
    /** argon2id hash, for accounts whose password is never shown again (staff). */
    passwordHash: text('password_hash'),
    /** AES-256-GCM ciphertext, for passwords the product prints or mails (pupils, teachers). */
    passwordEncrypted: text('password_encrypted'),
    level: text('level'),
    className: text('class_name'),
    subject: text('subject'),
    email: text('email'),
    tabletNumber: varchar('tablet_number', { length: 12 }),
    comment: text('comment'),
    adminMode: smallint('admin_mode').notNull().default(0),
    disabled: boolean('disabled').notNull().default(false),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    locked: boolean('locked').notNull().default(false),
    failedLogins: integer('failed_logins').notNull().default(0),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    importNumber: integer('import_number'),
    /** Opaque, random, revocable sign-in link token (the iduser parameter). */
    linkToken: text('link_token').notNull(),
    /** The interface language the user chose ('fr', 'en'), kept for their next sign-in anywhere; null until chosen. */
    language: text('language'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: text('created_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
    updatedBy: text('updated_by'),
  },
  (table) => [
    uniqueIndex('users_login_unique').on(sql`lower(${table.login})`),
    uniqueIndex('users_link_token_unique').on(table.linkToken),
    index('users_uai_idx').on(table.uai),
    index('users_uai_profile_idx').on(table.uai, table.profileId),
    // The highest import number in one index lookup: a new import's number follows it (imports/imports.repository.ts).
    index('users_import_number_idx').on(table.importNumber),
    // Covers the statistics aggregate (index-only scan instead of reading the wide rows).
    index('users_stats_idx').on(table.profileId, table.adminMode, table.lastLoginAt),
    // A notification's audience over every school: the enabled users in id order with what the
    // filters read, an index-only scan merged with the devices' live tokens (features/notifications).
    index('users_audience_idx')
      .on(table.id, table.uai, table.profileId)
      .where(sql`not ${table.disabled}`),
  ],
);

/** The schools a Gestionnaire manages. */
export const managerSchools = pgTable(
  'manager_schools',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    uai: varchar('uai', { length: 8 })
      .notNull()
      .references(() => schools.uai, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.uai] }), index('manager_schools_uai_idx').on(table.uai)],
);

export const options = pgTable(
  'options',
  {
    id: serial('id').primaryKey(),
    uai: varchar('uai', { length: 8 })
      .notNull()
      .references(() => schools.uai, { onDelete: 'cascade' }),
    name: text('name').notNull(),
  },
  (table) => [uniqueIndex('options_uai_name_unique').on(table.uai, table.name)],
);

export const userOptions = pgTable(
  'user_options',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    optionId: integer('option_id')
      .notNull()
      .references(() => options.id, { onDelete: 'cascade' }),
    ordre: integer('ordre').notNull().default(1),
  },
  (table) => [primaryKey({ columns: [table.userId, table.optionId] }), index('user_options_option_idx').on(table.optionId)],
);
