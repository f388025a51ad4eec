import { DEFAULT_RIGHTS, users, type ProfileName } from '@console/contract';
import { describe, expect, it } from 'vitest';
import {
  canEditUserPage,
  canSeePasswordsOf,
  canUnlockUser,
  diffFields,
  findForeignOptions,
  hasDuplicateOption,
  passwordTransitionOf,
  planAccessChange,
  refuseProfileChange,
  seesWholeCatalogue,
  type StoredAccess,
} from './users.policy.js';

const viewer = (profile: ProfileName, id = 1) => ({ id, profile, rights: DEFAULT_RIGHTS[profile] });
const withoutProfileRights = {
  id: 1,
  profile: 'Gestionnaire' as const,
  rights: { ...DEFAULT_RIGHTS.Gestionnaire, FicheUser_profil: { Lecture: 0, Ecriture: 0 } as const },
};

describe('the user page', () => {
  it.each([
    ['Administrateur', 2, true, true, true],
    ['Gestionnaire', 2, true, true, true],
    ['Administrateur établissement', 2, true, true, true],
    ['Enseignant', 1, true, false, false],
    ['Eleve', 1, true, false, false],
  ] as const)(
    '%s viewing user %i: passwords %s, edits %s, whole catalogue %s',
    (profile, userId, seesPasswords, edits, wholeCatalogue) => {
      expect(canSeePasswordsOf(viewer(profile), userId)).toBe(seesPasswords);
      expect(canEditUserPage(viewer(profile), userId)).toBe(edits);
      expect(seesWholeCatalogue(viewer(profile))).toBe(wholeCatalogue);
    },
  );

  it('shows others’ passwords and allows edits only with FicheUser_profil', () => {
    expect(canSeePasswordsOf(withoutProfileRights, 2)).toBe(false);
    expect(canSeePasswordsOf(withoutProfileRights, 1)).toBe(true);
    expect(canEditUserPage(withoutProfileRights, 2)).toBe(false);
  });

  it.each([
    ['Administrateur', true, true],
    ['Administrateur', false, false],
    ['Gestionnaire', true, false],
    ['Administrateur établissement', true, false],
  ] as const)('%s unlocking a user locked=%s: %s', (profile, locked, expected) => {
    expect(canUnlockUser(viewer(profile), { locked })).toBe(expected);
  });
});

describe('refuseProfileChange', () => {
  const pupil = { id: 2, profile: 'Eleve' as const };
  it.each([
    ['Administrateur', pupil, 'Gestionnaire', null],
    ['Gestionnaire', pupil, 'Gestionnaire', null],
    ['Administrateur établissement', pupil, 'Enseignant', null],
    ['Administrateur établissement', pupil, 'Gestionnaire', 'not_assignable'],
    ['Administrateur établissement', { id: 2, profile: 'Gestionnaire' as const }, 'Eleve', 'not_assignable'],
    ['Administrateur', { id: 2, profile: 'Administrateur' as const }, 'Eleve', 'not_assignable'],
    ['Administrateur', pupil, 'Administrateur', 'not_assignable'],
    ['Administrateur établissement', { id: 1, profile: 'Administrateur établissement' as const }, 'Enseignant', 'own_profile'],
    [
      'Administrateur établissement',
      { id: 1, profile: 'Administrateur établissement' as const },
      'Administrateur établissement',
      null,
    ],
    ['Eleve', pupil, 'Enseignant', 'not_assignable'],
  ] as const)('%s moving %o to %s: %s', (profile, target, next, expected) => {
    expect(refuseProfileChange({ id: 1, profile }, target, next)).toBe(expected);
  });
});

describe('passwordTransitionOf', () => {
  it.each([
    ['Eleve', 'Enseignant', 'none'],
    ['Eleve', 'Gestionnaire', 'hash_printable'],
    ['Enseignant', 'Administrateur établissement', 'hash_printable'],
    ['Gestionnaire', 'Eleve', 'generate_printable'],
    ['Administrateur établissement', 'Gestionnaire', 'none'],
  ] as const)('%s to %s: %s', (from, to, expected) => {
    expect(passwordTransitionOf(from, to)).toBe(expected);
  });
});

describe('option lists', () => {
  it('finds an option given twice and options of another school', () => {
    expect(hasDuplicateOption([{ idOption: 1 }, { idOption: 2 }])).toBe(false);
    expect(hasDuplicateOption([{ idOption: 1 }, { idOption: 1 }])).toBe(true);
    expect(findForeignOptions([{ idOption: 1 }, { idOption: 9 }], new Set([1, 2]))).toEqual([9]);
  });
});

