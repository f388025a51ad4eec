import { schools as schoolsContract, schoolSettings as contract } from '@console/contract';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret } from '#platform/auth/secrets.js';
import { auditLog, materialTypes, mdms, platforms, schoolPlatforms, schools } from '#platform/db/schema/index.js';
import { createTestContext, injectAs, requestOf, type TestContext } from '#test/context.js';
import { buildSchool, buildSignedInUsers, nextUai } from '#test/factories.js';

let t: TestContext;
/** The manager's school; `foreign` is nobody's but the Administrateur's. */
let home: string;
let foreign: string;
let cookies: Record<'admin' | 'manager' | 'direction' | 'pupil', string>;
let mdmIds: Record<string, number>;
let materialIds: Record<string, number>;

beforeAll(async () => {
  t = await createTestContext();
  home = (await buildSchool(t.db, { name: 'Collège Jean Moulin', extension: 'clg-moulin' })).uai;
  foreign = (await buildSchool(t.db, { name: 'Collège Pasteur' })).uai;
  await t.db.insert(platforms).values([
    { id: 'SSPNE', name: 'PNE', order: 2, urlSchemeCodeYesNo: true, platformCodeYesNo: true, platformCodeRequired: true },
    { id: 'SSKWYK', name: 'Kwyk', order: 1 },
    { id: 'SSHMH', name: 'HMH', order: 1, commonCode: 'HMH-2026' },
  ]);
  ({ cookies } = await buildSignedInUsers(t, {
    admin: { profile: 'Administrateur', firstname: 'Alice', lastname: 'Durand' },
    manager: { profile: 'Gestionnaire', managedSchools: [home] },
    direction: { profile: 'Administrateur établissement', uai: home },
    pupil: { profile: 'Eleve', uai: home },
  }));
  mdmIds = Object.fromEntries((await t.db.select().from(mdms)).map((row) => [row.label, row.id]));
  materialIds = Object.fromEntries((await t.db.select().from(materialTypes)).map((row) => [row.label, row.id]));
});
afterAll(() => t.close());

type Who = keyof typeof cookies;
const send = (who: Who, request: InjectOptions) => injectAs(t.app, cookies[who], request);
const read = (who: Who, uai: string) => send(who, requestOf(contract.getSchoolParams, { uai }));
const update = (who: Who, uai: string, payload: object) =>
  send(who, { ...requestOf(contract.updateSchoolParams, { uai }), payload });
const reveal = (who: Who, uai: string, name: string) =>
  send(who, { ...requestOf(contract.revealSchoolSecret, { uai }), payload: { name } });
const paramsOf = async (uai: string) => contract.schoolParamsSchema.parse((await read('admin', uai)).json());
const storedSchool = async (uai: string) => (await t.db.select().from(schools).where(eq(schools.uai, uai)))[0]!;
const auditOf = (uai: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'school'), eq(auditLog.entityId, uai)))
    .orderBy(auditLog.id);

/** The ASM tab's fields of a school that saved none. */
const EMPTY_ASM = { locationId: '', sftpUrl: '', sftpUser: '', sftpPort: 22, isSftp: true, hostKey: null, history: [] };

/** The catalogue's defaults of the three test platforms, by order then id. */
const defaultPlatforms = [
  {
    platformId: 'SSHMH',
    platformName: 'HMH',
    platformOrder: 1,
    platformUrlschemeCodeYesNo: false,
    platformCodeYesNo: false,
    platformCodeRequired: false,
    commonCodeYesNo: true,
    commonCodeRequired: false,
    connectDiffPassword: false,
    commonCode: 'HMH-2026',
  },
  {
    platformId: 'SSKWYK',
    platformName: 'Kwyk',
    platformOrder: 1,
    platformUrlschemeCodeYesNo: false,
    platformCodeYesNo: false,
    platformCodeRequired: false,
    commonCodeYesNo: false,
    commonCodeRequired: false,
    connectDiffPassword: false,
    commonCode: '',
  },
  {
    platformId: 'SSPNE',
    platformName: 'PNE',
    platformOrder: 2,
    platformUrlschemeCodeYesNo: true,
    platformCodeYesNo: true,
    platformCodeRequired: true,
    commonCodeYesNo: false,
    commonCodeRequired: false,
    connectDiffPassword: false,
    commonCode: '',
  },
];

