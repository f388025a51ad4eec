import { imports as contract, schoolSettings } from '@console/contract';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, schools, users } from '#platform/db/schema/index.js';
import { createTestContext, injectAs, requestOf, type TestContext } from '#test/context.js';
import { buildSchool, buildSignedInUsers, buildUser } from '#test/factories.js';
import { startFakeEcoleDirecte, type FakeEcoleDirecte } from '#test/fakes/ecole-directe.js';

// The EcoleDirecte import against a local fake of its school-administration API: the school's
// roster fetched with its saved token, the users it lacks verified as a new-users import, a line
// with a problem left out and the rest imported, then rolled back as any import.

const TOKEN = 'ed-token-4242';
let t: TestContext;
let ecoleDirecte: FakeEcoleDirecte;
let home: string;
let foreign: string;
let cookies: Record<'admin' | 'manager' | 'direction' | 'pupil', string>;

beforeAll(async () => {
  ecoleDirecte = await startFakeEcoleDirecte({
    token: TOKEN,
    pupils: [
      { id: 1, nom: 'Dupré', prenom: 'Zoé', libelleClasse: '6EME A' },
      { id: 2, nom: 'Martin', prenom: 'Léa', libelleClasse: '6EME A' },
      // A first name longer than any the import takes: the line is left out, the others go on.
      { id: 3, nom: 'Bernard', prenom: `Léo${'n'.repeat(500)}`, libelleClasse: '6EME B' },
      // Already in the school: not imported again.
      { id: 4, nom: 'Déjà', prenom: 'Là', libelleClasse: '6EME B' },
    ],
    teachers: [{ id: 10, nom: 'Prof', prenom: 'Ada' }],
  });
  t = await createTestContext({ ECOLE_DIRECTE_URL: ecoleDirecte.url, ECOLE_DIRECTE_TIMEOUT_MS: '10000' });
  home = (await buildSchool(t.db, { name: 'Collège Jean Moulin', extension: 'clg-moulin' })).uai;
  foreign = (await buildSchool(t.db, { name: 'Collège Pasteur' })).uai;
  ({ cookies } = await buildSignedInUsers(t, {
    admin: { profile: 'Administrateur' },
    manager: { profile: 'Gestionnaire', managedSchools: [home] },
    direction: { profile: 'Administrateur établissement', uai: home },
    pupil: { profile: 'Eleve', uai: home },
  }));
  await buildUser(t.db, t.env.encryptionKey, { profile: 'Eleve', uai: home, lastname: 'DEJA', firstname: 'la' });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await ecoleDirecte?.close();
});

type Who = keyof typeof cookies;
const send = (who: Who, request: InjectOptions) => injectAs(t.app, cookies[who], request);
const saveToken = (who: Who, uai: string, token: string) =>
  send(who, { ...requestOf(schoolSettings.saveEcoleDirecteToken, { uai }), payload: { token } });
const fetchUsers = (who: Who, uai: string, payload: contract.EcoleDirecteImport = {}) =>
  send(who, { ...requestOf(contract.importFromEcoleDirecte, { uai }), payload });
const confirm = (who: Who, importNumber: number, excludeUsers: number[]) =>
  send(who, { ...requestOf(contract.confirmImport, { importNumber }), payload: { confirmation: 1, excludeUsers } });
describe('the EcoleDirecte token', () => {
  it('is saved from the tab by a school administrator without adminTabs, sealed, said set, audited by name', async () => {
    const response = await saveToken('direction', home, TOKEN);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ tokenSet: true, canEdit: true });
    expect(response.body).not.toContain(TOKEN);
    const [school] = await t.db.select().from(schools).where(eq(schools.uai, home));
    expect((school!.deployment as { ecoleDirecteApiKey: string }).ecoleDirecteApiKey).toMatch(/^v1:/);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, home), eq(auditLog.action, 'update_params')));
    expect(audit.at(-1)!.after).toEqual({ secretsChanged: ['ecoleDirecteApiKey'] });
    expect(JSON.stringify(audit)).not.toContain(TOKEN);
    // The school settings, which need adminTabs, say it set too.
    const params = await send('admin', requestOf(schoolSettings.getSchoolParams, { uai: home }));
    expect(params.json().secrets.ecoleDirecteApiKey).toBe(true);
  });

  it("is the school's own: a pupil may not save it, a manager not another school's", async () => {
    expect((await saveToken('pupil', home, 'x')).statusCode).toBe(403);
    expect((await saveToken('manager', foreign, 'x')).statusCode).toBe(404);
    expect((await send('manager', requestOf(schoolSettings.getEcoleDirecteStatus, { uai: foreign }))).statusCode).toBe(404);
  });
});

