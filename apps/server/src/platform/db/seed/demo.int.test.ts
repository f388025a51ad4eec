import { isValidUai, PROFILES, schoolSettings } from '@console/contract';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '#test/context.js';
import { checkPassword } from '#platform/auth/passwords.js';
import { decryptSecret } from '#platform/auth/secrets.js';
import type { DatabaseHandle } from '../client.js';
import {
  managerSchools,
  materialTypes,
  mdms,
  schoolContacts,
  schools,
  userApplications,
  userOptions,
  users,
} from '../schema/index.js';
import { DEMO_SCHOOLS } from './catalogue.js';
import { DEMO_ACCOUNTS } from './demo-accounts.js';
import { isDatabaseEmpty, seedDemoData } from './demo.js';

const key = Buffer.alloc(32, 9);
const printableProfiles: number[] = [PROFILES.Eleve, PROFILES.Enseignant];
let handle: DatabaseHandle;

async function countRows(): Promise<Record<string, number>> {
  const [schoolRows, userRows, optionRows, applicationRows] = await Promise.all([
    handle.db.$count(schools),
    handle.db.$count(users),
    handle.db.$count(userOptions),
    handle.db.$count(userApplications),
  ]);
  return { schools: schoolRows, users: userRows, userOptions: optionRows, userApplications: applicationRows };
}

beforeAll(async () => {
  handle = await createTestDatabase();
});

afterAll(async () => {
  await handle.close();
});