describe('GET /schools/:uai/params', () => {
  it("answers a new school's settings: its columns, the catalogue's platform defaults, the deployment defaults", async () => {
    const uai = (
      await buildSchool(t.db, {
        name: 'Collège Neuf',
        extension: 'clg-neuf',
        adminDuration: 600,
        connectRndPwd: true,
        // Wrong types read as the defaults.
        deployment: { managedFleet: 7, depWifiQuality: 'good', depSsid: 3, asmInformations: { locationId: 'L1' } },
      })
    ).uai;
    const response = await read('admin', uai);
    expect(response.statusCode).toBe(200);
    expect(contract.schoolParamsSchema.parse(response.json())).toEqual({
      informations: { uai, name: 'Collège Neuf', extension: 'clg-neuf', adminDuration: 600, connectRndPwd: true },
      regexEstab: [],
      platforms: defaultPlatforms,
      deployment: {
        mdm: null,
        materialType: null,
        managedFleet: 2,
        depComment: '',
        depWifiQuality: null,
        depSsid: '',
        // The stored location id; the rest at its defaults (port 22, SFTP), no history.
        asmInformations: { ...EMPTY_ASM, locationId: 'L1' },
      },
      secrets: { ecoleDirecteApiKey: false, depPassword: false, sftpPassword: false },
      abilities: { canEdit: true },
    });
  });

  it('answers 401 without a session, 404 for an unknown school', async () => {
    expect((await t.app.inject(requestOf(contract.getSchoolParams, { uai: home }))).statusCode).toBe(401);
    expect((await read('admin', nextUai())).statusCode).toBe(404);
  });
});

describe('GET /schools/deploy/options', () => {
  it('answers the MDMs and the material types, each by label', async () => {
    const response = await send('direction', requestOf(contract.getDeploymentOptions));
    expect(response.statusCode).toBe(200);
    const options = contract.deploymentOptionsSchema.parse(response.json());
    expect(options.mdms.map((option) => option.Libelle)).toEqual([
      'Apple Business Essentials',
      'Jamf School',
      'Microsoft Intune',
      'Mosyle Manager',
      'Workspace ONE',
    ]);
    expect(options.materials.map((option) => option.Libelle)).toEqual([
      'Chromebook',
      'iPad',
      'MacBook',
      'Ordinateur portable Windows',
      'Tablette Android',
    ]);
    expect(options.mdms[1]).toEqual({ ID_MDM: mdmIds['Jamf School'], Libelle: 'Jamf School', Image: null });
    expect(options.materials[1]).toEqual({ ID_Type_materiel: materialIds.iPad, Libelle: 'iPad', Image: null });
  });

  it('answers 401 without a session and 403 to a pupil', async () => {
    expect((await t.app.inject(requestOf(contract.getDeploymentOptions))).statusCode).toBe(401);
    expect((await send('pupil', requestOf(contract.getDeploymentOptions))).statusCode).toBe(403);
  });
});

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

