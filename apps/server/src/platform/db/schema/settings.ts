import { pgTable, text } from 'drizzle-orm/pg-core';

/**
 * The global cleaning rules of a name field (firstname, lastname, login): its allowed structure,
 * special characters and case conversion (MIN, MAJ, FIRSTMAJ). Edited in the general settings.
 */
export const regexSettings = pgTable('regex_settings', {
  fieldName: text('field_name').primaryKey(),
  regexStructure: text('regex_structure').notNull().default(''),
  regexSpecial: text('regex_special').notNull().default(''),
  regexConversion: text('regex_conversion').notNull().default('MIN'),
});
