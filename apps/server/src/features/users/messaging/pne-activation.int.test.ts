import { users as contract } from '@console/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, injectAs, requestOf, signInEach, type TestContext } from '#test/context.js';
import { buildSchool, buildUser, type BuiltUser } from '#test/factories.js';
import { REFUSED_PASSWORD, startFakePne, type FakePne } from '#test/fakes/pne.js';
import { buildEducadhocApplication, buildMessagingApp, buildUserWithEducadhocCode } from '#test/messaging-factories.js';
import { auditLog } from '#platform/db/schema/index.js';

let t: TestContext;
let pne: FakePne;
const apps = {} as Record<'notConfigured' | 'stopped', FastifyInstance>;
let cookies: Record<'direction' | 'pupil', string>;
let teacher: BuiltUser;
let teacherWithRefusedKey: BuiltUser;
let teacherWithoutCode: BuiltUser;
let pupilWithCode: BuiltUser;
let teacherElsewhere: BuiltUser;

beforeAll(async () => {
  pne = await startFakePne();
  t = await createTestContext({ PNE_API_URL: pne.url, PNE_API_KEY: pne.apiKey });
  const key = t.env.encryptionKey;
  const home = (await buildSchool(t.db)).uai;
  const elsewhere = (await buildSchool(t.db)).uai;
  const educadhoc = await buildEducadhocApplication(t.db);
  const direction = await buildUser(t.db, key, { profile: 'Administrateur établissement', uai: home });
  teacher = await buildUserWithEducadhocCode(t.db, key, educadhoc, {
    profile: 'Enseignant',
    uai: home,
    password: 'mavi2745',
    code: 'EDU-1111-2222, EDU-3333-4444',
  });
  teacherWithRefusedKey = await buildUserWithEducadhocCode(t.db, key, educadhoc, {
    profile: 'Enseignant',
    uai: home,
    code: 'EDU-5555-0000;EDU-6666-7777',
  });
  teacherWithoutCode = await buildUserWithEducadhocCode(t.db, key, educadhoc, { profile: 'Enseignant', uai: home, code: null });
  pupilWithCode = await buildUserWithEducadhocCode(t.db, key, educadhoc, { profile: 'Eleve', uai: home, code: 'EDU-7777-8888' });
  teacherElsewhere = await buildUserWithEducadhocCode(t.db, key, educadhoc, {
    profile: 'Enseignant',
    uai: elsewhere,
    code: 'EDU-9999-1111',
  });
  cookies = await signInEach(t.app, { direction, pupil: pupilWithCode });

  apps.notConfigured = await buildMessagingApp(t, {});
  const stopped = await startFakePne();
  await stopped.close();
  apps.stopped = await buildMessagingApp(t, { PNE_API_URL: stopped.url, PNE_API_KEY: stopped.apiKey, PNE_TIMEOUT_MS: '2000' });
});

afterAll(async () => {
  for (const app of Object.values(apps)) await app.close();
  await t.close();
  await pne.close();
});

beforeEach(async () => {
  pne.setMode('ok');
  pne.calls.length = 0;
  await t.db.delete(auditLog);
});

function activate(body: object, who: keyof typeof cookies = 'direction', app: FastifyInstance = t.app) {
  return injectAs(app, cookies[who], { ...requestOf(contract.activatePneKeys), payload: body });
}

async function pneAudits() {
  return t.db.select().from(auditLog).where(eq(auditLog.action, 'pne_activation'));
}

describe('POST /users/pne: who and what', () => {
  it('answers 401 without a session, 403 without the PNE right, 400 for an empty list', async () => {
    expect(
      (await t.app.inject({ ...requestOf(contract.activatePneKeys), payload: [{ username: teacher.login }] })).statusCode,
    ).toBe(401);
    expect((await activate([{ username: teacher.login }], 'pupil')).statusCode).toBe(403);
    expect((await activate([])).json()).toMatchObject({ code: 'validation_failed' });
    expect(pne.calls).toEqual([]);
  });

  it('answers 404 for a username outside the caller’s school, sending nothing', async () => {
    const response = await activate([{ username: teacher.login }, { username: teacherElsewhere.login }]);
    expect(response.statusCode).toBe(404);
    expect((await activate([{ username: 'nobody.here' }])).statusCode).toBe(404);
    expect(pne.calls).toEqual([]);
  });

  it('answers 400 for a pupil or a teacher without an Educadhoc code, naming them', async () => {
    const response = await activate([
      { username: teacher.login },
      { username: pupilWithCode.login },
      { username: teacherWithoutCode.login },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'bad_request' });
    expect(response.json().details.usernames.sort()).toEqual([pupilWithCode.login, teacherWithoutCode.login].sort());
    expect(pne.calls).toEqual([]);
  });
});

