import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

export type PlatformUrls = { picturePath?: string }[];
export type ApplicationUrls = {
  picturePath?: string;
  dmgLink?: string;
  exeLink?: string;
  playStore?: string;
  appStore?: string;
  urlScheme?: string;
  urlClean?: string;
  urlOpen?: string;
  urlLine?: string;
};

export const platforms = pgTable('platforms', {
  id: text('id').primaryKey(),
  name: text('name').notNull().unique(),
  order: integer('order').notNull().default(0),
  forExport: boolean('for_export').notNull().default(false),
  exportFile: text('export_file'),
  exportType: text('export_type').notNull().default('CSV'),
  urlSchemeLoginRequired: boolean('url_scheme_login_required').notNull().default(false),
  urlSchemePwdRequired: boolean('url_scheme_pwd_required').notNull().default(false),
  urlSchemeCodeYesNo: boolean('url_scheme_code_yes_no').notNull().default(false),
  urlSchemeCodeRequired: boolean('url_scheme_code_required').notNull().default(false),
  platformCodeYesNo: boolean('platform_code_yes_no').notNull().default(false),
  platformCodeRequired: boolean('platform_code_required').notNull().default(false),
  commonCode: text('common_code'),
  urls: jsonb('urls').$type<PlatformUrls>().notNull().default([]),
});

export const applications = pgTable(
  'applications',
  {
    id: serial('id').primaryKey(),
    platformId: text('platform_id')
      .notNull()
      .references(() => platforms.id),
    name: text('name').notNull().unique(),
    order: integer('order').notNull().default(0),
    urls: jsonb('urls').$type<ApplicationUrls>().notNull().default({}),
    showTokenStatus: boolean('show_token_status').notNull().default(false),
    applicationCodeYesNo: boolean('application_code_yes_no').notNull().default(false),
    applicationCodeRequired: boolean('application_code_required').notNull().default(false),
    commonCode: text('common_code'),
    connectDiffPassword: boolean('connect_diff_password').notNull().default(false),
    /** Signs in through the school's CAS rather than its own credentials. */
    worksWithCas: boolean('works_with_cas').notNull().default(false),
  },
  (table) => [index('applications_platform_idx').on(table.platformId)],
);

/** A user's access to an application: status 1 enabled, 0 disabled; credentials encrypted. */
export const userApplications = pgTable(
  'user_applications',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    status: smallint('status').notNull().default(1),
    login: text('login'),
    passwordEncrypted: text('password_encrypted'),
    keys: text('keys'),
    /** The publisher's last word on this access: 'OK' when the token is valid, else its error; null when never checked. */
    validToken: text('valid_token'),
    tokenCheckedAt: timestamp('token_checked_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.applicationId] }),
    index('user_applications_application_idx').on(table.applicationId),
    // Covers "users per application" (index-only scan of enabled accesses).
    index('user_applications_status_idx').on(table.status, table.applicationId),
    // The token error report reads only the accesses a publisher refused.
    index('user_applications_token_error_idx')
      .on(table.applicationId)
      .where(sql`${table.validToken} is not null and ${table.validToken} <> 'OK'`),
  ],
);
