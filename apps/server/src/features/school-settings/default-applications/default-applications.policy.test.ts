import { schoolSettings, type users } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { planDefaultApplicationsChange, presentDefaultApplications } from './default-applications.policy.js';

const free: users.CredentialFields = {
  login: { required: false },
  password: { required: false },
  keys: { shown: false, required: false },
  commonCode: null,
};
const codeRequired = (commonCode: string | null): users.CredentialFields => ({
  ...free,
  keys: { shown: true, required: true },
  commonCode,
});

describe('planDefaultApplicationsChange', () => {
  it('plans the profiles whose list changes, each list sorted and each id once, with the audit’s before and after', () => {
    const held = new Map([[1, [3]]]);
    const plan = planDefaultApplicationsChange(
      held,
      { Eleve: [7, 3, 7], Enseignant: [] },
      new Map([
        [3, free],
        [7, free],
      ]),
    );
    expect(plan).toEqual({
      changes: [{ profile: 'Eleve', applicationIds: [3, 7] }],
      fieldErrors: {},
      before: { Eleve: [3] },
      after: { Eleve: [3, 7] },
    });
  });

  it('refuses an application the catalogue lacks and one whose required code no common code fills', () => {
    const plan = planDefaultApplicationsChange(
      new Map(),
      { Eleve: [5, 6, 9] },
      new Map([
        [5, codeRequired(null)],
        [6, codeRequired('CODE-2026')],
      ]),
    );
    expect(plan.fieldErrors).toEqual({
      'defaultApplications.Eleve.5': [schoolSettings.DEFAULT_APPLICATION_NEEDS_CREDENTIALS],
      'defaultApplications.Eleve.9': [schoolSettings.UNKNOWN_DEFAULT_APPLICATION],
    });
  });
});

describe('presentDefaultApplications', () => {
  it('answers every profile, empty when the school gives it none', () => {
    expect(presentDefaultApplications(new Map([[2, [4]]]))).toEqual({ Eleve: [], Enseignant: [4] });
  });
});