describe('the EcoleDirecte import', () => {
  it('verifies the users the school lacks, leaves out a line with a problem, imports the rest, and rolls back', async () => {
    const fetched = await fetchUsers('direction', home, { nextYear: true, profil: 'all' });
    expect(fetched.statusCode, fetched.body).toBe(200);
    const answer = contract.ecoleDirecteImportAnswerSchema.parse(fetched.json());
    // Zoé, Léa and Ada; Léo's line (the third of the file: line 4) left out; 'Déjà Là' is in the school.
    expect(answer).toMatchObject({ nbLinesToImport: 3, errors: [{ line: 4, field: 'Prénom' }] });
    expect(answer.importNumber).not.toBeNull();
    expect(ecoleDirecte.calls().every((call) => (call.data as { anneeScolaire?: string }).anneeScolaire === '2027-2028')).toBe(
      true,
    );

    const confirmed = await confirm(
      'direction',
      answer.importNumber!,
      answer.errors.map((error) => error.line),
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().counts).toMatchObject({ created: 3 });
    const created = await t.db
      .select()
      .from(users)
      .where(and(eq(users.uai, home), eq(users.importNumber, answer.importNumber!)));
    expect(created.map((user) => [user.firstname, user.className]).sort()).toEqual([
      ['Ada', null],
      ['Léa', '6EME A'],
      ['Zoé', '6EME A'],
    ]);
    expect(created.find((user) => user.firstname === 'Zoé')!.level).toBe('6e');

    // Fetched again: the three are in the school now; only Léo's problem is said, and no batch made.
    const again = contract.ecoleDirecteImportAnswerSchema.parse((await fetchUsers('direction', home)).json());
    expect(again).toMatchObject({ nbLinesToImport: 0, importNumber: null, errors: [{ line: 2 }] });

    const rolledBack = await send('direction', requestOf(contract.rollBackImport, { importNumber: answer.importNumber! }));
    expect(rolledBack.statusCode, rolledBack.body).toBe(200);
    expect(await t.db.select().from(users).where(eq(users.importNumber, answer.importNumber!))).toHaveLength(0);
  });

  it('says when there is no token, when EcoleDirecte refuses it, and when it does not serve the school', async () => {
    const missing = await fetchUsers('admin', foreign);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details.reason).toBe('ecole_directe_token_missing');
    const refused = await fetchUsers('admin', foreign, { token: 'not-the-token' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details.reason).toBe('ecole_directe_token_invalid');
    expect(refused.body).not.toContain('not-the-token');
  });

  it("downloads the school's roster for a spreadsheet, everyone fetched, named after the school", async () => {
    const response = await send('direction', {
      method: 'GET',
      url: `/api/schools/${home}/exports/ecole-directe?profil=all&nextYear=false`,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toContain(`ecole-directe_${home}_`);
    const text = response.body;
    expect(text.startsWith('\uFEFFProfil;Nom;Prénom;Classe;Niveau;Identifiant EcoleDirecte\r\n')).toBe(true);
    expect(text).toContain('Eleve;Dupré;Zoé;6EME A;6e;1\r\n');
    // Those the school has too: the download is EcoleDirecte's roster as it is.
    expect(text).toContain('Eleve;Déjà;Là;6EME B;6e;4\r\n');
    expect(text).toContain('Enseignant;Prof;Ada;;;10\r\n');
    const teachersOnly = await send('direction', {
      method: 'GET',
      url: `/api/schools/${home}/exports/ecole-directe?profil=teachers`,
    });
    expect(teachersOnly.body.trim().split('\r\n')).toHaveLength(2);
    expect((await send('pupil', { method: 'GET', url: `/api/schools/${home}/exports/ecole-directe` })).statusCode).toBe(403);
  });

  it('keeps the import to those who may import into the school', async () => {
    expect((await fetchUsers('pupil', home)).statusCode).toBe(403);
    expect((await fetchUsers('manager', foreign, { token: TOKEN })).statusCode).toBe(404);
  });
});
