import { describe, expect, it } from 'vitest';
import {
  COMMON_CODE_MISSING,
  INVALID_EXTENSION,
  REQUIRED_WITHOUT_CODE,
  schoolParamsUpdateSchema,
  schoolPlatformProblems,
  withLinkedToggles,
  type SchoolPlatformValues,
} from './params.js';
import { SWITCHES_OFF } from './school-settings.test-support.js';

const off: SchoolPlatformValues = SWITCHES_OFF;

describe('the linked toggles of a school platform', () => {
  it('switches a code on when its "required" is switched on', () => {
    expect(withLinkedToggles(off, 'platformCodeRequired', true)).toMatchObject({
      platformCodeRequired: true,
      platformCodeYesNo: true,
    });
    expect(withLinkedToggles(off, 'commonCodeRequired', true)).toMatchObject({ commonCodeRequired: true, commonCodeYesNo: true });
  });

  it('switches "required" off when its code is switched off, and leaves the other pair alone', () => {
    const on = { ...off, platformCodeYesNo: true, platformCodeRequired: true, commonCodeYesNo: true, commonCodeRequired: true };
    expect(withLinkedToggles(on, 'platformCodeYesNo', false)).toMatchObject({
      platformCodeYesNo: false,
      platformCodeRequired: false,
      commonCodeYesNo: true,
      commonCodeRequired: true,
    });
    expect(withLinkedToggles(on, 'commonCodeYesNo', false)).toMatchObject({
      commonCodeRequired: false,
      platformCodeRequired: true,
    });
  });

  it('says which values cannot stand together', () => {
    expect(schoolPlatformProblems({ ...off, platformCodeRequired: true })).toEqual({
      platformCodeRequired: REQUIRED_WITHOUT_CODE,
    });
    expect(schoolPlatformProblems({ ...off, commonCodeYesNo: true, commonCodeRequired: true, commonCode: ' ' })).toEqual({
      commonCode: COMMON_CODE_MISSING,
    });
    expect(schoolPlatformProblems({ ...off, commonCodeYesNo: true, commonCodeRequired: true, commonCode: 'HMH-2026' })).toEqual(
      {},
    );
  });
});

describe('a change of school settings', () => {
  it('reads a partial change and refuses what it does not know', () => {
    expect(schoolParamsUpdateSchema.parse({ informations: { extension: ' CLG-Moulin ' } })).toEqual({
      informations: { extension: 'clg-moulin' },
    });
    expect(schoolParamsUpdateSchema.safeParse({ informations: { uai: '0123456A' } }).success).toBe(false);
    expect(schoolParamsUpdateSchema.safeParse({ deployment: { managedFleet: 3 } }).success).toBe(false);
    expect(schoolParamsUpdateSchema.safeParse({ deployment: { depWifiQuality: 4 } }).success).toBe(false);
  });

  it('refuses an extension a login could not end with, and an Admin mode longer than a week', () => {
    const extension = schoolParamsUpdateSchema.safeParse({ informations: { extension: 'clg moulin' } });
    expect(extension.error?.issues[0]).toMatchObject({ path: ['informations', 'extension'], message: INVALID_EXTENSION });
    expect(schoolParamsUpdateSchema.safeParse({ informations: { extension: '' } }).success).toBe(true);
    expect(schoolParamsUpdateSchema.safeParse({ informations: { adminDuration: 604_801 } }).success).toBe(false);
    expect(schoolParamsUpdateSchema.safeParse({ informations: { adminDuration: 0 } }).success).toBe(true);
  });

  it("checks the school's login pattern as the Regex tab checks the general one", () => {
    expect(schoolParamsUpdateSchema.safeParse({ regexEstab: [{ field: 'login', regex: '[a-z.]' }] }).success).toBe(true);
    const unsafe = schoolParamsUpdateSchema.safeParse({ regexEstab: [{ field: 'login', regex: '[a-z<>]' }] });
    expect(unsafe.error?.issues[0]?.path).toEqual(['regexEstab', 0, 'regex']);
  });
});
