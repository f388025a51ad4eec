import type { ProfileName, schoolSettings } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { canReplaceSchoolLogo, changesContactCard, planContactChange, type ContactCardValues } from './contact.policy.js';
import { contactPersonOf, contactValuesOf, presentSchoolContact } from './contact.presenter.js';
import type { SchoolCardRow } from './contact.repository.js';

const principal = { firstname: 'Philippe', lastname: 'Garnier', poste: 'Principal', email: 'p@example.fr', phone_pro: '01' };
const referent = { firstname: 'Sophie', lastname: 'Lambert', poste: 'Référent numérique', email: '', phone_pro: '' };
const current: ContactCardValues = { phone: '04 78 60 21 45', url: 'www.example.fr', contacts: [principal, referent] };

describe('a change of a contact card, planned against the current values', () => {
  it.each<[string, schoolSettings.SchoolContactUpdate]>([
    ['an empty change', {}],
    ['the same phone and website', { phone: '04 78 60 21 45', url: 'www.example.fr' }],
    ['the same people in the same order', { contacts: [{ ...referent, ...principal }, { ...referent }] }],
  ])('writes nothing for %s', (_case, update) => {
    const plan = planContactChange(current, update);
    expect(changesContactCard(plan)).toBe(false);
    expect(plan).toEqual({ columns: {}, contacts: undefined, before: {}, after: {} });
  });

  it.each<[string, schoolSettings.SchoolContactUpdate, Partial<ContactCardValues>, Partial<ContactCardValues>]>([
    ['a new phone', { phone: '', url: 'www.example.fr' }, { phone: '04 78 60 21 45' }, { phone: '' }],
    ['a new website', { url: 'https://example.fr' }, { url: 'www.example.fr' }, { url: 'https://example.fr' }],
    [
      'the people in another order',
      { contacts: [referent, principal] },
      { contacts: [principal, referent] },
      { contacts: [referent, principal] },
    ],
    ['one person fewer', { contacts: [principal] }, { contacts: [principal, referent] }, { contacts: [principal] }],
    [
      "a person's changed e-mail",
      { contacts: [principal, { ...referent, email: 's@example.fr' }] },
      { contacts: [principal, referent] },
      { contacts: [principal, { ...referent, email: 's@example.fr' }] },
    ],
  ])('audits only what differs: %s', (_case, update, before, after) => {
    const plan = planContactChange(current, update);
    expect(changesContactCard(plan)).toBe(true);
    expect({ before: plan.before, after: plan.after }).toEqual({ before, after });
  });

  it('writes the website column under its own name, and the whole new list', () => {
    const plan = planContactChange(current, { phone: '01', url: 'a.example.fr', contacts: [] });
    expect(plan.columns).toEqual({ phone: '01', website: 'a.example.fr' });
    expect(plan.contacts).toEqual([]);
  });

  it('keeps in a person only the fields the card holds', () => {
    const extra = { ...principal, id: 7 } as schoolSettings.ContactPersonInput;
    expect(planContactChange({ ...current, contacts: [] }, { contacts: [extra] }).after.contacts).toEqual([principal]);
    expect(changesContactCard(planContactChange({ ...current, contacts: [principal] }, { contacts: [extra] }))).toBe(false);
  });
});

describe('who replaces a logo', () => {
  it.each<[ProfileName, boolean]>([
    ['Administrateur', true],
    ['Gestionnaire', false],
    ['Administrateur établissement', false],
    ['Enseignant', false],
    ['Eleve', false],
  ])('%s → %s', (profile, allowed) => expect(canReplaceSchoolLogo(profile)).toBe(allowed));
});

describe('the contact card presented', () => {
  const school: SchoolCardRow = {
    uai: '0693284V',
    name: 'Collège Jean Moulin',
    address: '14 rue Paul Bert',
    postalCode: null,
    town: 'Lyon',
    phone: '04 78 60 21 45',
    website: 'www.example.fr',
    latitude: null,
    longitude: null,
    logoPath: null,
  };

  it('reads a missing postal code as empty, and the people under the contract names', () => {
    const row = { id: 3, uai: school.uai, position: 0, ...contactValuesOf(principal) };
    expect(contactPersonOf(row)).toEqual(principal);
    expect(presentSchoolContact(school, [row], { canEdit: false, canReplaceLogo: false })).toMatchObject({
      zip: '',
      url: 'www.example.fr',
      contacts: [{ id: 3, ...principal }],
      logoUrl: null,
    });
  });
});
