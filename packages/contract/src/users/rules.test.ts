import { describe, expect, it } from 'vitest';
import { DEFAULT_RIGHTS, PROFILE_NAMES, type ProfileName, type RightsMap } from '../rights.js';
import {
  asksCredentialsOnEnable,
  assignableProfiles,
  canManageProfile,
  canSeePasswords,
  credentialFieldsOf,
  EMAIL_REQUIRED_BY_SCHOOL,
  EMAIL_REQUIRED_FOR_PROFILE,
  isEmailRequired,
  missingCredentials,
  missingEmailMessage,
  profileRequiresEmail,
  type CredentialApplication,
  type CredentialFields,
  type CredentialPlatform,
} from './rules.js';

const plainApplication: CredentialApplication = {
  urlSchemeLoginRequired: false,
  urlSchemePwdRequired: false,
  urlSchemeCodeYesNo: false,
  urlSchemeCodeRequired: false,
  applicationCodeYesNo: false,
  applicationCodeRequired: false,
  commonCode: null,
};
const plainPlatform: CredentialPlatform = { platformCodeYesNo: false, platformCodeRequired: false, commonCode: null };

describe('credentialFieldsOf', () => {
  it.each<[string, Partial<CredentialApplication>, Partial<CredentialPlatform> | undefined, CredentialFields]>([
    [
      'nothing asked',
      {},
      plainPlatform,
      { login: { required: false }, password: { required: false }, keys: { shown: false, required: false }, commonCode: null },
    ],
    [
      'login and password required by the scheme',
      { urlSchemeLoginRequired: true, urlSchemePwdRequired: true },
      plainPlatform,
      { login: { required: true }, password: { required: true }, keys: { shown: false, required: false }, commonCode: null },
    ],
    [
      'code shown by the scheme option',
      { urlSchemeCodeYesNo: true },
      plainPlatform,
      { login: { required: false }, password: { required: false }, keys: { shown: true, required: false }, commonCode: null },
    ],
    [
      'code shown by the application option',
      { applicationCodeYesNo: true },
      undefined,
      { login: { required: false }, password: { required: false }, keys: { shown: true, required: false }, commonCode: null },
    ],
    [
      'code shown by the platform option',
      {},
      { platformCodeYesNo: true },
      { login: { required: false }, password: { required: false }, keys: { shown: true, required: false }, commonCode: null },
    ],
    [
      'code required by the scheme',
      { urlSchemeCodeRequired: true },
      plainPlatform,
      { login: { required: false }, password: { required: false }, keys: { shown: true, required: true }, commonCode: null },
    ],
    [
      'code required by the application',
      { applicationCodeRequired: true },
      plainPlatform,
      { login: { required: false }, password: { required: false }, keys: { shown: true, required: true }, commonCode: null },
    ],
    [
      'code required by the platform',
      {},
      { platformCodeRequired: true },
      { login: { required: false }, password: { required: false }, keys: { shown: true, required: true }, commonCode: null },
    ],
    [
      'a required code filled by the application’s common code',
      { applicationCodeRequired: true, commonCode: 'APP-CODE' },
      { commonCode: 'PLATFORM-CODE' },
      {
        login: { required: false },
        password: { required: false },
        keys: { shown: true, required: false },
        commonCode: 'APP-CODE',
      },
    ],
    [
      'a required code filled by the platform’s common code',
      {},
      { platformCodeRequired: true, commonCode: 'PLATFORM-CODE' },
      {
        login: { required: false },
        password: { required: false },
        keys: { shown: true, required: false },
        commonCode: 'PLATFORM-CODE',
      },
    ],
  ])('%s', (_case, application, platform, expected) => {
    const fields = credentialFieldsOf({ ...plainApplication, ...application }, platform && { ...plainPlatform, ...platform });
    expect(fields).toEqual(expected);
    expect(asksCredentialsOnEnable(fields)).toBe(expected.keys.required);
  });
});

describe('missingCredentials', () => {
  const everything = credentialFieldsOf(
    { ...plainApplication, urlSchemeLoginRequired: true, urlSchemePwdRequired: true, urlSchemeCodeRequired: true },
    plainPlatform,
  );
  const nothing = credentialFieldsOf(plainApplication, plainPlatform);

  it.each<[string, CredentialFields, Parameters<typeof missingCredentials>[1], ReturnType<typeof missingCredentials>]>([
    ['all given', everything, { login: 'jdupont', password: 'secret', keys: 'C-1' }, []],
    ['all missing', everything, {}, ['login', 'password', 'keys']],
    ['blank counts as missing', everything, { login: '  ', password: '', keys: null }, ['login', 'password', 'keys']],
    ['a stored password counts', everything, { login: 'jdupont', keys: 'C-1', hasStoredPassword: true }, []],
    ['nothing required', nothing, {}, []],
  ])('%s', (_case, fields, values, expected) => {
    expect(missingCredentials(fields, values)).toEqual(expected);
  });
});

