import { boolean, doublePrecision, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { cities, countries, schoolTypes } from './reference.js';

export const schools = pgTable('schools', {
  uai: varchar('uai', { length: 8 }).primaryKey(),
  name: text('name').notNull(),
  cityId: integer('city_id').references(() => cities.id),
  /** The town as shown (Commune); kept even when no city row is linked. */
  town: text('town').notNull().default(''),
  extension: text('extension').notNull().default(''),
  address: text('address').notNull().default(''),
  postalCode: text('postal_code'),
  sector: text('sector').notNull().default('Privé'),
  typeId: integer('type_id').references(() => schoolTypes.id),
  countyId: integer('county_id').notNull().default(999),
  academyId: integer('academy_id').notNull().default(99),
  countryId: integer('country_id').references(() => countries.id),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  /** Seconds of Admin mode; 0 means no Admin mode. */
  adminDuration: integer('admin_duration').notNull().default(0),
  connectRndPwd: boolean('connect_rnd_pwd').notNull().default(false),
  /** Every new user of the school must have an e-mail. */
  emailRequired: boolean('email_required').notNull().default(false),
  deployment: jsonb('deployment').$type<Record<string, unknown>>().notNull().default({}),
  regexEstab: jsonb('regex_estab').$type<{ field: string; regex: string }[]>().notNull().default([]),
  /** The contact card's phone and website (spec 2 §2.14), as typed; the website may leave out its scheme. */
  phone: text('phone').notNull().default(''),
  website: text('website').notNull().default(''),
  /** The logo's address (an upload's `fileUrl` under the logos' folder); null until one is sent. */
  logoPath: text('logo_path'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
