import { describe, expect, it } from 'vitest';
import type { ProfileName } from '../rights.js';
import {
  canActivatePne,
  canBulkChangeProfile,
  canConfirmBulkOption,
  canExportAsm,
  canToggleAdminMode,
  deleteState,
  enableDisableState,
  findEducadhocApplication,
  hasEducadhocCode,
  mailRecipients,
  nextAdminMode,
  PDF_MAX_USERS,
  PDF_UNITARY_MAX_USERS,
  pdfMenuState,
  type BulkOptionDraft,
  type PdfMode,
  type SelectedUser,
} from './bulk-menu.js';

const EDUCADHOC = 12;
let nextId = 100;

function user(values: Partial<SelectedUser> & { code?: string | null } = {}): SelectedUser {
  const { code, ...rest } = values;
  return {
    id: nextId++,
    profile: 'Eleve',
    disabled: false,
    adminMode: 0,
    email: null,
    applications: code === undefined ? {} : { [String(EDUCADHOC)]: { status: 1, code } },
    ...rest,
  };
}
const of = (profile: ProfileName, values: Partial<SelectedUser> & { code?: string | null } = {}) => user({ profile, ...values });
const SELF = 1;

describe('enableDisableState (spec 3 §4)', () => {
  it.each<[string, SelectedUser[], ReturnType<typeof enableDisableState>]>([
    ['nobody selected', [], { action: null, reason: 'empty' }],
    ['all active: disable', [user(), user()], { action: 'disable', reason: null }],
    ['all disabled: enable', [user({ disabled: true }), user({ disabled: true })], { action: 'enable', reason: null }],
    ['mixed: nothing', [user(), user({ disabled: true })], { action: null, reason: 'mixed' }],
    ['oneself among active users', [user(), user({ id: SELF })], { action: null, reason: 'self' }],
    ['oneself alone', [user({ id: SELF })], { action: null, reason: 'self' }],
  ])('%s', (_case, selected, expected) => {
    expect(enableDisableState(selected, SELF)).toEqual(expected);
  });
});

describe('deleteState (spec 3 §4)', () => {
  it.each<[string, SelectedUser[], ReturnType<typeof deleteState>]>([
    ['nobody selected', [], { allowed: false, reason: 'empty' }],
    ['all disabled', [user({ disabled: true }), user({ disabled: true })], { allowed: true, reason: null }],
    ['one still active', [user({ disabled: true }), user()], { allowed: false, reason: 'not_disabled' }],
    ['all active', [user()], { allowed: false, reason: 'not_disabled' }],
    [
      'oneself, even disabled',
      [user({ disabled: true }), user({ id: SELF, disabled: true })],
      { allowed: false, reason: 'self' },
    ],
  ])('%s', (_case, selected, expected) => {
    expect(deleteState(selected, SELF)).toEqual(expected);
  });
});

describe('canBulkChangeProfile: only when every selected user is a pupil or a teacher', () => {
  it.each<[string, SelectedUser[], boolean]>([
    ['nobody', [], false],
    ['pupils', [of('Eleve'), of('Eleve')], true],
    ['pupils and teachers', [of('Eleve'), of('Enseignant')], true],
    ['with a manager', [of('Eleve'), of('Gestionnaire')], false],
    ['with a school administrator', [of('Enseignant'), of('Administrateur établissement')], false],
    ['with an administrator', [of('Administrateur')], false],
  ])('%s → %s', (_case, selected, expected) => {
    expect(canBulkChangeProfile(selected)).toBe(expected);
  });
});

describe('PNE activation: every selected user a teacher with an Educadhoc code', () => {
  it.each<[string, SelectedUser[], number | undefined, boolean]>([
    ['nobody', [], EDUCADHOC, false],
    ['teachers with codes', [of('Enseignant', { code: 'EDU-1' }), of('Enseignant', { code: 'EDU-2, EDU-3' })], EDUCADHOC, true],
    ['a teacher without the application', [of('Enseignant', { code: 'EDU-1' }), of('Enseignant')], EDUCADHOC, false],
    ['a teacher with an empty code', [of('Enseignant', { code: '' })], EDUCADHOC, false],
    ['a teacher with a blank code', [of('Enseignant', { code: '   ' })], EDUCADHOC, false],
    ['a teacher with a null code', [of('Enseignant', { code: null })], EDUCADHOC, false],
    ['a pupil with a code', [of('Enseignant', { code: 'EDU-1' }), of('Eleve', { code: 'EDU-2' })], EDUCADHOC, false],
    ['no Educadhoc application in the catalogue', [of('Enseignant', { code: 'EDU-1' })], undefined, false],
  ])('%s → %s', (_case, selected, educadhocId, expected) => {
    expect(canActivatePne(selected, educadhocId)).toBe(expected);
  });

  it('reads the code of the Educadhoc application only', () => {
    const withOtherCode = user({ profile: 'Enseignant', applications: { '13': { status: 1, code: 'KNE-1' } } });
    expect(hasEducadhocCode(withOtherCode, EDUCADHOC)).toBe(false);
    expect(hasEducadhocCode(withOtherCode, 13)).toBe(true);
  });

  it('finds the Educadhoc application by name, whatever its case', () => {
    const catalogue = [
      { idApplication: 3, name: 'Kwyk' },
      { idApplication: 7, name: 'EDUCADHOC' },
    ];
    expect(findEducadhocApplication(catalogue)?.idApplication).toBe(7);
    expect(findEducadhocApplication([{ idApplication: 3, name: 'Kwyk' }])).toBeUndefined();
  });
});

