import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The global cleaning rules of a name field (firstname, lastname, login): its allowed structure,
 * special characters and case conversion (MIN, MAJ, FIRSTMAJ). Edited in the general settings.
 */
export const regexSettings = pgTable('regex_settings', {
  fieldName: text('field_name').primaryKey(),
  regexStructure: text('regex_structure').notNull().default(''),
  regexSpecial: text('regex_special').notNull().default(''),
  regexConversion: text('regex_conversion').notNull().default('MIN'),
  updatedAt: timestamp('updated_at', { withTimezone: true }),
  updatedBy: text('updated_by'),
});

/**
 * The link settings (spec 2 §2.4, the Tabuléo tab): named texts, most of them addresses (store
 * pages, installers, help). The names are the product's, seeded; the general settings change values.
 */
export const linkSettings = pgTable('link_settings', {
  name: text('name').primaryKey(),
  value: text('value').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }),
  updatedBy: text('updated_by'),
});
