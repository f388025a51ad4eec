import { asc, eq } from 'drizzle-orm';
import type { Executor } from '#platform/db/client.js';
import { readTogether } from '#platform/db/reads.js';
import { schoolContacts, schools } from '#platform/db/schema/index.js';

const cardColumns = {
  uai: schools.uai,
  name: schools.name,
  address: schools.address,
  postalCode: schools.postalCode,
  town: schools.town,
  phone: schools.phone,
  website: schools.website,
  latitude: schools.latitude,
  longitude: schools.longitude,
  logoPath: schools.logoPath,
};

/** The columns of a school its contact card reads. */
export type SchoolCardRow = {
  uai: string;
  name: string;
  address: string;
  postalCode: string | null;
  town: string;
  phone: string;
  website: string;
  latitude: number | null;
  longitude: number | null;
  logoPath: string | null;
};

export type SchoolContactRow = typeof schoolContacts.$inferSelect;

/** The card's columns of a school, without its people. */
export async function findSchoolCard(db: Executor, uai: string): Promise<SchoolCardRow | undefined> {
  return (await db.select(cardColumns).from(schools).where(eq(schools.uai, uai)).limit(1))[0];
}

/** The card's columns, the school's row locked until the transaction ends: two saves never interleave. */
export async function lockSchoolCard(tx: Executor, uai: string): Promise<SchoolCardRow | undefined> {
  return (await tx.select(cardColumns).from(schools).where(eq(schools.uai, uai)).limit(1).for('update'))[0];
}

/** The people a school lists, in their order. */
export async function listSchoolContacts(db: Executor, uai: string): Promise<SchoolContactRow[]> {
  return db
    .select()
    .from(schoolContacts)
    .where(eq(schoolContacts.uai, uai))
    .orderBy(asc(schoolContacts.position), asc(schoolContacts.id));
}

/** A school's card and its people, or undefined for an unknown school. */
export async function readSchoolCard(
  db: Executor,
  uai: string,
): Promise<{ school: SchoolCardRow; contacts: SchoolContactRow[] } | undefined> {
  const [school, contacts] = await readTogether(db, [() => findSchoolCard(db, uai), () => listSchoolContacts(db, uai)]);
  return school && { school, contacts };
}

/** The columns of a school a change of its card writes. */
export type SchoolCardColumns = Partial<Pick<SchoolCardRow, 'phone' | 'website' | 'logoPath'>>;

/** The changed columns of a school's card, in one statement. */
export async function updateSchoolCard(tx: Executor, uai: string, values: SchoolCardColumns): Promise<void> {
  if (Object.keys(values).length === 0) return;
  await tx.update(schools).set(values).where(eq(schools.uai, uai));
}

/** A person as a school lists them, without the row's id and place. */
export type ContactPersonValues = Pick<SchoolContactRow, 'firstname' | 'lastname' | 'poste' | 'email' | 'phonePro'>;

/** Replaces the school's whole list of people with these, in this order. */
export async function replaceSchoolContacts(tx: Executor, uai: string, people: readonly ContactPersonValues[]): Promise<void> {
  await tx.delete(schoolContacts).where(eq(schoolContacts.uai, uai));
  if (people.length === 0) return;
  await tx.insert(schoolContacts).values(people.map((person, position) => ({ ...person, uai, position })));
}
