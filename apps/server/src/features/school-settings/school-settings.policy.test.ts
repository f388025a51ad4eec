import { schoolSettings } from '@console/contract';
import { SWITCHES_OFF } from '@console/contract/testing/school-settings';
import { describe, expect, it } from 'vitest';
import { planParamsChange } from './school-settings.policy.js';
import { asmFieldsOf, deploymentFieldsOf, isSecretSet, platformValuesOf, storedSecretOf } from './school-settings.presenter.js';
import type { CataloguePlatformRow, SchoolSettingsRow } from './school-settings.repository.js';

const school: SchoolSettingsRow = {
  uai: '0693284V',
  name: 'Collège Jean Moulin',
  extension: 'clg-moulin',
  adminDuration: 0,
  connectRndPwd: false,
  regexEstab: [],
  deployment: { managedFleet: 1, depSsid: 'CLG', asmInformations: { locationId: 'L1' } },
};

const off = SWITCHES_OFF;
const platforms = new Map([
  ['KWYK', off],
  ['PNE', { ...off, platformCodeYesNo: true, platformCodeRequired: true }],
]);

const plan = (update: schoolSettings.SchoolParamsUpdate) => planParamsChange(school, platforms, update);

describe('a change of school settings, planned against the current values', () => {
  it.each<[string, schoolSettings.SchoolParamsUpdate]>([
    ['an empty change', {}],
    ['the same informations', { informations: { name: 'Collège Jean Moulin', adminDuration: 0 } }],
    ['the same login pattern', { regexEstab: [] }],
    ["a platform's current values", { platforms: [{ platformId: 'PNE', platformCodeRequired: true }] }],
    ['the stored deployment, or its defaults', { deployment: { managedFleet: 1, depSsid: 'CLG', depComment: '', mdm: null } }],
  ])('writes nothing for %s', (_case, update) => {
    expect(plan(update)).toMatchObject({ fieldErrors: {}, columns: {}, deployment: {}, platforms: [], before: {}, after: {} });
  });

  it('keeps the changed fields only, old and new, by part', () => {
    const planned = plan({
      informations: { name: 'Collège Moulin', adminDuration: 0 },
      platforms: [{ platformId: 'KWYK', connectDiffPassword: true, commonCode: '' }],
      deployment: { managedFleet: 0, depSsid: 'CLG' },
    });
    expect(planned).toMatchObject({
      columns: { name: 'Collège Moulin' },
      deployment: { managedFleet: 0 },
      platforms: [{ platformId: 'KWYK', values: { ...off, connectDiffPassword: true } }],
      before: {
        informations: { name: 'Collège Jean Moulin' },
        platforms: { KWYK: { connectDiffPassword: false } },
        deployment: { managedFleet: 1 },
      },
      after: {
        informations: { name: 'Collège Moulin' },
        platforms: { KWYK: { connectDiffPassword: true } },
        deployment: { managedFleet: 0 },
      },
    });
  });

  it('merges the entries of one platform in order, over its current values', () => {
    const planned = plan({
      platforms: [
        { platformId: 'KWYK', commonCodeYesNo: true, commonCode: 'K-1' },
        { platformId: 'KWYK', commonCodeRequired: true },
      ],
    });
    expect(planned.fieldErrors).toEqual({});
    expect(planned.platforms).toEqual([
      { platformId: 'KWYK', values: { ...off, commonCodeYesNo: true, commonCode: 'K-1', commonCodeRequired: true } },
    ]);
  });

  it.each<[string, schoolSettings.SchoolPlatformUpdate, Record<string, string[]>]>([
    ['an unknown platform', { platformId: 'NOPE' }, { 'platforms.0.platformId': [schoolSettings.UNKNOWN_SCHOOL_PLATFORM] }],
    [
      'a code required without its yes/no',
      { platformId: 'PNE', platformCodeYesNo: false },
      { 'platforms.0.platformCodeRequired': [schoolSettings.REQUIRED_WITHOUT_CODE] },
    ],
    [
      'a common code required but empty',
      { platformId: 'KWYK', commonCodeYesNo: true, commonCodeRequired: true },
      { 'platforms.0.commonCode': [schoolSettings.COMMON_CODE_MISSING] },
    ],
  ])('names the field of %s', (_case, entry, fieldErrors) => {
    expect(plan({ platforms: [entry] }).fieldErrors).toEqual(fieldErrors);
  });

  it.each<[string, schoolSettings.SchoolParamsUpdate, { name: string; value: string | null }[]]>([
    ['a key with the informations', { informations: { ecoleDirecteApiKey: 'k' } }, [{ name: 'ecoleDirecteApiKey', value: 'k' }]],
    ['an empty text as a removal', { deployment: { depPassword: '' } }, [{ name: 'depPassword', value: null }]],
    [
      "the deployment's key over the informations'",
      { informations: { ecoleDirecteApiKey: 'a' }, deployment: { ecoleDirecteApiKey: 'b' } },
      [{ name: 'ecoleDirecteApiKey', value: 'b' }],
    ],
    ['nothing for an absent secret', { deployment: { depSsid: 'X' } }, []],
    [
      "the ASM server's password with its tab",
      { deployment: { asmInformations: { sftpPassword: 'p' } } },
      [{ name: 'sftpPassword', value: 'p' }],
    ],
  ])('asks for %s, and never audits a secret', (_case, update, secrets) => {
    const planned = plan(update);
    expect(planned.secrets).toEqual(secrets);
    expect(JSON.stringify([planned.before, planned.after])).not.toMatch(/ecoleDirecteApiKey|depPassword|sftpPassword/);
  });

  it("plans the ASM tab's changed fields against the stored ones and their defaults (port 22, SFTP)", () => {
    const planned = plan({
      deployment: {
        depSsid: 'CLG',
        asmInformations: { locationId: 'L1', sftpUrl: 'sftp.example.fr', sftpPort: 22, isSftp: false },
      },
    });
    expect(planned.deployment).toEqual({});
    expect(planned.asm).toEqual({ sftpUrl: 'sftp.example.fr', isSftp: false });
    expect(planned.before).toEqual({ deployment: { asmInformations: { sftpUrl: '', isSftp: true } } });
    expect(planned.after).toEqual({ deployment: { asmInformations: { sftpUrl: 'sftp.example.fr', isSftp: false } } });
  });
});

