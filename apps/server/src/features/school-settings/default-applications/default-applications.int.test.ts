// The applications a school gives the pupils and teachers an import creates: chosen in the school
// settings, checked, audited; then given by a new-users import, said in its preview, written on confirmation.
import { schoolSettings as contract } from '@console/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, schoolDefaultApplications } from '#platform/db/schema/index.js';
import { injectAs, requestOf, type TestContext } from '#test/context.js';
import { buildUser } from '#test/factories.js';
import { buildCredentialApplication, readAccess } from '#test/users-factories.js';
import { applied, buildImportsWorld, importCalls, verified, type ImportsWorld } from '#features/imports/imports.test-support.js';

let world: ImportsWorld;
let t: TestContext;
let home: string;
let other: string;
let manuel: ImportsWorld['manuel'];
/** An application with nothing to ask, and one whose code is required with no common code to fill it. */
let atlas: { id: number };
let coded: { id: number };

beforeAll(async () => {
  world = await buildImportsWorld();
  ({ t, home, other, manuel } = world);
  atlas = await buildCredentialApplication(t.db, 'Atlas Géo');
  coded = await buildCredentialApplication(t.db, 'Code Obligatoire', {
    application: { applicationCodeYesNo: true, applicationCodeRequired: true },
  });
});
afterAll(() => t.close());

const { verifyCsv, decide, usersOfImport } = importCalls(() => world);
const read = (caller: 'admin' | 'outsider', uai: string) =>
  injectAs(t.app, world.cookies[caller], requestOf(contract.getSchoolParams, { uai }));
const save = (caller: 'admin' | 'outsider', uai: string, defaultApplications: object) =>
  injectAs(t.app, world.cookies[caller], {
    ...requestOf(contract.updateSchoolParams, { uai }),
    payload: { defaultApplications },
  });
const storedDefaults = (uai: string) =>
  t.db
    .select({ profileId: schoolDefaultApplications.profileId, applicationId: schoolDefaultApplications.applicationId })
    .from(schoolDefaultApplications)
    .where(eq(schoolDefaultApplications.uai, uai))
    .orderBy(schoolDefaultApplications.profileId, schoolDefaultApplications.applicationId);

describe('the school settings: default applications', () => {
  it('saves each profile’s list, answers it with the catalogue to choose from, and audits the change', async () => {
    const before = contract.schoolParamsSchema.parse((await read('admin', home)).json());
    expect(before.defaultApplications).toEqual({ Eleve: [], Enseignant: [] });
    expect(before.applicationChoices.map((choice) => choice.id)).toEqual(expect.arrayContaining([manuel.id, atlas.id, coded.id]));

    const response = await save('admin', home, { Eleve: [atlas.id, manuel.id, atlas.id], Enseignant: [atlas.id] });
    expect(response.statusCode, response.body).toBe(200);
    const ordered = [manuel.id, atlas.id].sort((left, right) => left - right);
    expect(contract.schoolParamsSchema.parse(response.json()).defaultApplications).toEqual({
      Eleve: ordered,
      Enseignant: [atlas.id],
    });
    expect(await storedDefaults(home)).toEqual([
      ...ordered.map((applicationId) => ({ profileId: 1, applicationId })),
      { profileId: 2, applicationId: atlas.id },
    ]);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'school'), eq(auditLog.entityId, home), eq(auditLog.action, 'update_params')));
    expect(entry).toMatchObject({
      before: { defaultApplications: { Eleve: [], Enseignant: [] } },
      after: { defaultApplications: { Eleve: ordered, Enseignant: [atlas.id] } },
    });

    // The same lists again change nothing and write no second entry.
    expect((await save('admin', home, { Eleve: ordered })).statusCode).toBe(200);
    expect(await t.db.$count(auditLog, and(eq(auditLog.entityId, home), eq(auditLog.action, 'update_params')))).toBe(1);
  });

  it('refuses an unknown application and one an import cannot give, by field, and writes nothing', async () => {
    const response = await save('admin', other, { Eleve: [atlas.id, 2_000_000], Enseignant: [coded.id] });
    expect(response.statusCode).toBe(400);
    expect(response.json().details.fieldErrors).toEqual({
      [contract.defaultApplicationField('Eleve', 2_000_000)]: [contract.UNKNOWN_DEFAULT_APPLICATION],
      [contract.defaultApplicationField('Enseignant', coded.id)]: [contract.DEFAULT_APPLICATION_NEEDS_CREDENTIALS],
    });
    expect(await storedDefaults(other)).toEqual([]);
  });

  it('keeps another school’s defaults out of reach', async () => {
    expect((await save('outsider', home, { Eleve: [] })).statusCode).toBe(404);
    expect((await read('outsider', home)).statusCode).toBe(404);
    expect((await storedDefaults(home)).length).toBe(3);
  });
});

describe('a new-users import with the school’s default applications', () => {
  it('gives each new pupil and teacher the defaults the file does not set, says so in the preview, and writes them', async () => {
    // Already in the school: the file's line names her, and a user already there gets no default.
    await buildUser(t.db, t.env.encryptionKey, {
      profile: 'Eleve',
      uai: home,
      firstname: 'Inès',
      lastname: 'HADDAD',
      level: '3e',
    });
    const csv = [
      'Profil;Nom;Prénom;Niveau;Manuel Maths',
      'Eleve;Roux;Paul;5e;',
      'Eleve;Blanc;Lina;5e;0',
      'Enseignant;Morel;Anne;;',
      'Eleve;Haddad;Inès;3e;',
    ].join('\n');
    const preview = verified(await verifyCsv('admin', 'users_initial', csv));
    const byLine = new Map(preview.users.map((user) => [user.line, user]));
    const given = (line: number) =>
      byLine
        .get(line)!
        .applications.map(({ idApplication, etat, bySchool }) => ({ idApplication, etat, bySchool: bySchool ?? false }))
        .sort((left, right) => left.idApplication - right.idApplication);
    const bySchool = (...ids: number[]) =>
      ids.sort((left, right) => left - right).map((idApplication) => ({ idApplication, etat: 1, bySchool: true }));
    expect(given(2)).toEqual(bySchool(manuel.id, atlas.id));
    // The file's 0 keeps Manuel off: only Atlas is given.
    expect(given(3)).toEqual(bySchool(atlas.id));
    expect(given(4)).toEqual(bySchool(atlas.id));
    expect(byLine.get(5)).toMatchObject({ action: 'unchanged', existing: { by: 'names' } });
    expect(given(5)).toEqual([]);

    const result = applied(await decide('admin', preview.importNumber, { confirmation: 1, excludeUsers: [] }));
    expect(result.counts.created).toBe(3);
    const created = await usersOfImport(preview.importNumber);
    const paul = created.find((user) => user.firstname === 'Paul')!;
    const lina = created.find((user) => user.firstname === 'Lina')!;
    const anne = created.find((user) => user.firstname === 'Anne')!;
    expect(await readAccess(t.db, paul.id, manuel.id)).toMatchObject({ status: 1, login: paul.login });
    expect(await readAccess(t.db, paul.id, atlas.id)).toMatchObject({ status: 1, login: paul.login });
    expect(await readAccess(t.db, lina.id, manuel.id)).toBeUndefined();
    expect(await readAccess(t.db, lina.id, atlas.id)).toMatchObject({ status: 1 });
    expect(await readAccess(t.db, anne.id, manuel.id)).toBeUndefined();
    expect(await readAccess(t.db, anne.id, atlas.id)).toMatchObject({ status: 1, login: anne.login });
  });
});