describe('admin mode: enabled when all share a value; sets 1 unless all have 1', () => {
  it.each<[string, (0 | 1)[], boolean, 0 | 1]>([
    ['all 0', [0, 0, 0], true, 1],
    ['all 1', [1, 1], true, 0],
    ['mixed', [0, 1], false, 1],
    ['one user with 1', [1], true, 0],
    ['one user with 0', [0], true, 1],
    ['nobody', [], false, 1],
  ])('%s', (_case, modes, canToggle, next) => {
    const selected = modes.map((adminMode) => user({ adminMode }));
    expect(canToggleAdminMode(selected)).toBe(canToggle);
    expect(nextAdminMode(selected)).toBe(next);
  });
});

describe('canConfirmBulkOption: off with no user, no option chosen, or an empty new option name', () => {
  it.each<[string, BulkOptionDraft, boolean]>([
    ['insert a named option', { userCount: 3, action: 'insert', optionCible: 'Latin' }, true],
    ['no user', { userCount: 0, action: 'insert', optionCible: 'Latin' }, false],
    ['insert with an empty name', { userCount: 3, action: 'insert', optionCible: '' }, false],
    ['insert with a blank name', { userCount: 3, action: 'insert', optionCible: '   ' }, false],
    ['delete a chosen option', { userCount: 3, action: 'delete', optionCible: 'Latin' }, true],
    ['delete with no option chosen', { userCount: 3, action: 'delete', optionCible: '' }, false],
    [
      'update from one option to a new name',
      { userCount: 3, action: 'update', optionCible: 'Grec', optionSource: 'Latin' },
      true,
    ],
    ['update with no source chosen', { userCount: 3, action: 'update', optionCible: 'Grec' }, false],
    ['update with a blank source', { userCount: 3, action: 'update', optionCible: 'Grec', optionSource: ' ' }, false],
    ['update with an empty new name', { userCount: 3, action: 'update', optionCible: '', optionSource: 'Latin' }, false],
  ])('%s → %s', (_case, draft, expected) => {
    expect(canConfirmBulkOption(draft)).toBe(expected);
  });
});

describe('mailRecipients: only users with an e-mail', () => {
  it('keeps those with an e-mail, in order, and drops empty, blank and missing ones', () => {
    const first = user({ email: 'a@example.fr' });
    const second = user({ email: 'b@example.fr' });
    expect(mailRecipients([first, user({ email: null }), user({ email: '' }), user({ email: '  ' }), second])).toEqual([
      first,
      second,
    ]);
    expect(mailRecipients([])).toEqual([]);
  });
});

describe('pdfMenuState: off with no selection, a warning past 1000, or past 100 in unitary mode', () => {
  it.each<[number, PdfMode, ReturnType<typeof pdfMenuState>]>([
    [0, 'default', { enabled: false, warning: null }],
    [0, 'unitary', { enabled: false, warning: null }],
    [1, 'default', { enabled: true, warning: null }],
    [PDF_UNITARY_MAX_USERS, 'unitary', { enabled: true, warning: null }],
    [PDF_UNITARY_MAX_USERS + 1, 'unitary', { enabled: true, warning: 'unitary_maximum' }],
    [PDF_UNITARY_MAX_USERS + 1, 'default', { enabled: true, warning: null }],
    [PDF_UNITARY_MAX_USERS + 1, 'class', { enabled: true, warning: null }],
    [PDF_MAX_USERS, 'level', { enabled: true, warning: null }],
    [PDF_MAX_USERS + 1, 'default', { enabled: true, warning: 'maximum' }],
    [PDF_MAX_USERS + 1, 'unitary', { enabled: true, warning: 'maximum' }],
  ])('%i users in %s mode', (count, mode, expected) => {
    expect(pdfMenuState(count, mode)).toEqual(expected);
  });

  it('has the spec’s limits', () => {
    expect([PDF_MAX_USERS, PDF_UNITARY_MAX_USERS]).toEqual([1000, 100]);
  });
});

describe('canExportAsm: needs the school’s location id', () => {
  it.each<[string | null | undefined, boolean]>([
    ['LOC-42', true],
    ['', false],
    ['   ', false],
    [null, false],
    [undefined, false],
  ])('%j → %s', (locationId, expected) => {
    expect(canExportAsm(locationId)).toBe(expected);
  });
});
