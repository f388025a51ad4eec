import { boolean, index, integer, pgTable, primaryKey, serial, text, varchar } from 'drizzle-orm/pg-core';
import { platforms } from './catalogue.js';
import { schools } from './schools.js';

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
