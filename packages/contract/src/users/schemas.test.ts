import { describe, expect, it } from 'vitest';
import { REQUIRED } from '../messages.js';
import { UAI_FORMAT_MESSAGE } from '../rules/uai.js';
import { newUserSchema, newUserValuesSchema } from './add-user.js';
import { EMAIL_FORMAT, TABLET_NUMBER_LENGTH } from './schemas.js';
import { informationsPatchSchema } from './user-page.js';

/** The messages of a failed parse, keyed by field path ({} when it passes). */
function messagesOf(
  schema: { safeParse: (input: unknown) => { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } },
  input: unknown,
) {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error!.issues) (out[issue.path.join('.')] ??= []).push(issue.message);
  return out;
}

const valid = {
  uai: '0690001A',
  firstName: 'Léa',
  lastName: 'Dupont',
  login: 'lea.dupont',
  password: 'ravo4821',
  level: '6e',
  profile: 'Eleve',
};

describe('new user values (spec 3 §5 "Add user")', () => {
  it('accepts the required fields alone, leaving the optional ones null and admin mode 1', () => {
    expect(newUserValuesSchema.parse(valid)).toEqual({
      ...valid,
      class: null,
      tabletNumber: null,
      comment: null,
      subject: null,
      email: null,
      adminMode: 1,
    });
  });

  it.each<[string, Record<string, unknown>, Record<string, string[]>]>([
    ['a 7-character uai', { uai: '0690001' }, { uai: [UAI_FORMAT_MESSAGE] }],
    ['a 9-character uai', { uai: '0690001AB' }, { uai: [UAI_FORMAT_MESSAGE] }],
    ['an 8-character uai not of 7 digits and a letter', { uai: '069000AB' }, { uai: [UAI_FORMAT_MESSAGE] }],
    ['a uai padded with spaces is trimmed first', { uai: ' 0690001A ' }, {}],
    ['a blank first name', { firstName: '   ' }, { firstName: [REQUIRED] }],
    ['a blank last name', { lastName: '' }, { lastName: [REQUIRED] }],
    ['a blank login', { login: ' \t ' }, { login: [REQUIRED] }],
    ['a blank password', { password: '  ' }, { password: [REQUIRED] }],
    ['a blank level', { level: ' ' }, { level: [REQUIRED] }],
    ['a missing first name', { firstName: undefined }, { firstName: [REQUIRED] }],
    ['a missing profile', { profile: undefined }, { profile: [REQUIRED] }],
    ['an unknown profile', { profile: 'Directeur' }, { profile: [REQUIRED] }],
    ['a 12-character tablet number', { tabletNumber: 'T-0123456789' }, {}],
    ['a 13-character tablet number', { tabletNumber: 'T-01234567890' }, { tabletNumber: [TABLET_NUMBER_LENGTH] }],
    ['a malformed e-mail', { email: 'lea.dupont@' }, { email: [EMAIL_FORMAT] }],
    ['an e-mail with a space', { email: 'lea dupont@example.fr' }, { email: [EMAIL_FORMAT] }],
    ['a valid e-mail', { email: 'lea.dupont@example.fr' }, {}],
    ['an empty e-mail (optional)', { email: '' }, {}],
    ['a blank e-mail (optional)', { email: '   ' }, {}],
  ])('%s', (_case, change, expected) => {
    expect(messagesOf(newUserValuesSchema, { ...valid, ...change })).toEqual(expected);
  });

  it('trims the texts and turns blank optional ones into null', () => {
    const parsed = newUserValuesSchema.parse({
      ...valid,
      firstName: '  Léa ',
      comment: '  à revoir  ',
      subject: '   ',
      email: ' lea@example.fr ',
    });
    expect(parsed).toMatchObject({ firstName: 'Léa', comment: 'à revoir', subject: null, email: 'lea@example.fr' });
  });

  it('names every broken rule at once', () => {
    expect(Object.keys(messagesOf(newUserValuesSchema, { uai: '123', profile: 'Eleve' })).sort()).toEqual(
      ['firstName', 'lastName', 'level', 'login', 'password', 'uai'].sort(),
    );
  });

  it('defaults the options and applications of a new user to none', () => {
    expect(newUserSchema.parse({ values: valid })).toMatchObject({ options: [], applications: [] });
    expect(messagesOf(newUserSchema, { values: valid, options: ['Latin', '  '] })).toEqual({ 'options.1': [REQUIRED] });
  });
});

describe('grid edits (informationsPatchSchema)', () => {
  it.each<[string, unknown, Record<string, string[]>]>([
    ['a level', { level: '5e' }, {}],
    ['a blank level is refused', { level: '   ' }, { level: [REQUIRED] }],
    ['an empty level is refused', { level: '' }, { level: [REQUIRED] }],
    ['a blank last name is refused', { lastname: ' ' }, { lastname: [REQUIRED] }],
    ['a blank comment clears it', { comment: '  ' }, {}],
    ['a malformed e-mail', { email: 'x@y' }, { email: [EMAIL_FORMAT] }],
    ['a profile with the e-mail the prompt asked', { profile: 'Gestionnaire', email: 'g@example.fr' }, {}],
    ['nothing to change', {}, { '': [REQUIRED] }],
  ])('%s', (_case, input, expected) => {
    expect(messagesOf(informationsPatchSchema, input)).toEqual(expected);
  });

  it('refuses a field that is not editable, and an admin mode other than 0 or 1', () => {
    expect(informationsPatchSchema.safeParse({ login: 'new.login' }).success).toBe(false);
    expect(informationsPatchSchema.safeParse({ adminMode: 2 }).success).toBe(false);
  });

  it('trims a level and clears a blank comment', () => {
    expect(informationsPatchSchema.parse({ level: ' 4e ', comment: ' ' })).toEqual({ level: '4e', comment: null });
  });
});
