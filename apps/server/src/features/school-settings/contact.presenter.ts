import type { schoolSettings } from '@console/contract';
import type { ContactPersonValues, SchoolCardRow, SchoolContactRow } from './contact.repository.js';

/** A stored person under the contract's names. */
export function contactPersonOf(row: SchoolContactRow): schoolSettings.ContactPersonInput {
  return { firstname: row.firstname, lastname: row.lastname, poste: row.poste, email: row.email, phone_pro: row.phonePro };
}

/** A person of a request as the table stores them. */
export function contactValuesOf(person: schoolSettings.ContactPersonInput): ContactPersonValues {
  return {
    firstname: person.firstname,
    lastname: person.lastname,
    poste: person.poste,
    email: person.email,
    phonePro: person.phone_pro,
  };
}

/**
 * A school's contact card as the settings view reads it: the address from the school's record
 * (no postal code reads as an empty one), the website as stored (`websiteHref` gives the address
 * to open), the people in their order, and the logo's address or null.
 */
export function presentSchoolContact(
  school: SchoolCardRow,
  contacts: readonly SchoolContactRow[],
  abilities: schoolSettings.SchoolContact['abilities'],
): schoolSettings.SchoolContact {
  return {
    uai: school.uai,
    name: school.name,
    address: school.address,
    zip: school.postalCode ?? '',
    town: school.town,
    phone: school.phone,
    url: school.website,
    contacts: contacts.map((row) => ({ id: row.id, ...contactPersonOf(row) })),
    latitude: school.latitude,
    longitude: school.longitude,
    logoUrl: school.logoPath,
    abilities,
  };
}
