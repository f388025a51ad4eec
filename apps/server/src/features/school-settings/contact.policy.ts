import type { ProfileName, schoolSettings } from '@console/contract';

type ContactPerson = schoolSettings.ContactPersonInput;

/** Whether the caller may replace a school's logo (spec 2 §6): the Administrateur profile only. */
export function canReplaceSchoolLogo(profile: ProfileName): boolean {
  return profile === 'Administrateur';
}

/** A school's card as a change is weighed against it: its phone, website and people in order. */
export type ContactCardValues = { phone: string; url: string; contacts: ContactPerson[] };

/**
 * What a change of a school's card writes, decided against the current values: only what
 * differs. `before` and `after` are the audit entry's, under the request's names, holding the
 * changed parts only (the people as whole lists).
 */
export type ContactChangePlan = {
  columns: { phone?: string; website?: string };
  /** The new list of people, when it differs from the current one. */
  contacts: ContactPerson[] | undefined;
  before: Partial<ContactCardValues>;
  after: Partial<ContactCardValues>;
};

/** A person with exactly the fields the card keeps, in one order: what two lists are compared by. */
const personOf = ({ firstname, lastname, poste, email, phone_pro }: ContactPerson): ContactPerson => ({
  firstname,
  lastname,
  poste,
  email,
  phone_pro,
});

const sameList = (a: readonly ContactPerson[], b: readonly ContactPerson[]) =>
  JSON.stringify(a.map(personOf)) === JSON.stringify(b.map(personOf));

/**
 * Plans a change of a school's card (spec 2 §2.14): the phone and the website against the
 * school's columns, the people as one list against the current one, order included. A part the
 * change leaves out is kept.
 */
export function planContactChange(current: ContactCardValues, update: schoolSettings.SchoolContactUpdate): ContactChangePlan {
  const plan: ContactChangePlan = { columns: {}, contacts: undefined, before: {}, after: {} };
  if (update.phone !== undefined && update.phone !== current.phone) {
    plan.columns.phone = update.phone;
    plan.before.phone = current.phone;
    plan.after.phone = update.phone;
  }
  if (update.url !== undefined && update.url !== current.url) {
    plan.columns.website = update.url;
    plan.before.url = current.url;
    plan.after.url = update.url;
  }
  if (update.contacts !== undefined && !sameList(current.contacts, update.contacts)) {
    plan.contacts = update.contacts.map(personOf);
    plan.before.contacts = current.contacts.map(personOf);
    plan.after.contacts = plan.contacts;
  }
  return plan;
}

/** Whether a plan writes anything. */
export function changesContactCard(plan: ContactChangePlan): boolean {
  return Object.keys(plan.after).length > 0;
}