describe('assignableProfiles', () => {
  it.each<[ProfileName, ProfileName[]]>([
    ['Administrateur', ['Eleve', 'Enseignant', 'Gestionnaire', 'Administrateur établissement']],
    ['Gestionnaire', ['Eleve', 'Enseignant', 'Gestionnaire', 'Administrateur établissement']],
    ['Administrateur établissement', ['Eleve', 'Enseignant', 'Administrateur établissement']],
    ['Enseignant', []],
    ['Eleve', []],
  ])('%s may give %j', (actor, expected) => {
    expect(assignableProfiles(actor)).toEqual(expected);
  });

  it('never lets anyone make an Administrateur', () => {
    for (const actor of PROFILE_NAMES) expect(assignableProfiles(actor)).not.toContain('Administrateur');
  });
});

describe('canManageProfile: a caller acts only on accounts of a profile they may give', () => {
  const table: Record<ProfileName, ProfileName[]> = {
    Administrateur: ['Eleve', 'Enseignant', 'Gestionnaire', 'Administrateur établissement', 'Administrateur'],
    Gestionnaire: ['Eleve', 'Enseignant', 'Gestionnaire', 'Administrateur établissement'],
    'Administrateur établissement': ['Eleve', 'Enseignant', 'Administrateur établissement'],
    Enseignant: [],
    Eleve: [],
  };
  it.each(
    PROFILE_NAMES.flatMap((actor) => PROFILE_NAMES.map((target) => [actor, target, table[actor].includes(target)] as const)),
  )('%s on %s → %s', (actor, target, expected) => {
    expect(canManageProfile(actor, target)).toBe(expected);
  });

  it('keeps every profile a caller may give among those it may act on', () => {
    for (const actor of PROFILE_NAMES)
      for (const given of assignableProfiles(actor)) expect(canManageProfile(actor, given)).toBe(true);
  });
});

describe('profileRequiresEmail: managers and school administrators', () => {
  it.each<[ProfileName, boolean]>([
    ['Gestionnaire', true],
    ['Administrateur établissement', true],
    ['Administrateur', false],
    ['Enseignant', false],
    ['Eleve', false],
  ])('%s → %s', (profile, expected) => {
    expect(profileRequiresEmail(profile)).toBe(expected);
  });
});

describe('canSeePasswords: FicheUser_profil at Lecture', () => {
  it.each<[string, RightsMap, boolean]>([
    ['read', { FicheUser_profil: { Lecture: 1, Ecriture: 0 } }, true],
    ['write', { FicheUser_profil: { Lecture: 1, Ecriture: 1 } }, true],
    ['none', { FicheUser_profil: { Lecture: 0, Ecriture: 0 } }, false],
    ['no entry (allowed, as the spec says)', {}, true],
  ])('%s → %s', (_case, rights, expected) => {
    expect(canSeePasswords(rights)).toBe(expected);
  });

  it.each<[ProfileName, boolean]>([
    ['Administrateur', true],
    ['Gestionnaire', true],
    ['Administrateur établissement', true],
    ['Enseignant', false],
    ['Eleve', false],
  ])('with the seeded rights of %s → %s', (profile, expected) => {
    expect(canSeePasswords(DEFAULT_RIGHTS[profile])).toBe(expected);
  });
});

describe('the e-mail rule', () => {
  it.each<[ProfileName, boolean, string | null | undefined, string | null]>([
    ['Gestionnaire', false, null, EMAIL_REQUIRED_FOR_PROFILE],
    ['Administrateur établissement', true, '  ', EMAIL_REQUIRED_FOR_PROFILE],
    ['Eleve', true, '', EMAIL_REQUIRED_BY_SCHOOL],
    ['Enseignant', true, undefined, EMAIL_REQUIRED_BY_SCHOOL],
    ['Eleve', false, null, null],
    ['Eleve', true, 'eleve@lycee.fr', null],
    ['Gestionnaire', false, 'g@lycee.fr', null],
  ])('%s, school requires: %s, e-mail %j → %s', (profile, schoolRequiresEmail, email, message) => {
    expect(missingEmailMessage(profile, schoolRequiresEmail, email)).toBe(message);
    expect(isEmailRequired(profile, schoolRequiresEmail)).toBe(
      schoolRequiresEmail || profile === 'Gestionnaire' || profile === 'Administrateur établissement',
    );
  });
});
