import { PROFILES, schools, users as contract } from '@console/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret } from '#platform/auth/secrets.js';
import { createTestContext, injectAs, requestOf, type TestContext } from '#test/context.js';
import { buildUser, giveApplication, giveOptions, type BuildUserOptions, type BuiltUser } from '#test/factories.js';
import {
  arrangeTwoSchools,
  buildCredentialApplication,
  buildManyUsers,
  buildPupils,
  countAuditEntries,
  readAccess,
  readOptionNames,
  readUser,
  readUserAudit,
  setProfileRight,
} from '#test/users-factories.js';

let t: TestContext;
let home: string;
let other: string;
let cookies: Record<'direction' | 'manager' | 'pupil', string>;

beforeAll(async () => {
  t = await createTestContext({ SESSION_CACHE_MS: '0' });
  ({ home, other, cookies } = await arrangeTwoSchools(t));
});
afterAll(() => t.close());

const bulk = (who: keyof typeof cookies, payload: object) =>
  injectAs(t.app, cookies[who], { ...requestOf(contract.bulkUpdateUsers), payload });
const pupils = (count: number, values?: Partial<BuildUserOptions>) => buildPupils(t, home, count, values);
const ids = (users: readonly BuiltUser[]) => users.map((user) => user.id);

describe('PATCH /users/ std', () => {
  it('sets a comment on every selected user, counts only those changed, audits each and answers an undo token', async () => {
    const users = await pupils(3);
    await t.db.execute(sql`update users set comment = 'Absent' where id = ${users[2]!.id}`);
    const response = await bulk('direction', { type: 'std', ids: ids(users), column: 'comment', value: ' Absent ' });
    expect(response.statusCode).toBe(200);
    const answer = contract.bulkUpdateUsers.answer.parse(response.json());
    expect(answer.count).toBe(2);
    expect(answer.undoToken).toEqual(expect.any(String));
    expect(Date.parse(answer.undoExpiresAt!) - Date.now()).toBeGreaterThan((contract.UNDO_WINDOW_SECONDS - 5) * 1000);
    for (const user of users) expect((await readUser(t.db, user.id))!.comment).toBe('Absent');
    expect(await readUserAudit(t.db, users[0]!.id)).toEqual([
      expect.objectContaining({ action: 'bulk_update', before: { comment: null }, after: { comment: 'Absent' } }),
    ]);
    expect(await readUserAudit(t.db, users[2]!.id)).toEqual([]);

    const cleared = await bulk('direction', { type: 'std', ids: ids(users), column: 'comment', value: '' });
    expect(cleared.json().count).toBe(3);
    expect((await readUser(t.db, users[0]!.id))!.comment).toBeNull();
    const unchanged = await bulk('direction', { type: 'std', ids: ids(users), column: 'comment', value: null });
    expect(unchanged.json()).toEqual({ count: 0, undoToken: null, undoExpiresAt: null });
  });

  it('sets the subject and the level; a blank level is refused', async () => {
    const users = await pupils(2);
    expect((await bulk('direction', { type: 'std', ids: ids(users), column: 'subject', value: 'Histoire' })).json().count).toBe(
      2,
    );
    expect((await bulk('direction', { type: 'std', ids: ids(users), column: 'level', value: '5e' })).json().count).toBe(2);
    expect(await readUser(t.db, users[1]!.id)).toMatchObject({ subject: 'Histoire', level: '5e' });
    const blank = await bulk('direction', { type: 'std', ids: ids(users), column: 'level', value: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().details.fieldErrors).toEqual({ value: ['global.errors.required'] });
    expect((await readUser(t.db, users[1]!.id))!.level).toBe('5e');
  });

  it('replaces the class, or adds and deletes one class of each list', async () => {
    const [first, second, third] = await pupils(3);
    await t.db.execute(sql`update users set class_name = '5A,5B' where id = ${first!.id}`);
    await t.db.execute(sql`update users set class_name = '5C' where id = ${second!.id}`);
    const all = [first!.id, second!.id, third!.id];

    expect(
      (await bulk('direction', { type: 'std', ids: all, column: 'className', value: '5B', option: 'add' })).json().count,
    ).toBe(2);
    expect((await readUser(t.db, first!.id))!.className).toBe('5A,5B');
    expect((await readUser(t.db, second!.id))!.className).toBe('5C, 5B');
    expect((await readUser(t.db, third!.id))!.className).toBe('5B');

    expect(
      (await bulk('direction', { type: 'std', ids: all, column: 'className', value: '5b', option: 'delete' })).json().count,
    ).toBe(3);
    expect((await readUser(t.db, first!.id))!.className).toBe('5A');
    expect((await readUser(t.db, second!.id))!.className).toBe('5C');
    expect((await readUser(t.db, third!.id))!.className).toBeNull();

    expect((await bulk('direction', { type: 'std', ids: all, column: 'className', value: '4D' })).json().count).toBe(3);
    expect((await readUser(t.db, first!.id))!.className).toBe('4D');
    expect((await bulk('direction', { type: 'std', ids: all, column: 'className', value: '', option: 'add' })).statusCode).toBe(
      400,
    );
  });

  it('changes pupils to teachers, but not a selection holding staff, nor to a staff profile', async () => {
    const users = await pupils(2);
    expect((await bulk('direction', { type: 'std', ids: ids(users), column: 'profile', value: 'Enseignant' })).json().count).toBe(
      2,
    );
    expect((await readUser(t.db, users[0]!.id))!.profileId).toBe(PROFILES.Enseignant);
    const staff = await buildUser(t.db, t.env.encryptionKey, { profile: 'Administrateur établissement', uai: home });
    const mixed = await bulk('direction', { type: 'std', ids: [...ids(users), staff.id], column: 'profile', value: 'Eleve' });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().details.fieldErrors).toEqual({ value: ['users.errors.bulk_profile_refused'] });
    expect((await bulk('direction', { type: 'std', ids: ids(users), column: 'profile', value: 'Gestionnaire' })).statusCode).toBe(
      400,
    );
    expect((await readUser(t.db, users[0]!.id))!.profileId).toBe(PROFILES.Enseignant);
  });

  it('sets the admin mode to 0 or 1 only', async () => {
    const users = await pupils(2, { adminMode: 1 });
    expect((await bulk('direction', { type: 'std', ids: ids(users), column: 'adminMode', value: 0 })).json().count).toBe(2);
    expect((await readUser(t.db, users[0]!.id))!.adminMode).toBe(0);
    expect((await bulk('direction', { type: 'std', ids: ids(users), column: 'adminMode', value: 2 })).statusCode).toBe(400);
  });
});

