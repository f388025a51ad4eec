import { REQUIRED, imports, schools as schoolsContract, schoolSettings, users as contract } from '@console/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, injectAs, requestOf, type TestContext } from '#test/context.js';
import { buildSchool, buildSignedInUsers } from '#test/factories.js';
import { buildCredentialApplication, buildPupils, readAccess } from '#test/users-factories.js';
import { postImportFile, problemsOf, verified } from '#features/imports/imports.test-support.js';

/**
 * A school's own settings of a platform (`PATCH /schools/:uai/params`) decide the credentials of
 * its users' accesses to the platform's applications, wherever they are computed: the school
 * answer the browser reads, a new user, a bulk change, a user's page and the import. A school
 * without its own settings keeps the catalogue's.
 */
let t: TestContext;
/** Sets a common code for `coded`; requires a code of `open` for `strict`; `plain` has no settings of its own. */
let coded: string;
let strict: string;
let plain: string;
let cookie: string;
/** A platform whose catalogue requires a code, with no common code. */
let manuals: { id: number; name: string; platformId: string };
/** A platform whose catalogue asks no code at all. */
let open: { id: number; name: string; platformId: string };

const send = (request: InjectOptions) => injectAs(t.app, cookie, request);
const updateParams = (uai: string, payload: object) =>
  send({ ...requestOf(schoolSettings.updateSchoolParams, { uai }), payload });
const schoolOf = async (uai: string) =>
  schoolsContract.schoolSchema.parse((await send(requestOf(schoolsContract.getSchool, { uai }))).json());
const addUser = (uai: string, applications: object[]) =>
  send({
    ...requestOf(contract.createUser),
    payload: {
      values: {
        uai,
        firstName: 'jean',
        lastName: 'dupont',
        login: `jean.dupont${Math.random().toString(36).slice(2, 8)}`,
        password: 'ravo4821',
        level: '6e',
        profile: 'Eleve',
      },
      applications,
    },
  });
const enableInBulk = (ids: number[], application: { id: number }) =>
  send({
    ...requestOf(contract.bulkUpdateUsers),
    payload: { type: 'app', ids, column: 'insert', idApp: application.id, value: [] },
  });

beforeAll(async () => {
  t = await createTestContext({ SESSION_CACHE_MS: '0' });
  coded = (await buildSchool(t.db, { name: 'Collège codé', extension: 'code' })).uai;
  strict = (await buildSchool(t.db, { name: 'Collège strict', extension: 'strict' })).uai;
  plain = (await buildSchool(t.db, { name: 'Collège ordinaire', extension: 'plain' })).uai;
  ({
    cookies: { admin: cookie },
  } = await buildSignedInUsers(t, { admin: { profile: 'Administrateur' } }));
  manuals = await buildCredentialApplication(t.db, 'Manuels Ecole', {
    platform: { platformCodeYesNo: true, platformCodeRequired: true },
  });
  open = await buildCredentialApplication(t.db, 'Atlas Ouvert');
  const codedUpdate = await updateParams(coded, {
    platforms: [{ platformId: manuals.platformId, commonCodeYesNo: true, commonCode: 'ECOLE-2026' }],
  });
  expect(codedUpdate.statusCode, codedUpdate.body).toBe(200);
  const strictUpdate = await updateParams(strict, {
    platforms: [{ platformId: open.platformId, platformCodeYesNo: true, platformCodeRequired: true }],
  });
  expect(strictUpdate.statusCode, strictUpdate.body).toBe(200);
});
afterAll(() => t.close());

describe("the school answer's applications and platforms", () => {
  it("carry the school's common code and required code, for that school only", async () => {
    const applicationOf = (school: schoolsContract.School, id: number) =>
      school.applications.find((application) => application.idApplication === id)!;
    const platformOf = (school: schoolsContract.School, id: string) =>
      school.platforms.find((platform) => platform.platformId === id)!;
    const [codedSchool, strictSchool, plainSchool] = await Promise.all([schoolOf(coded), schoolOf(strict), schoolOf(plain)]);

    expect(applicationOf(codedSchool, manuals.id).commonCode).toBe('ECOLE-2026');
    expect(platformOf(codedSchool, manuals.platformId)).toMatchObject({ commonCode: 'ECOLE-2026', platformCodeRequired: true });
    expect(applicationOf(plainSchool, manuals.id).commonCode).toBeNull();
    expect(platformOf(plainSchool, manuals.platformId)).toMatchObject({ commonCode: null, platformCodeRequired: true });

    expect(platformOf(strictSchool, open.platformId)).toMatchObject({ platformCodeYesNo: true, platformCodeRequired: true });
    expect(platformOf(plainSchool, open.platformId)).toMatchObject({ platformCodeYesNo: false, platformCodeRequired: false });
    // What the browser computes from them.
    const fieldsOf = (school: schoolsContract.School, application: { id: number; platformId: string }) =>
      contract.credentialFieldsOf(applicationOf(school, application.id), platformOf(school, application.platformId));
    expect(fieldsOf(codedSchool, manuals)).toMatchObject({ keys: { shown: true, required: false }, commonCode: 'ECOLE-2026' });
    expect(fieldsOf(plainSchool, manuals).keys.required).toBe(true);
    expect(fieldsOf(strictSchool, open).keys).toEqual({ shown: true, required: true });
    expect(fieldsOf(plainSchool, open).keys).toEqual({ shown: false, required: false });
  });
});

