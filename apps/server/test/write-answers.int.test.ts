import { auth, schoolSettings, users, workflows as contract } from '@console/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, injectAs, requestOf, signIn, type TestContext } from './context.js';
import { buildSchool, buildSignedInUsers, buildUser } from './factories.js';
import { cutAfterNextCommit } from './database-cut.js';
import { readUser, readUserAudit } from './users-factories.js';

/**
 * Issue 11 §3: during a PostgreSQL restart a user edit committed and was answered 500, because
 * the read building its answer ran after the commit. Here the database goes away right after
 * each write's commit: every write must still answer its success, with what was written.
 */
let t: TestContext;
let home: string;
let cookies: Record<'admin' | 'direction', string>;
let cut: ReturnType<typeof cutAfterNextCommit> | undefined;

beforeAll(async () => {
  t = await createTestContext();
  home = (await buildSchool(t.db, { name: 'Collège Jean Moulin' })).uai;
  const signedIn = await buildSignedInUsers(t, {
    admin: { profile: 'Administrateur' },
    direction: { profile: 'Administrateur établissement', uai: home },
  });
  cookies = signedIn.cookies;
});
afterEach(() => cut?.restore());
afterAll(() => t.close());

/** The write, answered while the database is away from the moment it committed. */
async function sendThenLoseDatabase(cookie: string, request: InjectOptions, payload: object) {
  cut = cutAfterNextCommit(t.db);
  const response = await injectAs(t.app, cookie, { ...request, payload });
  expect(cut.wasCut(), 'the write committed a transaction').toBe(true);
  cut.restore();
  return response;
}

describe('a write answers its success even if the database goes away right after its commit', () => {
  it('POST /users answers the new grid row', async () => {
    const response = await sendThenLoseDatabase(cookies.direction, requestOf(users.createUser), {
      values: {
        uai: home,
        firstName: 'Lina',
        lastName: 'Martin',
        login: 'lina.martin.commit',
        password: 'ravo4821',
        level: '6e',
        profile: 'Eleve',
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const row = response.json().user;
    expect(row.login).toMatch(/^lina\.martin\.commit/);
    expect((await readUser(t.db, row.id))?.login).toBe(row.login);
  });

  it('PUT /users/:id (the user page, with a new password) answers the fresh page', async () => {
    const teacher = await buildUser(t.db, t.env.encryptionKey, { profile: 'Enseignant', uai: home });
    const page = (await injectAs(t.app, cookies.direction, requestOf(users.getUser, { id: teacher.id }))).json();
    const response = await sendThenLoseDatabase(cookies.direction, requestOf(users.updateUser, { id: teacher.id }), {
      informations: { ...page.informations, lastName: 'Renommé', password: 'tuva2468', email: page.informations.email },
      applications: [],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().informations.lastName).toMatch(/^renommé$/i);
    expect((await readUser(t.db, teacher.id))?.lastname).toBe(response.json().informations.lastName);
  });

  it('PATCH /users/:id (a grid edit) answers the fresh row', async () => {
    const pupil = await buildUser(t.db, t.env.encryptionKey, { profile: 'Eleve', uai: home });
    const response = await sendThenLoseDatabase(cookies.direction, requestOf(users.patchUser, { id: pupil.id }), {
      key: 'informations',
      value: { comment: 'Après commit' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().user.comment).toBe('Après commit');
    expect(await readUserAudit(t.db, pupil.id)).toHaveLength(1);
  });

  it('PUT /auth/password answers ok, and the other sessions are over', async () => {
    const manager = await buildUser(t.db, t.env.encryptionKey, { profile: 'Gestionnaire', password: 'Ancien#2026' });
    const mine = await signIn(t.app, manager.login, 'Ancien#2026');
    const elsewhere = await signIn(t.app, manager.login, 'Ancien#2026');
    const response = await sendThenLoseDatabase(mine, requestOf(auth.changePassword), {
      currentPassword: 'Ancien#2026',
      newPassword: 'Nouveau#2026',
      confirmation: 'Nouveau#2026',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await injectAs(t.app, elsewhere, requestOf(auth.me))).statusCode).toBe(401);
    expect((await injectAs(t.app, mine, requestOf(auth.me))).statusCode).toBe(200);
  });

  it('PATCH /schools/:uai/params answers the fresh settings', async () => {
    const response = await sendThenLoseDatabase(cookies.admin, requestOf(schoolSettings.updateSchoolParams, { uai: home }), {
      informations: { adminDuration: 900 },
      deployment: { depSsid: 'Après commit' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(schoolSettings.schoolParamsSchema.parse(response.json())).toMatchObject({
      informations: { uai: home, adminDuration: 900 },
      deployment: { depSsid: 'Après commit' },
    });
    const read = await injectAs(t.app, cookies.admin, requestOf(schoolSettings.getSchoolParams, { uai: home }));
    expect(read.json().deployment.depSsid).toBe('Après commit');
  });

  it('PUT /schools/:uai/contact answers the fresh card', async () => {
    const principal = { firstname: 'Claire', lastname: 'Dubois', poste: 'Principale', email: '', phone_pro: '' };
    const response = await sendThenLoseDatabase(cookies.admin, requestOf(schoolSettings.updateSchoolContact, { uai: home }), {
      phone: '04 78 60 21 45',
      contacts: [principal],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(schoolSettings.schoolContactSchema.parse(response.json())).toMatchObject({
      uai: home,
      phone: '04 78 60 21 45',
      contacts: [principal],
    });
    const read = await injectAs(t.app, cookies.admin, requestOf(schoolSettings.getSchoolContact, { uai: home }));
    expect(read.json().contacts).toEqual(response.json().contacts);
  });

  it('PUT /workflows/:uai answers the fresh workflow', async () => {
    const current = contract.getSchoolWorkflow.answer.parse(
      (await injectAs(t.app, cookies.admin, requestOf(contract.getSchoolWorkflow, { uai: home }))).json(),
    );
    const step = current.data.find((candidate) => candidate.itemLabel === 'Sources')!;
    const actions = contract.buildSaveActions(step, {
      isNotNeeded: false,
      isCompleted: true,
      comment: 'Après commit',
      subSteps: [],
      deletedSubSteps: [],
    });
    const response = await sendThenLoseDatabase(
      cookies.admin,
      requestOf(contract.updateSchoolWorkflow, { uai: home }),
      actions as unknown as object,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(
      contract.updateSchoolWorkflow.answer
        .parse(response.json())
        .data.data.find((candidate) => candidate.itemLabel === 'Sources'),
    ).toMatchObject({ statusId: 1, eventComment: 'Après commit' });
  });

  it('PUT /workflows/:uai/quote answers the status set', async () => {
    const response = await sendThenLoseDatabase(cookies.admin, requestOf(contract.setQuoteStatus, { uai: home }), {
      status: 'signed',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ uai: home, status: 'signed' });
    const read = await injectAs(t.app, cookies.admin, requestOf(contract.getQuoteStatus, { uai: home }));
    expect(read.json()).toEqual({ uai: home, status: 'signed' });
  });
});
