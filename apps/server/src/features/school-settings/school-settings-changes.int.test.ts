// Changing a school's settings: all or nothing, only what differs, audited.
import { schools as schoolsContract, schoolSettings as contract } from '@console/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schoolPlatforms } from '#platform/db/schema/index.js';
import { requestOf } from '#test/context.js';
import { buildSchool, nextUai } from '#test/factories.js';
import {
  arrangeSchoolSettings,
  auditOf,
  defaultPlatforms,
  EMPTY_ASM,
  home,
  materialIds,
  mdmIds,
  paramsOf,
  send,
  storedSchool,
  t,
  update,
} from './school-settings.test-support.js';

beforeAll(arrangeSchoolSettings);
afterAll(() => t.close());

describe('PATCH /schools/:uai/params', () => {
  it('changes the informations, answers the settings, and the schools list shows the new name', async () => {
    const uai = (await buildSchool(t.db, { name: 'Collège Avant', extension: 'clg-avant' })).uai;
    const response = await update('admin', uai, {
      informations: { name: 'Collège Après', extension: ' CLG-Apres ', adminDuration: 1800, connectRndPwd: true },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().informations).toEqual({
      uai,
      name: 'Collège Après',
      extension: 'clg-apres',
      adminDuration: 1800,
      connectRndPwd: true,
    });
    expect((await paramsOf(uai)).informations.name).toBe('Collège Après');
    const list = schoolsContract.listSchools.answer.parse((await send('admin', requestOf(schoolsContract.listSchools))).json());
    expect(list.find((school) => school.UAI === uai)).toMatchObject({ Nom: 'Collège Après', Extension: 'clg-apres' });
    const entries = await auditOf(uai);
    expect(
      entries.map(({ action, uai: school, actorLabel, before, after }) => ({ action, school, actorLabel, before, after })),
    ).toEqual([
      {
        action: 'update_params',
        school: uai,
        actorLabel: 'Alice Durand',
        before: { informations: { name: 'Collège Avant', extension: 'clg-avant', adminDuration: 0, connectRndPwd: false } },
        after: { informations: { name: 'Collège Après', extension: 'clg-apres', adminDuration: 1800, connectRndPwd: true } },
      },
    ]);
  });

  it('audits only the fields that changed, and writes nothing when nothing changes', async () => {
    const uai = (await buildSchool(t.db, { name: 'Collège Stable', extension: 'clg-stable' })).uai;
    const same = await update('admin', uai, {
      informations: { name: 'Collège Stable', extension: 'clg-stable' },
      regexEstab: [],
      platforms: [{ platformId: 'SSHMH', commonCode: 'HMH-2026' }],
      deployment: { managedFleet: 2, depSsid: '', depPassword: null },
    });
    expect(same.statusCode, same.body).toBe(200);
    expect(await auditOf(uai)).toEqual([]);
    expect(await t.db.select().from(schoolPlatforms).where(eq(schoolPlatforms.uai, uai))).toEqual([]);

    expect((await update('admin', uai, { informations: { name: 'Collège Stable', adminDuration: 60 } })).statusCode).toBe(200);
    expect((await auditOf(uai)).map(({ before, after }) => ({ before, after }))).toEqual([
      { before: { informations: { adminDuration: 0 } }, after: { informations: { adminDuration: 60 } } },
    ]);
  });

  it("replaces the school's login pattern, and empties it", async () => {
    const uai = (await buildSchool(t.db)).uai;
    const set = await update('admin', uai, { regexEstab: [{ field: 'login', regex: ' [a-z.] ' }] });
    expect(set.statusCode, set.body).toBe(200);
    expect((await paramsOf(uai)).regexEstab).toEqual([{ field: 'login', regex: '[a-z.]' }]);
    expect((await storedSchool(uai)).regexEstab).toEqual([{ field: 'login', regex: '[a-z.]' }]);
    expect((await update('admin', uai, { regexEstab: [] })).statusCode).toBe(200);
    expect((await paramsOf(uai)).regexEstab).toEqual([]);
  });

  it("writes a platform's settings merged over the current ones, and leaves the other platforms at the catalogue's", async () => {
    const uai = (await buildSchool(t.db)).uai;
    const first = await update('admin', uai, {
      platforms: [{ platformId: 'SSKWYK', commonCodeYesNo: true, commonCodeRequired: true, commonCode: 'KWYK-1' }],
    });
    expect(first.statusCode, first.body).toBe(200);
    const kwyk = { ...defaultPlatforms[1]!, commonCodeYesNo: true, commonCodeRequired: true, commonCode: 'KWYK-1' };
    expect(first.json().platforms).toEqual([defaultPlatforms[0], kwyk, defaultPlatforms[2]]);

    // A second change of one field keeps the first change's others.
    expect((await update('admin', uai, { platforms: [{ platformId: 'SSKWYK', connectDiffPassword: true }] })).statusCode).toBe(
      200,
    );
    // The catalogue's defaults are the starting point of a platform the school never changed.
    expect(
      (await update('admin', uai, { platforms: [{ platformId: 'SSPNE', platformUrlschemeCodeYesNo: false }] })).statusCode,
    ).toBe(200);
    expect((await paramsOf(uai)).platforms).toEqual([
      defaultPlatforms[0],
      { ...kwyk, connectDiffPassword: true },
      { ...defaultPlatforms[2]!, platformUrlschemeCodeYesNo: false },
    ]);
    const rows = await t.db
      .select()
      .from(schoolPlatforms)
      .where(eq(schoolPlatforms.uai, uai))
      .orderBy(schoolPlatforms.platformId);
    expect(rows.map((row) => [row.platformId, row.codeRequired, row.commonCode])).toEqual([
      ['SSKWYK', false, 'KWYK-1'],
      ['SSPNE', true, ''],
    ]);
    expect((await auditOf(uai)).at(-1)).toMatchObject({
      before: { platforms: { SSPNE: { platformUrlschemeCodeYesNo: true } } },
      after: { platforms: { SSPNE: { platformUrlschemeCodeYesNo: false } } },
    });
  });

  it('changes the deployment, keeping the keys it does not know', async () => {
    const uai = (await buildSchool(t.db, { deployment: { asmInformations: { locationId: 'L1', history: [] }, note: 'garde' } }))
      .uai;
    const deployment = {
      mdm: mdmIds['Jamf School']!,
      materialType: materialIds.iPad!,
      managedFleet: 1,
      depComment: 'Tablettes des 6e',
      depWifiQuality: 3,
      depSsid: 'CLG-TABLETTES',
    };
    const response = await update('manager', home, { deployment: { depSsid: 'HOME-WIFI' } });
    expect(response.statusCode, response.body).toBe(200);
    const changed = await update('admin', uai, { deployment });
    expect(changed.statusCode, changed.body).toBe(200);
    const asmInformations = { ...EMPTY_ASM, locationId: 'L1' };
    expect(changed.json().deployment).toEqual({ ...deployment, asmInformations });
    expect((await paramsOf(uai)).deployment).toEqual({ ...deployment, asmInformations });
    expect((await storedSchool(uai)).deployment).toEqual({
      ...deployment,
      asmInformations: { locationId: 'L1', history: [] },
      note: 'garde',
    });
    expect((await update('admin', uai, { deployment: { mdm: null, depWifiQuality: null } })).statusCode).toBe(200);
    expect((await paramsOf(uai)).deployment).toMatchObject({ mdm: null, depWifiQuality: null, materialType: materialIds.iPad });
  });

  it('refuses a change with one bad field whole: a good name and an unknown MDM or material write nothing', async () => {
    const uai = (await buildSchool(t.db, { name: 'Collège Intact' })).uai;
    const before = await storedSchool(uai);
    const response = await update('admin', uai, {
      informations: { name: 'Collège Renommé' },
      platforms: [{ platformId: 'SSKWYK', connectDiffPassword: true }],
      deployment: { mdm: 999_999, materialType: 999_998, depSsid: 'X', depPassword: 'jamais-ecrit' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'validation_failed',
      details: {
        fieldErrors: { 'deployment.mdm': [contract.UNKNOWN_MDM], 'deployment.materialType': [contract.UNKNOWN_MATERIAL] },
      },
    });
    expect(await storedSchool(uai)).toEqual(before);
    expect(await t.db.select().from(schoolPlatforms).where(eq(schoolPlatforms.uai, uai))).toEqual([]);
    expect(await auditOf(uai)).toEqual([]);
    // An id past the id column's range is unknown too, never a failed query.
    const huge = await update('admin', uai, { deployment: { mdm: 2 ** 31 } });
    expect(huge.json().details?.fieldErrors).toEqual({ 'deployment.mdm': [contract.UNKNOWN_MDM] });
  });

  it("refuses linked toggles that cannot stand together, naming the platform's index and field", async () => {
    const uai = (await buildSchool(t.db)).uai;
    const response = await update('admin', uai, {
      platforms: [
        { platformId: 'SSKWYK', connectDiffPassword: true },
        { platformId: 'SSPNE', platformCodeYesNo: false },
        { platformId: 'SSHMH', commonCodeRequired: true, commonCode: ' ' },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details.fieldErrors).toEqual({
      'platforms.1.platformCodeRequired': [contract.REQUIRED_WITHOUT_CODE],
      'platforms.2.commonCode': [contract.COMMON_CODE_MISSING],
    });
    expect(await t.db.select().from(schoolPlatforms).where(eq(schoolPlatforms.uai, uai))).toEqual([]);
  });

  it('refuses a platform the catalogue lacks', async () => {
    const uai = (await buildSchool(t.db)).uai;
    const response = await update('admin', uai, {
      platforms: [
        { platformId: 'SSKWYK', connectDiffPassword: true },
        { platformId: 'NOPE', connectDiffPassword: true },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details.fieldErrors).toEqual({ 'platforms.1.platformId': [contract.UNKNOWN_SCHOOL_PLATFORM] });
    expect(await t.db.select().from(schoolPlatforms).where(eq(schoolPlatforms.uai, uai))).toEqual([]);
  });

  it('refuses input the contract refuses, naming the field', async () => {
    const response = await update('admin', home, { informations: { extension: 'clg moulin', adminDuration: -1 } });
    expect(response.statusCode).toBe(400);
    expect(response.json().details.fieldErrors).toMatchObject({
      'informations.extension': [contract.INVALID_EXTENSION],
      'informations.adminDuration': [contract.ADMIN_DURATION_RANGE],
    });
    expect((await update('admin', home, { deployment: { managedFleet: 5 } })).statusCode).toBe(400);
  });

  it('answers 401 without a session and 404 for an unknown school', async () => {
    const request = { ...requestOf(contract.updateSchoolParams, { uai: home }), payload: { informations: { name: 'X' } } };
    expect((await t.app.inject(request)).statusCode).toBe(401);
    expect((await update('admin', nextUai(), { informations: { name: 'X' } })).statusCode).toBe(404);
  });

  it('leaves a school with platform settings deletable: its rows go with it', async () => {
    const uai = (await buildSchool(t.db)).uai;
    expect((await update('admin', uai, { platforms: [{ platformId: 'SSKWYK', connectDiffPassword: true }] })).statusCode).toBe(
      200,
    );
    const deleted = await send('admin', requestOf(schoolsContract.deleteSchool, { uai }));
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await t.db.select().from(schoolPlatforms).where(eq(schoolPlatforms.uai, uai))).toEqual([]);
  });
});
