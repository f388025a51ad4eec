import { boolean, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { applications, platforms } from './catalogue.js';
import { schools } from './schools.js';
import { users } from './users.js';

/**
 * A school's own settings of a catalogue platform (spec 2 §2.10). A school without a row for a
 * platform reads the catalogue platform's defaults; the first change writes its row. Deleting the
 * school or the platform deletes the rows.
 */
export const schoolPlatforms = pgTable(
  'school_platforms',
  {
    uai: varchar('uai', { length: 8 })
      .notNull()
      .references(() => schools.uai, { onDelete: 'cascade' }),
    platformId: text('platform_id')
      .notNull()
      .references(() => platforms.id, { onDelete: 'cascade' }),
    urlSchemeCodeYesNo: boolean('url_scheme_code_yes_no').notNull().default(false),
    codeYesNo: boolean('code_yes_no').notNull().default(false),
    codeRequired: boolean('code_required').notNull().default(false),
    commonCodeYesNo: boolean('common_code_yes_no').notNull().default(false),
    commonCodeRequired: boolean('common_code_required').notNull().default(false),
    connectDiffPassword: boolean('connect_diff_password').notNull().default(false),
    commonCode: text('common_code').notNull().default(''),
  },
  (table) => [primaryKey({ columns: [table.uai, table.platformId] })],
);

/**
 * The applications an import gives the new users of one profile at a school (its settings'
 * platforms tab; features/school-settings/README.md). Gone with the school or the application.
 */
export const schoolDefaultApplications = pgTable(
  'school_default_applications',
  {
    uai: varchar('uai', { length: 8 })
      .notNull()
      .references(() => schools.uai, { onDelete: 'cascade' }),
    profileId: smallint('profile_id').notNull(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.uai, table.profileId, table.applicationId] }),
    index('school_default_applications_application_idx').on(table.applicationId),
  ],
);

/** The MDMs a school's deployment is chosen among (spec 2 §3): product reference data, seeded by migration. */
export const mdms = pgTable('mdms', {
  id: serial('id').primaryKey(),
  label: text('label').notNull().unique(),
  image: text('image'),
});

/** The material types a school's deployment is chosen among (spec 2 §3), seeded like `mdms`. */
export const materialTypes = pgTable('material_types', {
  id: serial('id').primaryKey(),
  label: text('label').notNull().unique(),
  image: text('image'),
});

/**
 * The people a school lists on its contact card (spec 2 §2.14), in `position` order. A change
 * replaces the school's whole list; deleting the school deletes its rows.
 */
export const schoolContacts = pgTable(
  'school_contacts',
  {
    id: serial('id').primaryKey(),
    uai: varchar('uai', { length: 8 })
      .notNull()
      .references(() => schools.uai, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    poste: text('poste').notNull().default(''),
    email: text('email').notNull().default(''),
    phonePro: text('phone_pro').notNull().default(''),
  },
  (table) => [index('school_contacts_uai_idx').on(table.uai)],
);

/**
 * A zip a school sent to its Apple School Manager server (spec 2 §2.12): the tab's history. The
 * archive itself is kept, base64 in `archive` (text: PGlite writes bytea ten times slower, see
 * `importBatchChunks`), for the latest pushes of the school only; older rows keep the name and
 * date with `archive` null. Deleting the school deletes them.
 */
export const asmPushes = pgTable(
  'asm_pushes',
  {
    id: serial('id').primaryKey(),
    uai: varchar('uai', { length: 8 })
      .notNull()
      .references(() => schools.uai, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    pushedAt: timestamp('pushed_at', { withTimezone: true }).notNull().defaultNow(),
    pushedById: integer('pushed_by_id').references(() => users.id, { onDelete: 'set null' }),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    archive: text('archive'),
  },
  (table) => [index('asm_pushes_uai_idx').on(table.uai, table.pushedAt)],
);