describe('POST /users/pne against the PNE service', () => {
  it('answers 200 with no data when every key is activated, sending the stored password and the code’s keys', async () => {
    const response = await activate([{ username: teacher.login.toUpperCase() }]);
    expect(response.statusCode).toBe(200);
    expect(contract.activatePneKeys.answer.parse(response.json())).toEqual({ data: [] });
    expect(pne.calls).toEqual([[{ username: teacher.login, password: 'mavi2745', keys: ['EDU-1111-2222', 'EDU-3333-4444'] }]]);
  });

  it('answers 207 with each rejected key and account', async () => {
    const response = await activate([
      { username: teacher.login, keys: ['EDU-EXPIRE-1', 'EDU-1234-5678'] },
      { username: teacherWithRefusedKey.login },
    ]);
    expect(response.statusCode).toBe(207);
    expect(contract.activatePneKeys.answer.parse(response.json())).toEqual({
      data: [
        { username: teacher.login, message: '1 clé(s) refusée(s)', keys: [{ key: 'EDU-EXPIRE-1', error: 'Clé expirée' }] },
        {
          username: teacherWithRefusedKey.login,
          message: '1 clé(s) refusée(s)',
          keys: [{ key: 'EDU-5555-0000', error: 'Clé inconnue' }],
        },
      ],
    });
  });

  it('reports a whole account refused for its password, with every key', async () => {
    const response = await activate([{ username: teacher.login, password: REFUSED_PASSWORD }]);
    expect(response.statusCode).toBe(207);
    expect(response.json().data).toEqual([
      {
        username: teacher.login,
        message: 'Identifiants invalides',
        keys: [
          { key: 'EDU-1111-2222', error: 'Compte non authentifié' },
          { key: 'EDU-3333-4444', error: 'Compte non authentifié' },
        ],
      },
    ]);
  });

  it('audits the usernames and each key’s result, never the password', async () => {
    await activate([{ username: teacher.login }, { username: teacherWithRefusedKey.login }]);
    const audits = await pneAudits();
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      entity: 'user',
      uai: teacher.uai,
      after: {
        usernames: [teacher.login, teacherWithRefusedKey.login],
        failure: null,
        results: [
          { username: teacher.login, accepted: true },
          {
            username: teacherWithRefusedKey.login,
            accepted: false,
            keys: [
              { key: 'EDU-5555-0000', activated: false, error: 'Clé inconnue' },
              { key: 'EDU-6666-7777', activated: true, error: null },
            ],
          },
        ],
      },
    });
    expect(JSON.stringify(audits)).not.toContain('mavi2745');
  });

  it('answers 503 when the service is not configured, down or stopped', async () => {
    const notConfigured = await activate([{ username: teacher.login }], 'direction', apps.notConfigured);
    expect(notConfigured.statusCode).toBe(503);
    expect(notConfigured.json()).toMatchObject({
      code: 'service_unavailable',
      message: expect.stringContaining('not configured'),
    });

    pne.setMode('down');
    const down = await activate([{ username: teacher.login }]);
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({
      code: 'service_unavailable',
      details: { reason: 'pne_unavailable', failure: 'http_error' },
    });

    const stopped = await activate([{ username: teacher.login }], 'direction', apps.stopped);
    expect(stopped.statusCode).toBe(503);
    expect(stopped.json()).toMatchObject({
      code: 'service_unavailable',
      details: { reason: 'pne_unavailable', failure: 'unreachable' },
    });
    expect((await pneAudits()).map((audit) => (audit.after as { failure: string }).failure)).toEqual([
      'http_error',
      'unreachable',
    ]);
  });
});