describe('POST /users', () => {
  it("fills a code left blank with the school's common code, where the catalogue would require one", async () => {
    const added = await addUser(coded, [{ platformId: manuals.platformId, idApplication: manuals.id }]);
    expect(added.statusCode, added.body).toBe(200);
    const { user } = added.json();
    expect(user.applications[String(manuals.id)]).toEqual({ status: 1, code: 'ECOLE-2026' });
    expect(await readAccess(t.db, user.id, manuals.id)).toMatchObject({ status: 1, keys: 'ECOLE-2026' });

    const refused = await addUser(plain, [{ platformId: manuals.platformId, idApplication: manuals.id }]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details.fieldErrors).toEqual({ 'applications.0.codes': [REQUIRED] });
  });

  it('requires the code a school requires, and only there', async () => {
    const refused = await addUser(strict, [{ platformId: open.platformId, idApplication: open.id }]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details.fieldErrors).toEqual({ 'applications.0.codes': [REQUIRED] });
    const given = await addUser(strict, [{ platformId: open.platformId, idApplication: open.id, codes: 'ATLAS-1' }]);
    expect(given.json().user.applications[String(open.id)]).toEqual({ status: 1, code: 'ATLAS-1' });

    const added = await addUser(plain, [{ platformId: open.platformId, idApplication: open.id }]);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().user.applications[String(open.id)]).toEqual({ status: 1, code: null });
  });
});

describe('PATCH /users/ app', () => {
  it("gives each selected user the code of their own school's settings", async () => {
    const codedPupils = await buildPupils(t, coded, 2);
    const [plainPupil] = await buildPupils(t, plain, 1);
    const ids = codedPupils.map((pupil) => pupil.id);

    // A user of a school without settings still needs the code the catalogue requires: nobody changes.
    const mixed = await enableInBulk([...ids, plainPupil!.id], manuals);
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().details.fieldErrors).toEqual({ [`value.${plainPupil!.id}.keys`]: [REQUIRED] });
    expect(await readAccess(t.db, ids[0]!, manuals.id)).toBeUndefined();

    const enabled = await enableInBulk(ids, manuals);
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect(enabled.json().count).toBe(2);
    for (const id of ids) expect(await readAccess(t.db, id, manuals.id)).toMatchObject({ status: 1, keys: 'ECOLE-2026' });
  });

  it('refuses a code the school requires left blank, and not elsewhere', async () => {
    const [strictPupil] = await buildPupils(t, strict, 1);
    const [plainPupil] = await buildPupils(t, plain, 1);
    const refused = await enableInBulk([strictPupil!.id], open);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details.fieldErrors).toEqual({ [`value.${strictPupil!.id}.keys`]: [REQUIRED] });
    expect(await readAccess(t.db, strictPupil!.id, open.id)).toBeUndefined();

    const enabled = await enableInBulk([plainPupil!.id], open);
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect(await readAccess(t.db, plainPupil!.id, open.id)).toMatchObject({ status: 1, keys: null });
  });
});

describe("a user's page and the grid", () => {
  it('asks the code the school requires when an access is enabled from the page or the grid', async () => {
    const [strictPupil] = await buildPupils(t, strict, 1);
    const [plainPupil] = await buildPupils(t, plain, 1);
    const enable = (id: number) =>
      send({
        ...requestOf(contract.patchUser, { id }),
        payload: { key: 'applications', value: { informations: { idApplication: open.id, status: 1 } } },
      });
    const refused = await enable(strictPupil!.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details.fieldErrors).toEqual({ keys: [REQUIRED] });
    expect((await enable(plainPupil!.id)).statusCode).toBe(200);

    const codeColumnOf = async (uai: string) => {
      const response = await send({ ...requestOf(contract.getColumnDefinitions), query: { uai } });
      return contract.getColumnDefinitions.answer
        .parse(response.json())
        .find((column) => column.ColonneBDD === contract.codeColumnKey(open.id));
    };
    expect(await codeColumnOf(strict)).toMatchObject({ Visible: true });
    expect(await codeColumnOf(plain)).toMatchObject({ Visible: false });
  });
});

describe('the import', () => {
  it("plans the school's common code, and the catalogue's required code where the school has no settings", async () => {
    const csv = ['Profil;Nom;Prénom;Niveau;Manuels Ecole', 'Eleve;Martin;Léa;6e;1'].join('\r\n');
    const verify = (uai: string) =>
      postImportFile(t, cookie, { name: 'eleves.csv', bytes: Buffer.from(csv, 'utf8') }, { mode: 'users_initial', uai });

    const answer = verified(await verify(coded));
    expect(answer.users[0]!.applications).toEqual([
      { idApplication: manuals.id, etat: 1, login: expect.any(String), code: 'ECOLE-2026' },
    ]);
    expect(problemsOf(await verify(plain))).toEqual([
      { msg: imports.IMPORT_ERRORS.required, line: 2, field: 'Manuels Ecole-Code' },
    ]);
  });
});
