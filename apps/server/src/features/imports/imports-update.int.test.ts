import { imports } from '@console/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teachingAssignments } from '#platform/db/schema/index.js';
import { injectAs, requestOf, type TestContext } from '#test/context.js';
import { buildUser, giveOptions } from '#test/factories.js';
import { applied, buildImportsWorld, importCalls, problemsOf, verified, type ImportsWorld } from './imports.test-support.js';
import { buildManyUsers, readOptionNames, readUser } from '#test/users-factories.js';
import { USERS_PER_READ } from './verify/resolve-users.js';

/** The update and teaching imports, verified then confirmed through the API (new users: imports.int.test.ts). */
let world: ImportsWorld;
let t: TestContext;
let home: string;
let other: string;
let cookies: ImportsWorld['cookies'];

beforeAll(async () => {
  // Room for a file larger than one read of users (USERS_PER_READ).
  world = await buildImportsWorld({ IMPORT_MAX_LINES: '5000' });
  ({ t, home, other, cookies } = world);
});
afterAll(() => t.close());

const { verifyCsv } = importCalls(() => world);

describe('POST /users/batch: updating users', () => {
  it('previews only what changes (before → after), applies it, and leaves unchanged lines alone', async () => {
    const pupil = await buildUser(t.db, t.env.encryptionKey, {
      profile: 'Eleve',
      uai: home,
      login: 'maj.eleve',
      firstname: 'Inès',
      lastname: 'LEROY',
      level: '6e',
      className: '6A',
    });
    await giveOptions(t.db, { id: pupil.id, uai: home }, ['Latin']);
    const calm = await buildUser(t.db, t.env.encryptionKey, { profile: 'Eleve', uai: home, login: 'maj.calme', level: '6e' });
    const stranger = await buildUser(t.db, t.env.encryptionKey, { profile: 'Eleve', uai: other, login: 'maj.ailleurs' });
    const csv = [
      'Login;Niveau;Classe;Option1;Option2',
      'maj.eleve;5e;5B;Latin;Théâtre',
      'maj.calme;6e;;;',
      `maj.ailleurs;5e;;;`,
    ].join('\n');
    // A user of another school is unknown to this school's import.
    expect(problemsOf(await verifyCsv('direction', 'users_update', csv))).toEqual([
      { msg: imports.IMPORT_ERRORS.unknownUser, line: 4, field: 'Login' },
    ]);

    const preview = verified(await verifyCsv('direction', 'users_update', csv.split('\n').slice(0, 3).join('\n')));
    expect(preview.counts).toMatchObject({ update: 1, unchanged: 1 });
    expect(preview.users[0]).toMatchObject({
      action: 'update',
      userId: pupil.id,
      informations: { login: 'maj.eleve', level: '5e', class: '5B', firstName: 'Inès' },
      changes: [
        { field: 'Niveau', before: '6e', after: '5e' },
        { field: 'Classe', before: '6A', after: '5B' },
        { field: 'Options', before: 'Latin', after: 'Latin, Théâtre' },
      ],
    });
    expect(preview.users[1]).toMatchObject({ action: 'unchanged', userId: calm.id, changes: [] });
    expect((await readUser(t.db, pupil.id))!.level).toBe('6e');

    const update = await injectAs(t.app, cookies.direction, {
      ...requestOf(imports.applyUpdateImport),
      payload: { importNumber: preview.importNumber },
    });
    expect(applied(update)).toMatchObject({ status: 'applied', counts: { updated: 1, unchanged: 1 } });
    expect(await readUser(t.db, pupil.id)).toMatchObject({
      level: '5e',
      className: '5B',
      firstname: 'Inès',
      importNumber: preview.importNumber,
    });
    expect(await readOptionNames(t.db, pupil.id)).toEqual(['Latin', 'Théâtre']);
    expect(await readUser(t.db, calm.id)).toMatchObject({ level: '6e', importNumber: null });
    expect((await readUser(t.db, stranger.id))!.level).toBeNull();
  });

  it('plans every line of an update larger than one read, each against what its own user holds', async () => {
    // Users are read a thousand at a time (verify/resolve-users.ts): this file spans three reads,
    // half of it naming users by id, half by login, and a few users holding an option already.
    const count = 2 * USERS_PER_READ + 100;
    const ids = await buildManyUsers(t.db, t.env.encryptionKey, { uai: home, count, level: '6e' });
    const logins = new Map((await Promise.all(ids.map((id) => readUser(t.db, id)))).map((user) => [user!.id, user!.login]));
    const holders = [ids[0]!, ids[USERS_PER_READ]!, ids[count - 1]!];
    for (const id of holders) await giveOptions(t.db, { id, uai: home }, ['Latin']);
    const lines = ids.map((id, index) => (index < count / 2 ? `${id};;5e;Latin` : `;${logins.get(id)};5e;Latin`));
    const preview = verified(
      await verifyCsv('direction', 'users_update', ['ID utilisateur;Login;Niveau;Option1', ...lines].join('\n')),
    );

    expect(preview.counts).toMatchObject({ update: count });
    expect(preview.users.map((user) => user.userId)).toEqual(ids);
    for (const user of preview.users) {
      const fields = user.changes.map((change) => change.field);
      expect(fields, `user ${user.userId}`).toEqual(holders.includes(user.userId!) ? ['Niveau'] : ['Niveau', 'Options']);
    }
  });

  it('refuses a first name or a login that the school rules clean to nothing, as the forms do', async () => {
    const pupil = await buildUser(t.db, t.env.encryptionKey, { profile: 'Eleve', uai: home });
    const csv = ['ID utilisateur;Prénom;Login', `${pupil.id};***;@@@`].join('\n');
    expect(problemsOf(await verifyCsv('direction', 'users_update', csv))).toEqual([
      { msg: imports.IMPORT_ERRORS.required, line: 2, field: 'Prénom' },
      { msg: imports.IMPORT_ERRORS.required, line: 2, field: 'Login' },
    ]);
  });

  it('refuses a new login another account holds', async () => {
    const pupil = await buildUser(t.db, t.env.encryptionKey, { profile: 'Eleve', uai: home });
    await buildUser(t.db, t.env.encryptionKey, { profile: 'Eleve', uai: other, login: 'login.occupe' });
    const csv = ['ID utilisateur;Login', `${pupil.id};login.occupe`].join('\n');
    expect(problemsOf(await verifyCsv('direction', 'users_update', csv))).toEqual([
      { msg: imports.IMPORT_ERRORS.loginTaken, line: 2, field: 'Login' },
    ]);
  });
});

