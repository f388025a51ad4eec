import { describe, expect, it } from 'vitest';
import { credentialFieldsOf, type CredentialApplication, type CredentialPlatform } from '../users/rules.js';
import { schoolCredentialInputs, type SchoolPlatformCredentials } from './credentials.js';
import { SWITCHES_OFF } from './school-settings.test-support.js';

const application: CredentialApplication & { connectDiffPassword: boolean } = {
  urlSchemeLoginRequired: true,
  urlSchemePwdRequired: false,
  urlSchemeCodeYesNo: true,
  urlSchemeCodeRequired: false,
  applicationCodeYesNo: false,
  applicationCodeRequired: false,
  commonCode: null,
  connectDiffPassword: true,
};
const platform: CredentialPlatform = { platformCodeYesNo: true, platformCodeRequired: true, commonCode: 'CATALOGUE-P' };
/** A school's row that changes nothing of a plain platform. */
const plainRow: SchoolPlatformCredentials = SWITCHES_OFF;

describe('schoolCredentialInputs', () => {
  it("answers the catalogue's application and platform as they are when the school has no row", () => {
    const inputs = schoolCredentialInputs(application, platform, undefined);
    expect(inputs.application).toBe(application);
    expect(inputs.platform).toBe(platform);
    expect(schoolCredentialInputs(application, undefined, undefined).platform).toBeUndefined();
  });

  it.each<[string, Partial<SchoolPlatformCredentials>, Partial<typeof application>, Partial<CredentialPlatform>]>([
    [
      'the URL scheme code, the code options and the password apart off',
      {},
      { urlSchemeCodeYesNo: false, commonCode: null, connectDiffPassword: false },
      { platformCodeYesNo: false, platformCodeRequired: false, commonCode: null },
    ],
    [
      'the URL scheme code on',
      { platformUrlschemeCodeYesNo: true },
      { urlSchemeCodeYesNo: true },
      { platformCodeYesNo: false, platformCodeRequired: false },
    ],
    [
      'a platform code shown and required',
      { platformCodeYesNo: true, platformCodeRequired: true },
      { urlSchemeCodeYesNo: false },
      { platformCodeYesNo: true, platformCodeRequired: true },
    ],
    [
      "the school's common code, trimmed, on the application and the platform",
      { commonCodeYesNo: true, commonCode: '  ECOLE-2026 ' },
      { commonCode: 'ECOLE-2026' },
      { commonCode: 'ECOLE-2026' },
    ],
    [
      'a common code given but switched off',
      { commonCodeYesNo: false, commonCode: 'ECOLE-2026' },
      { commonCode: null },
      { commonCode: null },
    ],
    [
      'a common code switched on but blank, with none in the catalogue',
      { commonCodeYesNo: true, commonCode: ' ' },
      { commonCode: null },
      { commonCode: null },
    ],
    ['the password apart', { connectDiffPassword: true }, { connectDiffPassword: true }, {}],
  ])('applies the school row: %s', (_, row, expectedApplication, expectedPlatform) => {
    const inputs = schoolCredentialInputs(application, platform, { ...plainRow, ...row });
    expect(inputs.application).toEqual({
      ...application,
      ...{ urlSchemeCodeYesNo: false, connectDiffPassword: false },
      ...expectedApplication,
    });
    expect(inputs.platform).toMatchObject(expectedPlatform);
  });

  it("keeps the application's own catalogue code unless the school gives its own", () => {
    const own = { ...application, commonCode: 'APP-1' };
    expect(schoolCredentialInputs(own, platform, { ...plainRow, commonCodeYesNo: true }).application.commonCode).toBe('APP-1');
    expect(
      schoolCredentialInputs(own, platform, { ...plainRow, commonCodeYesNo: true, commonCode: 'ECOLE' }).application.commonCode,
    ).toBe('ECOLE');
    // Switched off, the platform's code goes, the application's own stays.
    const off = schoolCredentialInputs(own, platform, plainRow);
    expect(off.application.commonCode).toBe('APP-1');
    expect(off.platform?.commonCode).toBeNull();
  });

  it('leaves the catalogue fields the school does not set, and adds no password flag the application lacks', () => {
    const { connectDiffPassword: _, ...bare } = application;
    const inputs = schoolCredentialInputs({ ...bare, applicationCodeRequired: true }, platform, {
      ...plainRow,
      connectDiffPassword: true,
    });
    expect(inputs.application).not.toHaveProperty('connectDiffPassword');
    expect(inputs.application).toMatchObject({ urlSchemeLoginRequired: true, applicationCodeRequired: true });
  });

  it('decides the credential fields: a school code fills the code, a school requirement asks it', () => {
    const withCode = schoolCredentialInputs(application, platform, {
      ...plainRow,
      platformCodeRequired: true,
      platformCodeYesNo: true,
      commonCodeYesNo: true,
      commonCode: 'ECOLE-2026',
    });
    expect(credentialFieldsOf(withCode.application, withCode.platform)).toMatchObject({
      keys: { shown: true, required: false },
      commonCode: 'ECOLE-2026',
    });
    const required = schoolCredentialInputs(
      { ...application, urlSchemeCodeYesNo: false },
      { ...platform, platformCodeRequired: false, commonCode: null },
      {
        ...plainRow,
        platformCodeYesNo: true,
        platformCodeRequired: true,
      },
    );
    expect(credentialFieldsOf(required.application, required.platform)).toMatchObject({
      keys: { shown: true, required: true },
      commonCode: null,
    });
    // The catalogue's platform code no longer fills it once the school's row says no common code.
    const none = schoolCredentialInputs(application, platform, {
      ...plainRow,
      platformCodeRequired: true,
      platformCodeYesNo: true,
    });
    expect(credentialFieldsOf(application, platform).keys.required).toBe(false);
    expect(credentialFieldsOf(none.application, none.platform)).toMatchObject({ keys: { required: true }, commonCode: null });
  });
});