describe('PATCH /users/ opt', () => {
  it('inserts an option, created in the school, at the end of the lists of users who lack it', async () => {
    const [first, second] = await pupils(2);
    await giveOptions(t.db, first!, ['Latin']);
    await giveOptions(t.db, second!, ['Anglais', 'Théâtre du midi']);
    const response = await bulk('direction', {
      type: 'opt',
      ids: [first!.id, second!.id],
      column: 'insert',
      value: { optionCible: 'Théâtre du midi' },
    });
    expect(response.json().count).toBe(1);
    expect(await readOptionNames(t.db, first!.id)).toEqual(['Latin', 'Théâtre du midi']);
    expect(await readOptionNames(t.db, second!.id)).toEqual(['Anglais', 'Théâtre du midi']);
    expect((await readUserAudit(t.db, first!.id)).at(-1)).toMatchObject({
      before: { options: ['Latin'] },
      after: { options: ['Latin', 'Théâtre du midi'] },
    });

    expect(
      (await bulk('direction', { type: 'opt', ids: [first!.id], column: 'insert', value: { optionCible: 'Robotique' } })).json()
        .count,
    ).toBe(1);
    const school = (await injectAs(t.app, cookies.direction, requestOf(schools.getSchool, { uai: home }))).json();
    expect(school.options.map((option: { name: string }) => option.name)).toContain('Robotique');
  });

  it('updates one option into another in place; a user having both just loses the source', async () => {
    const [first, second, third] = await pupils(3);
    await giveOptions(t.db, first!, ['Allemand', 'Chant', 'Danse']);
    await giveOptions(t.db, second!, ['Espagnol', 'Chant']);
    await giveOptions(t.db, third!, ['Danse']);
    const response = await bulk('direction', {
      type: 'opt',
      ids: [first!.id, second!.id, third!.id],
      column: 'update',
      value: { optionCible: 'Espagnol', optionSource: 'Allemand' },
    });
    expect(response.json().count).toBe(1);
    expect(await readOptionNames(t.db, first!.id)).toEqual(['Espagnol', 'Chant', 'Danse']);
    const again = await bulk('direction', {
      type: 'opt',
      ids: [second!.id],
      column: 'update',
      value: { optionCible: 'Chant', optionSource: 'Espagnol' },
    });
    expect(again.json().count).toBe(1);
    expect(await readOptionNames(t.db, second!.id)).toEqual(['Chant']);
    expect(await readOptionNames(t.db, third!.id)).toEqual(['Danse']);
    expect(
      (await bulk('direction', { type: 'opt', ids: [third!.id], column: 'update', value: { optionCible: 'Danse' } })).statusCode,
    ).toBe(400);
  });

  it('deletes an option from the users who have it', async () => {
    const [first, second] = await pupils(2);
    await giveOptions(t.db, first!, ['Latin', 'Grec']);
    await giveOptions(t.db, second!, ['Grec']);
    expect(
      (
        await bulk('direction', { type: 'opt', ids: [first!.id, second!.id], column: 'delete', value: { optionCible: 'Latin' } })
      ).json().count,
    ).toBe(1);
    expect(await readOptionNames(t.db, first!.id)).toEqual(['Grec']);
    expect(
      (await bulk('direction', { type: 'opt', ids: [second!.id], column: 'insert', value: { optionCible: '  ' } })).statusCode,
    ).toBe(400);
  });
});

