// The school settings' integration tests' world: two schools, three catalogue platforms and four
// signed-in callers on a fresh database, with the calls the tests make. A test file calls
// `arrangeSchoolSettings()` in its beforeAll; the bindings below are then its own (each test file
// loads this module afresh).
import { schoolSettings as contract } from '@console/contract';
import { SWITCHES_OFF } from '@console/contract/testing/school-settings';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { auditLog, materialTypes, mdms, platforms, schools } from '#platform/db/schema/index.js';
import { createTestContext, injectAs, requestOf, type TestContext } from '#test/context.js';
import { buildSchool, buildSignedInUsers } from '#test/factories.js';

export let t: TestContext;
/** The manager's school; `foreign` is nobody's but the Administrateur's. */
export let home: string;
export let foreign: string;
let cookies: Record<'admin' | 'manager' | 'direction' | 'pupil', string>;
/** The seeded MDMs' and material types' ids by label. */
export let mdmIds: Record<string, number>;
export let materialIds: Record<string, number>;

/** Makes the world; the caller closes `t` after its tests. */
export async function arrangeSchoolSettings(): Promise<void> {
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
}

export type Who = keyof typeof cookies;
export const send = (who: Who, request: InjectOptions) => injectAs(t.app, cookies[who], request);
export const read = (who: Who, uai: string) => send(who, requestOf(contract.getSchoolParams, { uai }));
export const update = (who: Who, uai: string, payload: object) =>
  send(who, { ...requestOf(contract.updateSchoolParams, { uai }), payload });
export const reveal = (who: Who, uai: string, name: string) =>
  send(who, { ...requestOf(contract.revealSchoolSecret, { uai }), payload: { name } });
export const paramsOf = async (uai: string) => contract.schoolParamsSchema.parse((await read('admin', uai)).json());
export const storedSchool = async (uai: string) => (await t.db.select().from(schools).where(eq(schools.uai, uai)))[0]!;
export const auditOf = (uai: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'school'), eq(auditLog.entityId, uai)))
    .orderBy(auditLog.id);

/** The ASM tab's fields of a school that saved none. */
export const EMPTY_ASM = { locationId: '', sftpUrl: '', sftpUser: '', sftpPort: 22, isSftp: true, hostKey: null, history: [] };

/** The catalogue's defaults of the three test platforms, by order then id. */
export const defaultPlatforms = [
  { platformId: 'SSHMH', platformName: 'HMH', platformOrder: 1, ...SWITCHES_OFF, commonCodeYesNo: true, commonCode: 'HMH-2026' },
  { platformId: 'SSKWYK', platformName: 'Kwyk', platformOrder: 1, ...SWITCHES_OFF },
  {
    platformId: 'SSPNE',
    platformName: 'PNE',
    platformOrder: 2,
    ...SWITCHES_OFF,
    platformUrlschemeCodeYesNo: true,
    platformCodeYesNo: true,
    platformCodeRequired: true,
  },
];
