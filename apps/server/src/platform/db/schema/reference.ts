import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';

export const countries = pgTable('countries', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const cities = pgTable('cities', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  postalCode: text('postal_code'),
  countryId: integer('country_id')
    .notNull()
    .references(() => countries.id),
});

export const schoolTypes = pgTable('school_types', {
  id: serial('id').primaryKey(),
  label: text('label').notNull().unique(),
  order: integer('order').notNull().default(0),
});