describe("a school's secrets", () => {
  const wifi = 'Wifi-Secret-4242';
  const apiKey = 'ed-api-key-9876';

  it('stores a secret sealed, says only that it is set, reveals it on demand, and removes it with an empty text', async () => {
    const uai = (await buildSchool(t.db, { deployment: { asmInformations: { locationId: 'L1' } } })).uai;
    const set = await update('admin', uai, {
      deployment: { depPassword: wifi, depSsid: 'CLG' },
      informations: { ecoleDirecteApiKey: apiKey },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().secrets).toEqual({ ecoleDirecteApiKey: true, depPassword: true, sftpPassword: false });

    const stored = (await storedSchool(uai)).deployment;
    for (const [name, clear] of [
      ['depPassword', wifi],
      ['ecoleDirecteApiKey', apiKey],
    ] as const) {
      expect(stored[name]).toMatch(/^v1:/);
      expect(decryptSecret(t.env.encryptionKey, String(stored[name]))).toBe(clear);
    }
    expect(stored.asmInformations).toEqual({ locationId: 'L1' });

    const revealed = await reveal('admin', uai, 'depPassword');
    expect(revealed.statusCode, revealed.body).toBe(200);
    expect(revealed.json()).toEqual({ value: wifi });
    expect((await reveal('manager', home, 'ecoleDirecteApiKey')).json()).toEqual({ value: null });

    const answers = await Promise.all([
      send('admin', requestOf(schoolsContract.getSchool, { uai })),
      send('admin', requestOf(schoolsContract.listDeployments)),
      read('admin', uai),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).not.toContain(wifi);
      expect(answer.body).not.toContain(apiKey);
      expect(answer.body).not.toContain(String(stored.depPassword));
    }
    const entries = await auditOf(uai);
    expect(JSON.stringify(entries)).not.toContain(wifi);
    expect(JSON.stringify(entries)).not.toContain(apiKey);
    expect(JSON.stringify(entries)).not.toContain('v1:');
    expect(entries.map(({ action, before, after }) => ({ action, before, after }))).toEqual([
      {
        action: 'update_params',
        before: { deployment: { depSsid: '' } },
        after: { deployment: { depSsid: 'CLG' }, secretsChanged: ['ecoleDirecteApiKey', 'depPassword'] },
      },
      { action: 'reveal_secret', before: null, after: { secret: 'depPassword' } },
    ]);

    // The same value again changes nothing.
    expect((await update('admin', uai, { deployment: { depPassword: wifi } })).statusCode).toBe(200);
    expect(await auditOf(uai)).toHaveLength(2);

    const removed = await update('admin', uai, { deployment: { depPassword: '' }, informations: { ecoleDirecteApiKey: null } });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().secrets).toEqual({ ecoleDirecteApiKey: false, depPassword: false, sftpPassword: false });
    expect((await storedSchool(uai)).deployment).toEqual({ asmInformations: { locationId: 'L1' }, depSsid: 'CLG' });
    expect((await reveal('admin', uai, 'depPassword')).json()).toEqual({ value: null });
    expect((await auditOf(uai)).at(-2)).toMatchObject({
      after: { secretsChanged: ['ecoleDirecteApiKey', 'depPassword'] },
    });
  });

  it('reveals the ASM server password kept with the ASM settings', async () => {
    const sealed = encryptSecret(t.env.encryptionKey, 'sftp-secret');
    const uai = (await buildSchool(t.db, { deployment: { asmInformations: { locationId: 'L1', sftpPassword: sealed } } })).uai;
    expect((await paramsOf(uai)).secrets.sftpPassword).toBe(true);
    expect((await reveal('admin', uai, 'sftpPassword')).json()).toEqual({ value: 'sftp-secret' });
  });

  it('answers a legacy clear secret as it is, and seals it at the next change', async () => {
    const uai = (await buildSchool(t.db, { deployment: { ecoleDirecteApiKey: 'demo-key' } })).uai;
    expect((await paramsOf(uai)).secrets.ecoleDirecteApiKey).toBe(true);
    expect((await reveal('admin', uai, 'ecoleDirecteApiKey')).json()).toEqual({ value: 'demo-key' });
    expect((await update('admin', uai, { informations: { adminDuration: 60 } })).statusCode).toBe(200);
    const stored = (await storedSchool(uai)).deployment;
    expect(stored.ecoleDirecteApiKey).toMatch(/^v1:/);
    expect(JSON.stringify(stored)).not.toContain('demo-key');
    expect((await reveal('admin', uai, 'ecoleDirecteApiKey')).json()).toEqual({ value: 'demo-key' });
  });

  it('refuses an unknown secret name with 400, and answers 401 without a session', async () => {
    expect((await reveal('admin', home, 'password')).statusCode).toBe(400);
    const request = { ...requestOf(contract.revealSchoolSecret, { uai: home }), payload: { name: 'depPassword' } };
    expect((await t.app.inject(request)).statusCode).toBe(401);
  });
});

describe('who reaches the school settings', () => {
  it('refuses a school administrator, who lacks adminTabs, with 403 on every school route, even for their own school', async () => {
    expect((await read('direction', home)).statusCode).toBe(403);
    expect((await update('direction', home, { informations: { name: 'Piraté' } })).statusCode).toBe(403);
    expect((await reveal('direction', home, 'depPassword')).statusCode).toBe(403);
    expect((await storedSchool(home)).name).toBe('Collège Jean Moulin');
  });

  it('answers a Gestionnaire 404 for a school not assigned to them, and serves their own', async () => {
    expect((await read('manager', foreign)).statusCode).toBe(404);
    expect((await update('manager', foreign, { informations: { name: 'Piraté' } })).statusCode).toBe(404);
    expect((await reveal('manager', foreign, 'depPassword')).statusCode).toBe(404);
    expect((await storedSchool(foreign)).name).toBe('Collège Pasteur');
    const own = await read('manager', home);
    expect(own.statusCode).toBe(200);
    expect(own.json().abilities).toEqual({ canEdit: true });
  });

  it('lets an Administrateur reach any school', async () => {
    expect((await read('admin', foreign)).statusCode).toBe(200);
    expect((await reveal('admin', foreign, 'depPassword')).statusCode).toBe(200);
  });

  it('refuses a pupil with 403 on every route', async () => {
    expect((await read('pupil', home)).statusCode).toBe(403);
    expect((await update('pupil', home, { informations: { name: 'Piraté' } })).statusCode).toBe(403);
    expect((await reveal('pupil', home, 'depPassword')).statusCode).toBe(403);
  });
});
