import { describe, expect, it } from 'vitest';
import { previewAccess, withDefaultApplications } from './plan-accesses.js';

const line = (idApplication: number, etat: 0 | 1 | null) => ({ idApplication, etat, login: null, password: null, code: 'K' });

describe('withDefaultApplications', () => {
  it('adds, enabled and blank, each default the line does not name, a 0 of the line keeping one off', () => {
    const { wanted, bySchool } = withDefaultApplications([line(1, 0), line(2, 1)], [1, 3, 2, 4]);
    expect(wanted).toEqual([
      line(1, 0),
      line(2, 1),
      { idApplication: 3, etat: 1, login: null, password: null, code: null },
      { idApplication: 4, etat: 1, login: null, password: null, code: null },
    ]);
    expect([...bySchool]).toEqual([3, 4]);
  });

  it('leaves the line as it is when the school gives nothing', () => {
    expect(withDefaultApplications([line(1, 1)], [])).toEqual({ wanted: [line(1, 1)], bySchool: new Set() });
  });
});

describe('previewAccess', () => {
  it('says which accesses the school’s defaults gave, and never shows a password', () => {
    const access = { applicationId: 3, etat: 1 as const, login: 'a.b', passwordEncrypted: 'v1:sealed', keys: null };
    expect(previewAccess(access, new Set([3]))).toEqual({ idApplication: 3, etat: 1, login: 'a.b', code: null, bySchool: true });
    expect(previewAccess(access)).toEqual({ idApplication: 3, etat: 1, login: 'a.b', code: null });
  });
});
