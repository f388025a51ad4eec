// Reading a school's settings and the deployment's lists, and who reaches them.
import { schoolSettings as contract } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestOf } from '#test/context.js';
import { buildSchool, nextUai } from '#test/factories.js';
import {
  arrangeSchoolSettings,
  defaultPlatforms,
  EMPTY_ASM,
  foreign,
  home,
  materialIds,
  mdmIds,
  read,
  reveal,
  send,
  storedSchool,
  t,
  update,
} from './school-settings.test-support.js';

beforeAll(arrangeSchoolSettings);
afterAll(() => t.close());

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
      // No default application yet; the catalogue has none (its platforms only).
      defaultApplications: { Eleve: [], Enseignant: [] },
      applicationChoices: [],
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
