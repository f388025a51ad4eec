import { describe, expect, it } from 'vitest';
import { credentialGroupsOf, newUserApplicationsOf } from './add-user-credentials';
import { checkDraft, EMPTY_DRAFT, fieldOfPath, messagesOfFieldErrors, type AddUserDraft } from './add-user-draft';
import { addUserChoicesOf } from './add-user-lists';
import { buildSchoolApplication, buildSchoolUser } from '../test-factories';
import { APPLICATIONS, buildCatalogueSchool } from '../test-school';

const school = buildCatalogueSchool([
  buildSchoolUser({
    login: 'Taken.Login',
    level: '6e',
    className: '6B',
    subject: 'Maths',
    options: ['Latin'],
    applications: { '2': { status: 1, code: null } },
  }),
  buildSchoolUser({
    level: '6e',
    className: '6A',
    subject: 'Histoire',
    options: [],
    applications: { '1': { status: 0, code: null } },
  }),
  buildSchoolUser({ level: '5e', className: '5A', subject: 'maths', options: ['Grec'] }),
  buildSchoolUser({ level: '3e', className: '3Z', subject: 'Physique', disabled: true }),
]);

describe('add-user choices', () => {
  it('offers every active level, class and subject, the school options and the whole catalogue before a level', () => {
    const choices = addUserChoicesOf(school, '');
    expect(choices.levels).toEqual(['5e', '6e']);
    expect(choices.classes).toEqual(['5A', '6A', '6B']);
    expect(choices.subjects).toEqual(['Histoire', 'Maths', 'maths']);
    expect(choices.options).toEqual(['Anglais renforcé', 'Latin']);
    expect(choices.applications.map((application) => application.name)).toEqual([
      'Educadhoc',
      'Quizeo',
      'Lelivrescolaire.fr',
      'Manuels KNE',
    ]);
  });

  it("offers a level's classes, options and enabled applications", () => {
    const choices = addUserChoicesOf(school, '6e');
    expect(choices.classes).toEqual(['6A', '6B']);
    expect(choices.options).toEqual(['Latin']);
    expect(choices.applications.map((application) => application.idApplication)).toEqual([APPLICATIONS.quizeo.idApplication]);
  });

  it('offers no class but everything else for a level nobody has yet', () => {
    const choices = addUserChoicesOf(school, '2nde');
    expect(choices.classes).toEqual([]);
    expect(choices.options).toEqual(['Anglais renforcé', 'Latin']);
    expect(choices.applications).toHaveLength(4);
  });
});

describe('add-user draft check', () => {
  const complete: AddUserDraft = {
    ...EMPTY_DRAFT,
    firstName: 'Ana',
    lastName: 'Bert',
    login: 'ana.bert',
    password: 'ravo4821',
    profile: 'Eleve',
    level: '6e',
  };

  it('accepts a complete draft, with blanks as null and admin mode 1', () => {
    const check = checkDraft({ ...complete, comment: '  hello ', tabletNumber: ' ' }, school);
    expect(check.messages).toBeNull();
    expect(check.values).toMatchObject({ comment: 'hello', tabletNumber: null, class: null, email: null, adminMode: 1 });
  });

  it.each<[string, Partial<AddUserDraft>, string, string]>([
    ['a blank first name', { firstName: '  ' }, 'firstName', 'global.errors.required'],
    ['no profile', { profile: '' }, 'profile', 'global.errors.required'],
    ['no level', { level: '' }, 'level', 'global.errors.required'],
    ['a login of the school, in another case', { login: 'taken.login' }, 'login', 'user_add.username_already_existing'],
    ['a bad e-mail', { email: 'nope' }, 'email', 'users.errors.email_format'],
    ['a manager without e-mail', { profile: 'Gestionnaire' }, 'email', 'users.errors.email_required_for_profile'],
    [
      'a school administrator without e-mail',
      { profile: 'Administrateur établissement' },
      'email',
      'users.errors.email_required_for_profile',
    ],
  ])('refuses %s', (_case, change, field, message) => {
    expect(checkDraft({ ...complete, ...change }, school).messages).toMatchObject({ [field]: message });
  });

  it('asks an e-mail of everybody in a school that requires it', () => {
    expect(checkDraft(complete, buildCatalogueSchool(school.users, { emailRequired: true })).messages).toEqual({
      email: 'users.errors.email_required_by_school',
    });
  });

  it('places the server messages on the fields', () => {
    expect(fieldOfPath('values.login')).toBe('login');
    expect(fieldOfPath('applications.0.codes')).toBe('applications');
    expect(fieldOfPath('values.uai')).toBe('form');
    expect(fieldOfPath('unknown')).toBe('form');
    expect(
      messagesOfFieldErrors({ 'values.login': ['user_add.username_already_existing'], 'options.1': ['users.errors.too_long'] }),
    ).toEqual({
      login: 'user_add.username_already_existing',
      options: 'users.errors.too_long',
    });
  });
});

describe('add-user credentials', () => {
  const catalogue = {
    applications: [
      buildSchoolApplication({ idApplication: 10, name: 'B', platformId: 'P1', order: 2, urlSchemeLoginRequired: true }),
      buildSchoolApplication({ idApplication: 11, name: 'A', platformId: 'P1', order: 1, applicationCodeYesNo: true }),
      buildSchoolApplication({ idApplication: 12, name: 'C', platformId: 'P2', order: 3 }),
    ],
    platforms: [],
  };

  it('groups the chosen applications by platform, the first edited with every field its platform needs', () => {
    const groups = credentialGroupsOf([10, 11, 12], catalogue);
    expect(groups.map((group) => [group.platformId, group.applications.map((application) => application.name)])).toEqual([
      ['P1', ['A', 'B']],
      ['P2', ['C']],
    ]);
    expect(groups[0]!.fields).toMatchObject({ login: { required: true }, keys: { shown: true, required: false } });
  });

  it("applies a platform's values to each of its applications, a code only where one is shown", () => {
    const groups = credentialGroupsOf([10, 11], catalogue);
    expect(newUserApplicationsOf(groups, { P1: { login: ' ana ', password: 'x1', keys: 'K' } })).toEqual([
      { platformId: 'P1', idApplication: 11, login: 'ana', password: 'x1', codes: 'K' },
      { platformId: 'P1', idApplication: 10, login: 'ana', password: 'x1', codes: null },
    ]);
  });
});