describe('seedDemoData', () => {
  it('fills an empty database in one go', async () => {
    expect(await isDatabaseEmpty(handle.db)).toBe(true);
    expect(await seedDemoData(handle.db, key)).toEqual({ seeded: true });
    expect(await isDatabaseEmpty(handle.db)).toBe(false);
  });

  it('creates at least three schools, all with a valid UAI', async () => {
    const rows = await handle.db.select({ uai: schools.uai, extension: schools.extension }).from(schools);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const row of rows) expect(isValidUai(row.uai), row.uai).toBe(true);
    expect(new Set(rows.map((row) => row.extension)).size).toBe(rows.length);
  });

  it('creates about 300 users over the five profiles, levels 6e to 3e', async () => {
    const rows = await handle.db
      .select({ profileId: users.profileId, level: users.level, linkToken: users.linkToken })
      .from(users);
    expect(rows.length).toBeGreaterThanOrEqual(250);
    expect(rows.length).toBeLessThanOrEqual(350);
    expect(new Set(rows.map((row) => row.profileId))).toEqual(new Set(Object.values(PROFILES)));
    for (const level of ['6e', '5e', '4e', '3e']) expect(rows.some((row) => row.level === level)).toBe(true);
    expect(new Set(rows.map((row) => row.linkToken)).size).toBe(rows.length);
  });

  it('stores printable passwords encrypted and staff passwords hashed, never both', async () => {
    const rows = await handle.db
      .select({ profileId: users.profileId, passwordHash: users.passwordHash, passwordEncrypted: users.passwordEncrypted })
      .from(users);
    for (const row of rows) {
      if (printableProfiles.includes(row.profileId)) {
        expect(row.passwordHash).toBeNull();
        expect(row.passwordEncrypted).toMatch(/^v1:/);
      } else {
        expect(row.passwordEncrypted).toBeNull();
        expect(row.passwordHash).toMatch(/^\$argon2id\$/);
      }
    }
  });

  it.each(DEMO_ACCOUNTS.map((account) => [account.login, account]))(
    'signs %s in with its profile and password',
    async (_login, account) => {
      const [row] = await handle.db.select().from(users).where(eq(users.login, account.login));
      expect(row).toBeDefined();
      expect(row?.profileId).toBe(PROFILES[account.profile]);
      expect(row?.disabled).toBe(false);
      expect(await checkPassword(key, row, account.password)).toBe(true);
      expect(await checkPassword(key, row, account.password + 'x')).toBe(false);
    },
  );

  it('places the demo accounts as the demo needs them', async () => {
    const byLogin = async (login: string) => (await handle.db.select().from(users).where(eq(users.login, login)))[0];
    const firstSchool = DEMO_SCHOOLS[0]?.uai;
    const admin = await byLogin('admin.demo');
    const manager = await byLogin('gestionnaire.demo');
    const direction = await byLogin('direction.demo');
    const pupil = await byLogin('eleve.demo');
    expect(admin?.uai).toBeNull();
    expect(direction?.uai).toBe(firstSchool);
    expect(pupil?.uai).toBe(firstSchool);
    expect((await byLogin('enseignant.demo'))?.uai).toBe(firstSchool);
    expect(pupil).toMatchObject({ level: '6e', className: '6A' });
    const managed = await handle.db
      .select()
      .from(managerSchools)
      .where(eq(managerSchools.userId, manager?.id ?? 0));
    expect(managed).toHaveLength(2);
    expect(managed.map((row) => row.uai)).toContain(firstSchool);
    const pupilOptions = await handle.db
      .select()
      .from(userOptions)
      .where(eq(userOptions.userId, pupil?.id ?? 0));
    expect(pupilOptions.map((row) => row.ordre).sort()).toEqual([1, 2]);
    const pupilApplications = await handle.db
      .select()
      .from(userApplications)
      .where(eq(userApplications.userId, pupil?.id ?? 0));
    expect(pupilApplications.length).toBeGreaterThanOrEqual(2);
    for (const access of pupilApplications)
      expect(access).toMatchObject({ login: 'eleve.demo', passwordEncrypted: expect.stringMatching(/^v1:/) });
  });

  it('gives the enabled accesses of the applications that report tokens a publisher’s OK, and no other access a word', async () => {
    const result = await handle.db.execute<{ reports: boolean; status: number; valid_token: string | null }>(sql`
      select a.show_token_status as reports, ua.status, ua.valid_token
      from user_applications ua join applications a on a.id = ua.application_id`);
    const checked = result.rows.filter((row) => row.reports && row.status === 1);
    expect(checked.length).toBeGreaterThan(0);
    expect(checked.every((row) => row.valid_token === 'OK')).toBe(true);
    expect(result.rows.filter((row) => !row.reports || row.status !== 1).every((row) => row.valid_token === null)).toBe(true);
  });

  it('gives a school a deployment with its MDM and material chosen, and its secrets sealed, never in clear', async () => {
    const seeded = DEMO_SCHOOLS.find((school) => school.deploymentSettings)!;
    const [row] = await handle.db.select({ deployment: schools.deployment }).from(schools).where(eq(schools.uai, seeded.uai));
    const deployment = row!.deployment;
    const [mdm] = await handle.db
      .select()
      .from(mdms)
      .where(eq(mdms.id, Number(deployment.mdm)));
    const [material] = await handle.db
      .select()
      .from(materialTypes)
      .where(eq(materialTypes.id, Number(deployment.materialType)));
    expect({ mdm: mdm?.label, material: material?.label }).toEqual({
      mdm: seeded.deploymentSettings!.mdm,
      material: seeded.deploymentSettings!.materialType,
    });
    expect(deployment).toMatchObject({ managedFleet: 1, depWifiQuality: 2, depSsid: expect.any(String) });
    for (const name of ['ecoleDirecteApiKey', 'depPassword'] as const) {
      const clear = seeded.deploymentSettings![name]!;
      expect(deployment[name]).toMatch(/^v1:/);
      expect(decryptSecret(key, String(deployment[name]))).toBe(clear);
      expect(JSON.stringify(deployment)).not.toContain(clear);
    }
  });

  it('gives every school a contact card: a valid phone and website (one without its scheme), people in order; one school no map', async () => {
    const rows = await handle.db
      .select({
        uai: schools.uai,
        phone: schools.phone,
        website: schools.website,
        latitude: schools.latitude,
        longitude: schools.longitude,
      })
      .from(schools);
    for (const row of rows) {
      expect(schoolSettings.schoolContactUpdateSchema.parse({ phone: row.phone, url: row.website }), row.uai).toEqual({
        phone: row.phone,
        url: row.website,
      });
      expect(row.phone, row.uai).not.toBe('');
      expect(row.website, row.uai).not.toBe('');
    }
    expect(rows.some((row) => !/^https?:\/\//.test(row.website))).toBe(true);
    expect(rows.some((row) => row.latitude !== null && row.longitude !== null)).toBe(true);
    expect(rows.some((row) => row.latitude === null && row.longitude === null)).toBe(true);

    const people = await handle.db.select().from(schoolContacts).orderBy(asc(schoolContacts.uai), asc(schoolContacts.position));
    for (const school of DEMO_SCHOOLS) {
      const listed = people.filter((person) => person.uai === school.uai);
      expect(listed.length, school.uai).toBeGreaterThanOrEqual(1);
      expect(listed.map((person) => person.position)).toEqual(listed.map((_person, index) => index));
      expect(listed.map((person) => person.lastname)).toEqual(school.contacts.map((contact) => contact.lastname));
      const asSent = listed.map(({ firstname, lastname, poste, email, phonePro }) => ({
        firstname,
        lastname,
        poste,
        email,
        phone_pro: phonePro,
      }));
      expect(schoolSettings.schoolContactUpdateSchema.parse({ contacts: asSent })).toEqual({ contacts: asSent });
    }
  });

  it('does nothing on a database that is not empty', async () => {
    const before = await countRows();
    expect(await seedDemoData(handle.db, key)).toEqual({ seeded: false });
    expect(await countRows()).toEqual(before);
  });
});
