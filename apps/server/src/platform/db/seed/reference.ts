import type { Executor } from '../client.js';
import { applications, cities, countries, platforms, schoolTypes } from '../schema/index.js';
import { DEMO_APPLICATIONS, DEMO_COUNTRIES, DEMO_PLATFORMS, DEMO_SCHOOL_TYPES } from './catalogue.js';

export type CityInput = { name: string; postalCode: string; country: string };
export type ReferenceIds = { cityIds: Map<string, number>; countryIds: Map<string, number>; typeIds: Map<string, number> };

/**
 * Countries, school types and the given cities, keyed by name. Rows may exist without any school
 * (an operator added a country first, or a benchmark appends): existing rows are reused, only
 * missing ones are added. A city's country must be one of DEMO_COUNTRIES.
 */
export async function ensureReferenceData(executor: Executor, wantedCities: readonly CityInput[]): Promise<ReferenceIds> {
  await executor
    .insert(countries)
    .values(DEMO_COUNTRIES.map((name) => ({ name })))
    .onConflictDoNothing();
  const countryRows = await executor.select({ id: countries.id, name: countries.name }).from(countries);
  const countryIds = new Map(countryRows.map((row) => [row.name, row.id]));
  const existingCities = await executor.select({ name: cities.name, countryId: cities.countryId }).from(cities);
  const missingCities = wantedCities
    .map((city) => ({ name: city.name, postalCode: city.postalCode, countryId: countryIds.get(city.country) as number }))
    .filter((city) => !existingCities.some((existing) => existing.name === city.name && existing.countryId === city.countryId));
  if (missingCities.length > 0) await executor.insert(cities).values(missingCities);
  const cityRows = await executor.select({ id: cities.id, name: cities.name }).from(cities);
  await executor
    .insert(schoolTypes)
    .values(DEMO_SCHOOL_TYPES.map((label, index) => ({ label, order: index + 1 })))
    .onConflictDoNothing();
  const typeRows = await executor.select({ id: schoolTypes.id, label: schoolTypes.label }).from(schoolTypes);
  return {
    cityIds: new Map(cityRows.map((row) => [row.name, row.id])),
    countryIds,
    typeIds: new Map(typeRows.map((row) => [row.label, row.id])),
  };
}

/** The platforms and applications catalogue; answers every application's id by name. Idempotent. */
export async function ensureCatalogue(executor: Executor): Promise<Map<string, number>> {
  await executor.insert(platforms).values(DEMO_PLATFORMS).onConflictDoNothing();
  await executor.insert(applications).values(DEMO_APPLICATIONS).onConflictDoNothing();
  const rows = await executor.select({ id: applications.id, name: applications.name }).from(applications);
  return new Map(rows.map((row) => [row.name, row.id]));
}