describe('POST /users/batch: teaching', () => {
  it('adds who teaches what where, for a caller with adminTabs; an assignment held stays one', async () => {
    const teacher = await buildUser(t.db, t.env.encryptionKey, { profile: 'Enseignant', uai: home, login: 'prof.maths' });
    const pupil = await buildUser(t.db, t.env.encryptionKey, { profile: 'Eleve', uai: home, login: 'eleve.pas.prof' });
    const csv = ['Login;Classe;Discipline', 'prof.maths;6A;Mathématiques', 'prof.maths;6B;Mathématiques'].join('\n');
    // A school administrator has no adminTabs: the teaching import is not theirs.
    const refused = await verifyCsv('direction', 'teaching', csv);
    expect(refused.statusCode).toBe(403);
    expect(problemsOf(await verifyCsv('manager', 'teaching', `${csv}\n${pupil.login};6A;Français`))).toEqual([
      { msg: imports.IMPORT_ERRORS.notTeacher, line: 4, field: null },
    ]);

    const preview = verified(await verifyCsv('manager', 'teaching', csv));
    expect(preview.users.map((user) => [user.action, user.teaching])).toEqual([
      ['teaching', [{ class: '6A', discipline: 'Mathématiques' }]],
      ['teaching', [{ class: '6B', discipline: 'Mathématiques' }]],
    ]);
    // The update call does not apply a teaching import.
    const wrong = await injectAs(t.app, cookies.manager, {
      ...requestOf(imports.applyUpdateImport),
      payload: { importNumber: preview.importNumber },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ details: { reason: 'import_wrong_mode' } });
    const put = await injectAs(t.app, cookies.manager, {
      ...requestOf(imports.applyTeachingImport),
      payload: { importNumber: preview.importNumber },
    });
    expect(applied(put).counts).toMatchObject({ teaching: 2 });
    const held = await t.db
      .select()
      .from(teachingAssignments)
      .where(eq(teachingAssignments.userId, teacher.id))
      .orderBy(teachingAssignments.className);
    expect(held.map((row) => [row.className, row.discipline, row.importNumber])).toEqual([
      ['6A', 'Mathématiques', preview.importNumber],
      ['6B', 'Mathématiques', preview.importNumber],
    ]);
    const again = verified(await verifyCsv('manager', 'teaching', csv));
    expect(again.counts).toMatchObject({ teaching: 0, unchanged: 2 });
  });
});