describe('the stored settings as read', () => {
  it.each<[string, unknown, ReturnType<typeof deploymentFieldsOf>]>([
    ['nothing', {}, { mdm: null, materialType: null, managedFleet: 2, depComment: '', depWifiQuality: null, depSsid: '' }],
    [
      'not an object',
      ['x'],
      { mdm: null, materialType: null, managedFleet: 2, depComment: '', depWifiQuality: null, depSsid: '' },
    ],
    [
      'wrong types',
      { mdm: '3', materialType: 1.5, managedFleet: 4, depComment: 7, depWifiQuality: 9, depSsid: null },
      { mdm: null, materialType: null, managedFleet: 2, depComment: '', depWifiQuality: null, depSsid: '' },
    ],
    [
      'every field',
      { mdm: 3, materialType: 1, managedFleet: 0, depComment: 'c', depWifiQuality: 0, depSsid: 's' },
      { mdm: 3, materialType: 1, managedFleet: 0, depComment: 'c', depWifiQuality: 0, depSsid: 's' },
    ],
  ])('reads the deployment fields of %s', (_case, deployment, fields) => {
    expect(deploymentFieldsOf(deployment)).toEqual(fields);
  });

  it('finds each secret where it lives, set when not blank', () => {
    const deployment = { depPassword: '  ', ecoleDirecteApiKey: 'v1:x', asmInformations: { sftpPassword: 'v1:y' } };
    expect(schoolSettings.SCHOOL_SECRETS.map((name) => isSecretSet(storedSecretOf(deployment, name)))).toEqual([
      true,
      false,
      true,
    ]);
    expect(storedSecretOf({ asmInformations: 'x' }, 'sftpPassword')).toBeUndefined();
  });

  it("reads a platform the school never changed at the catalogue's defaults", () => {
    const platform: CataloguePlatformRow = {
      id: 'HMH',
      name: 'HMH',
      order: 1,
      urlSchemeCodeYesNo: true,
      platformCodeYesNo: false,
      platformCodeRequired: false,
      commonCode: 'HMH-2026',
    };
    expect(platformValuesOf(platform, undefined)).toEqual({
      ...off,
      platformUrlschemeCodeYesNo: true,
      commonCodeYesNo: true,
      commonCode: 'HMH-2026',
    });
    expect(platformValuesOf({ ...platform, commonCode: null }, undefined)).toMatchObject({
      commonCodeYesNo: false,
      commonCode: '',
    });
  });

  it("reads the ASM tab's stored fields, a value of another type at its default", () => {
    expect(asmFieldsOf({ asmInformations: { locationId: 'L1', sftpPort: 70000, isSftp: 'no', sftpUser: 4 } })).toEqual({
      locationId: 'L1',
      sftpUrl: '',
      sftpUser: '',
      sftpPort: 22,
      isSftp: true,
    });
    expect(asmFieldsOf({ asmInformations: { sftpPort: 2222, isSftp: false } })).toMatchObject({ sftpPort: 2222, isSftp: false });
  });
});
