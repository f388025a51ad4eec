import { users as contract } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { newAccessCredentialsOf, uniqueApplications } from './add-user.policy.js';

const flags = {
  urlSchemeLoginRequired: true,
  urlSchemePwdRequired: true,
  urlSchemeCodeYesNo: false,
  urlSchemeCodeRequired: false,
  applicationCodeYesNo: false,
  applicationCodeRequired: true,
  commonCode: null,
};
const account = { login: 'jean.dupont', password: 'ravo4821' };

describe('newAccessCredentialsOf', () => {
  it('defaults a blank login and password to the user’s and asks a required code', () => {
    const fields = contract.credentialFieldsOf(flags, undefined);
    expect(newAccessCredentialsOf(fields, { login: null }, account)).toEqual({
      login: 'jean.dupont',
      password: 'ravo4821',
      keys: null,
      missing: ['keys'],
    });
    expect(newAccessCredentialsOf(fields, { login: 'autre', password: 'x', keys: 'C-1' }, account)).toEqual({
      login: 'autre',
      password: 'x',
      keys: 'C-1',
      missing: [],
    });
  });

  it('fills a blank code with the common code', () => {
    const fields = contract.credentialFieldsOf(flags, {
      platformCodeYesNo: true,
      platformCodeRequired: true,
      commonCode: 'COMMUN',
    });
    expect(newAccessCredentialsOf(fields, {}, account)).toMatchObject({ keys: 'COMMUN', missing: [] });
  });
});

describe('uniqueApplications', () => {
  it('keeps the first mention of each application with its index', () => {
    expect(uniqueApplications([{ idApplication: 3 }, { idApplication: 4 }, { idApplication: 3 }])).toEqual([
      { index: 0, application: { idApplication: 3 } },
      { index: 1, application: { idApplication: 4 } },
    ]);
  });
});