describe('PATCH /users/ app', () => {
  it('enables an application with given or stored credentials, and refuses a missing required code for anybody', async () => {
    const application = await buildCredentialApplication(t.db, 'Manuels numériques', {
      platform: { urlSchemeLoginRequired: true },
      application: { applicationCodeRequired: true },
    });
    const [first, second, third] = await pupils(3);
    await giveApplication(t.db, second!, application, {
      status: 0,
      login: 'stocke',
      keys: 'CODE-S',
      passwordEncrypted: encryptSecret(t.env.encryptionKey, 'ancien'),
    });
    const all = [first!.id, second!.id, third!.id];
    const enable = (codeOfThird: { keys?: string }) =>
      bulk('direction', {
        type: 'app',
        ids: all,
        column: 'insert',
        idApp: application.id,
        value: [
          { idUser: first!.id, loginPlateforme: 'premier', keys: 'CODE-1', passwordPlateforme: 'secret-1' },
          { idUser: third!.id, loginPlateforme: 'troisieme', ...codeOfThird },
        ],
      });

    const missing = await enable({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details.fieldErrors).toEqual({ [`value.${third!.id}.keys`]: ['global.errors.required'] });
    expect(await readAccess(t.db, first!.id, application.id)).toBeUndefined();
    expect((await readAccess(t.db, second!.id, application.id))!.status).toBe(0);

    const response = await enable({ keys: 'CODE-3' });
    expect(response.statusCode).toBe(200);
    expect(response.json().count).toBe(3);
    const firstAccess = (await readAccess(t.db, first!.id, application.id))!;
    expect(firstAccess).toMatchObject({ status: 1, login: 'premier', keys: 'CODE-1' });
    expect(decryptSecret(t.env.encryptionKey, firstAccess.passwordEncrypted!)).toBe('secret-1');
    const secondAccess = (await readAccess(t.db, second!.id, application.id))!;
    expect(secondAccess).toMatchObject({ status: 1, login: 'stocke', keys: 'CODE-S' });
    expect(decryptSecret(t.env.encryptionKey, secondAccess.passwordEncrypted!)).toBe('ancien');
    const audit = (await readUserAudit(t.db, first!.id)).at(-1)!;
    expect(audit).toMatchObject({
      before: { status: null },
      after: { status: 1, login: 'premier', hasPassword: true, passwordChanged: true },
    });
    expect(JSON.stringify(audit)).not.toContain('secret-1');

    const disabled = await bulk('direction', {
      type: 'app',
      ids: [first!.id, second!.id],
      column: 'delete',
      idApp: application.id,
    });
    expect(disabled.json().count).toBe(2);
    expect(await readAccess(t.db, first!.id, application.id)).toMatchObject({ status: 0, keys: 'CODE-1' });
    expect((await bulk('direction', { type: 'app', ids: all, column: 'insert', idApp: 99_999_999 })).statusCode).toBe(400);
  });
});

describe('PATCH /users/ boundaries', () => {
  it('answers 404 and changes nobody when one id is outside the caller’s school', async () => {
    const mine = await pupils(2);
    const elsewhere = await buildUser(t.db, t.env.encryptionKey, { profile: 'Eleve', uai: other });
    const response = await bulk('direction', {
      type: 'std',
      ids: [...ids(mine), elsewhere.id],
      column: 'comment',
      value: 'Hors champ',
    });
    expect(response.statusCode).toBe(404);
    for (const user of [...mine, elsewhere]) expect((await readUser(t.db, user.id))!.comment).toBeNull();
  });

  it('refuses bad input (400), a pupil (403), no session (401)', async () => {
    expect((await bulk('direction', { type: 'std', ids: [], column: 'comment', value: 'x' })).statusCode).toBe(400);
    expect((await bulk('direction', { type: 'other', ids: [1], column: 'comment', value: 'x' })).statusCode).toBe(400);
    expect((await bulk('direction', { type: 'std', ids: [1], column: 'password', value: 'x' })).statusCode).toBe(400);
    expect((await bulk('pupil', { type: 'std', ids: [1], column: 'comment', value: 'x' })).statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          ...requestOf(contract.bulkUpdateUsers),
          payload: { type: 'std', ids: [1], column: 'comment', value: 'x' },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('needs the change’s own right at Ecriture', async () => {
    const user = await buildUser(t.db, t.env.encryptionKey, { profile: 'Eleve', uai: other });
    await setProfileRight(t.db, 'Gestionnaire', 'buttonBulkEdit_bulkProfil', { lecture: 1, ecriture: 0 });
    const response = await bulk('manager', { type: 'std', ids: [user.id], column: 'profile', value: 'Enseignant' });
    expect(response.statusCode).toBe(403);
    expect((await readUser(t.db, user.id))!.profileId).toBe(PROFILES.Eleve);
    expect((await bulk('manager', { type: 'std', ids: [user.id], column: 'comment', value: 'permis' })).statusCode).toBe(200);
  });

  it('changes 5,000 users in one request, with an audit entry each', async () => {
    const many = await buildManyUsers(t.db, t.env.encryptionKey, { uai: home, count: 5000 });
    const before = await countAuditEntries(t.db, 'bulk_update');
    const response = await bulk('direction', { type: 'std', ids: many, column: 'className', value: '6C', option: 'add' });
    expect(response.statusCode).toBe(200);
    expect(response.json().count).toBe(5000);
    const changed = await t.db.execute<{ count: number }>(
      sql`select count(*)::int as count from users where class_name = '6C' and id = any(${sql.param(many)}::int[])`,
    );
    expect(changed.rows[0]!.count).toBe(5000);
    expect((await countAuditEntries(t.db, 'bulk_update')) - before).toBe(5000);
  });
});