describe('planAccessChange', () => {
  const plain = users.credentialFieldsOf(
    {
      urlSchemeLoginRequired: false,
      urlSchemePwdRequired: false,
      urlSchemeCodeYesNo: false,
      urlSchemeCodeRequired: false,
      applicationCodeYesNo: false,
      applicationCodeRequired: false,
      commonCode: null,
    },
    undefined,
  );
  const demanding = users.credentialFieldsOf(
    {
      urlSchemeLoginRequired: true,
      urlSchemePwdRequired: true,
      urlSchemeCodeYesNo: true,
      urlSchemeCodeRequired: true,
      applicationCodeYesNo: false,
      applicationCodeRequired: false,
      commonCode: null,
    },
    undefined,
  );
  const stored: StoredAccess = { status: 0, login: 'jdupont', hasPassword: true, password: 'Plat#1', keys: 'K-1' };

  it('enables a plain application with nothing else', () => {
    expect(planAccessChange(plain, undefined, { status: 1 })).toEqual({
      next: { status: 1, login: null, keys: null },
      newPassword: undefined,
      isChanged: true,
      problems: [],
    });
  });

  it('asks the required credentials of an access it enables, from the request or the stored access', () => {
    expect(planAccessChange(demanding, undefined, { status: 1 }).problems).toEqual([
      { field: 'login', reason: 'required' },
      { field: 'password', reason: 'required' },
      { field: 'keys', reason: 'required' },
    ]);
    expect(planAccessChange(demanding, stored, { status: 1 }).problems).toEqual([]);
    expect(planAccessChange(demanding, undefined, { status: 1, login: 'a', password: 'b', keys: 'c' })).toMatchObject({
      newPassword: 'b',
      problems: [],
    });
    expect(planAccessChange(demanding, stored, { status: 1, keys: null }).problems).toEqual([
      { field: 'keys', reason: 'required' },
    ]);
  });

  it('disables keeping the credentials, and status 2 changes only what is given', () => {
    const enabled = { ...stored, status: 1 };
    expect(planAccessChange(demanding, enabled, { status: 0 })).toMatchObject({
      next: { status: 0, login: 'jdupont', keys: 'K-1' },
      isChanged: true,
      problems: [],
    });
    expect(planAccessChange(demanding, enabled, { status: 2, keys: 'K-2' })).toMatchObject({
      next: { status: 1, login: 'jdupont', keys: 'K-2' },
      isChanged: true,
    });
    expect(planAccessChange(plain, undefined, { status: 2, keys: 'K-3' })).toMatchObject({
      next: { status: 0, login: null, keys: 'K-3' },
      isChanged: true,
    });
    expect(planAccessChange(plain, undefined, { status: 2 }).isChanged).toBe(false);
    expect(planAccessChange(plain, undefined, { status: 0 }).isChanged).toBe(false);
  });

  it('never replaces a stored platform password, but takes the same value back as no change', () => {
    expect(planAccessChange(plain, stored, { status: 2, password: 'Other#2' }).problems).toEqual([
      { field: 'password', reason: 'password_locked' },
    ]);
    expect(planAccessChange(plain, stored, { status: 2, password: 'Plat#1' })).toMatchObject({ isChanged: false, problems: [] });
    expect(planAccessChange(plain, stored, { status: 2, password: null })).toMatchObject({
      isChanged: false,
      newPassword: undefined,
    });
  });

  it('leaves an unchanged enabled access alone even when it lacks a credential', () => {
    expect(planAccessChange(demanding, { ...stored, status: 1, keys: null }, { status: 1 })).toMatchObject({
      isChanged: false,
      problems: [],
    });
  });
});

describe('diffFields', () => {
  it('keeps the fields whose values differ, comparing lists by content', () => {
    expect(diffFields({ a: 1, b: 'x', c: ['p'] }, { a: 1, b: 'y', c: ['p'] })).toEqual({ before: { b: 'x' }, after: { b: 'y' } });
    expect(diffFields({ a: null }, { a: undefined })).toBeNull();
    expect(diffFields({ c: ['p'] }, { c: ['p', 'q'] })).toEqual({ before: { c: ['p'] }, after: { c: ['p', 'q'] } });
  });
});
