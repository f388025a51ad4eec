import { imports, users as userRoutes } from '@console/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptSecret } from '#platform/auth/secrets.js';
import { editorLabel } from '#platform/context.js';
import { importBatches, teachingAssignments, users } from '#platform/db/schema/index.js';
import { createTestContext, injectAs, requestOf, type TestContext } from '#test/context.js';
import { buildSchool, buildSignedInUsers, buildUser, giveApplication, giveOptions, type BuiltUser } from '#test/factories.js';
import { buildCredentialApplication } from '#test/users-factories.js';
import {
  decideImport,
  importCsv,
  listHistory,
  refusalOf,
  requestHistory,
  requestRollback,
  rollBack,
  snapshotDatabase,
  verifyCsv,
} from './rollback.test-support.js';

type Caller = 'admin' | 'manager' | 'direction' | 'colleague' | 'outsider';

let t: TestContext;
let home: string;
let other: string;
let cookies: Record<Caller, string>;
let actors: Record<Caller, BuiltUser>;
const apps = {} as Record<'manuel' | 'dico' | 'atlas', { id: number; name: string }>;

beforeAll(async () => {
  t = await createTestContext({ IMPORT_MAX_LINES: '40' });
  home = (await buildSchool(t.db, { name: 'Collège Jean Moulin', extension: 'moulin' })).uai;
  other = (await buildSchool(t.db, { name: 'Collège Pasteur' })).uai;
  const signedIn = await buildSignedInUsers(t, {
    admin: { profile: 'Administrateur' },
    manager: { profile: 'Gestionnaire', managedSchools: [home] },
    direction: { profile: 'Administrateur établissement', uai: home, email: 'direction@moulin.fr' },
    colleague: { profile: 'Administrateur établissement', uai: home, email: 'adjoint@moulin.fr' },
    outsider: { profile: 'Administrateur établissement', uai: other, email: 'direction@pasteur.fr' },
  });
  cookies = signedIn.cookies;
  actors = signedIn.users;
  for (const [key, name] of [
    ['manuel', 'Manuel Maths'],
    ['dico', 'Dico'],
    ['atlas', 'Atlas'],
  ] as const) {
    apps[key] = await buildCredentialApplication(t.db, name);
  }
  // An option the school holds before any import: a rollback keeps it.
  const keeper = await buildUser(t.db, t.env.encryptionKey, { profile: 'Eleve', uai: home, level: '6e' });
  await giveOptions(t.db, keeper, ['Latin']);
});
afterAll(() => t.close());

const batchOf = async (importNumber: number) =>
  (await t.db.select().from(importBatches).where(eq(importBatches.id, importNumber)))[0]!;

/** The rollback's audit entries of an import's users and of the import itself. */
async function rollbackAudit(importNumber: number, userIds: readonly number[]) {
  const result = await t.db.execute<{ entity: string; entity_id: string; before: unknown; after: unknown }>(sql`
    select entity, entity_id, before, after from audit_log
    where action = 'import_rollback' and ((entity = 'import' and entity_id = ${String(importNumber)}) or (entity = 'user' and entity_id = any(${sql.param(userIds.map(String))}::text[])))
    order by id`);
  return result.rows;
}

describe('POST /users/batch/:importNumber/rollback', () => {
  it('rolls back an initial import: every table as it was before it, row by row, a user binned since included', async () => {
    const before = await snapshotDatabase(t);
    const csv = [
      'Profil;Nom;Prénom;Niveau;Classe;Mail;Option1;Option2;Manuel Maths',
      'Eleve;Martin;Léa;5e;5A;;Latin;Chinois;1',
      'Eleve;Petit;Hugo;4e;4B;;Chinois;;0',
      'Enseignant;Curie;Marie;;;;;;1',
      'Administrateur établissement;Chef;Anne;;;anne.chef@moulin.fr;;;',
    ].join('\n');
    const result = await importCsv(t, cookies.direction, 'users_initial', home, csv);
    expect(result.counts).toMatchObject({ created: 4 });
    const created = result.lines.map((line) => line.userId!);
    const hugo = result.lines.find((line) => line.login.startsWith('hugo'))!.userId!;
    // A user the import created, disabled then binned meanwhile: the rollback forgets them too.
    const disable = await injectAs(t.app, cookies.direction, {
      ...requestOf(userRoutes.setUsersDisabled),
      payload: { users: [{ id: hugo }], disable: true },
    });
    expect(disable.statusCode, disable.body).toBe(200);
    const bin = await injectAs(t.app, cookies.direction, { ...requestOf(userRoutes.deleteUsers), payload: [hugo] });
    expect(bin.statusCode, bin.body).toBe(200);
    expect(await snapshotDatabase(t)).not.toEqual(before);

    const entry = await rollBack(t, cookies.direction, result.importNumber);
    expect(entry).toMatchObject({
      importNumber: result.importNumber,
      status: 'rolled_back',
      canRollBack: false,
      rollbackUntil: null,
      counts: result.counts,
    });
    expect(entry.rolledBackAt).not.toBeNull();
    expect(await snapshotDatabase(t)).toEqual(before);

    const audit = await rollbackAudit(result.importNumber, created);
    expect(
      audit
        .filter((row) => row.entity === 'user')
        .map((row) => Number(row.entity_id))
        .sort(),
    ).toEqual([...created].sort());
    expect(audit.find((row) => row.entity === 'import')).toMatchObject({
      after: { status: 'rolled_back', removedUsers: 4, restoredUsers: 0 },
    });
    expect(JSON.stringify(audit)).not.toMatch(/password|argon2/i);
  });

  it('rolls back an update import: names, level, class, passwords, options and accesses (a valid token included) as they were, row by row', async () => {
    const pupil = await buildUser(t.db, t.env.encryptionKey, {
      profile: 'Eleve',
      uai: home,
      login: 'maj.leroy',
      firstname: 'Inès',
      lastname: 'LEROY',
      level: '6e',
      className: '6A',
      importNumber: 7,
    });
    const chief = await buildUser(t.db, t.env.encryptionKey, {
      profile: 'Administrateur établissement',
      uai: home,
      login: 'maj.chef',
      email: 'chef@moulin.fr',
    });
    await giveOptions(t.db, pupil, ['Latin', 'Grec']);
    await giveApplication(t.db, pupil, apps.manuel, {
      login: 'ines.manuel',
      passwordEncrypted: encryptSecret(t.env.encryptionKey, 'manuel42'),
      keys: 'CODE1',
      validToken: 'OK',
    });
    await giveApplication(t.db, pupil, apps.atlas, { status: 0, login: 'ines.atlas', validToken: 'expired' });
    // Timestamps with microseconds, which a rollback must give back to the digit.
    await t.db.execute(
      sql`update users set updated_at = '2026-02-03 04:05:06.123456+00', updated_by = 'Ancienne Main' where id in (${pupil.id}, ${chief.id})`,
    );
    await t.db.execute(
      sql`update user_applications set token_checked_at = '2026-02-01 08:09:10.654321+00' where user_id = ${pupil.id}`,
    );
    const before = await snapshotDatabase(t);

    const csv = [
      'Login;Nom;Prénom;Niveau;Classe;Mot de passe;Option1;Option2;Manuel Maths;Dico;Atlas',
      'maj.leroy;Leroy-Martin;Inès Marie;5e;5B;zoba4821;Latin;Théâtre;0;1;1',
      'maj.chef;;;;;N0uveau#Secret2026;;;;;',
    ].join('\n');
    const preview = await verifyCsv(t, cookies.direction, 'users_update', home, csv);
    expect(preview.counts).toMatchObject({ update: 2 });
    const result = await decideImport(t, cookies.direction, preview.importNumber, 1);
    expect(result.counts).toMatchObject({ updated: 2 });
    const changed = (await t.db.select().from(users).where(eq(users.id, pupil.id)))[0]!;
    expect(changed).toMatchObject({ level: '5e', className: '5B', lastname: 'LEROY-MARTIN', importNumber: preview.importNumber });
    expect(await snapshotDatabase(t)).not.toEqual(before);

    await rollBack(t, cookies.direction, preview.importNumber);
    expect(await snapshotDatabase(t)).toEqual(before);
    const audit = await rollbackAudit(preview.importNumber, [pupil.id, chief.id]);
    expect(audit.find((row) => row.entity === 'user' && row.entity_id === String(pupil.id))).toMatchObject({
      before: { level: '5e', className: '5B', options: ['Latin', 'Théâtre'] },
      after: { level: '6e', className: '6A', importNumber: 7, passwordRestored: true, options: ['Latin', 'Grec'] },
    });
    expect(JSON.stringify(audit)).not.toMatch(/passwordHash|passwordEncrypted|password_|argon2/);
  });

  it('rolls back a teaching import: its assignments go, those held before stay', async () => {
    const teacher = await buildUser(t.db, t.env.encryptionKey, { profile: 'Enseignant', uai: home, login: 'prof.rollback' });
    await t.db.insert(teachingAssignments).values({ userId: teacher.id, className: '6A', discipline: 'Mathématiques' });
    const before = await snapshotDatabase(t);
    const csv = [
      'Login;Classe;Discipline',
      'prof.rollback;6A;Mathématiques',
      'prof.rollback;6B;Mathématiques',
      'prof.rollback;6C;Physique',
    ].join('\n');
    const result = await importCsv(t, cookies.manager, 'teaching', home, csv);
    expect(result.counts).toMatchObject({ teaching: 2, unchanged: 1 });
    const held = () =>
      t.db
        .select()
        .from(teachingAssignments)
        .where(eq(teachingAssignments.userId, teacher.id))
        .orderBy(teachingAssignments.className);
    expect((await held()).map((row) => row.className)).toEqual(['6A', '6B', '6C']);

    await rollBack(t, cookies.manager, result.importNumber);
    expect((await held()).map((row) => [row.className, row.importNumber])).toEqual([['6A', null]]);
    expect(await snapshotDatabase(t)).toEqual(before);
  });

  it('refuses what is not applied (twice, cancelled, only verified) and what is past its 7 days, changing nothing', async () => {
    const csv = (name: string) => ['Profil;Nom;Prénom;Niveau', `Eleve;${name};Zoé;6e`].join('\n');
    const applied = await importCsv(t, cookies.direction, 'users_initial', home, csv('Deux'));
    await rollBack(t, cookies.direction, applied.importNumber);
    expect(refusalOf(await requestRollback(t, cookies.direction, applied.importNumber))).toEqual({
      status: 409,
      reason: 'import_not_applied',
    });

    const cancelled = await verifyCsv(t, cookies.direction, 'users_initial', home, csv('Annule'));
    await decideImport(t, cookies.direction, cancelled.importNumber, 0);
    expect(refusalOf(await requestRollback(t, cookies.direction, cancelled.importNumber))).toEqual({
      status: 409,
      reason: 'import_not_applied',
    });
    const pending = await verifyCsv(t, cookies.direction, 'users_initial', home, csv('Attente'));
    expect(refusalOf(await requestRollback(t, cookies.direction, pending.importNumber))).toEqual({
      status: 409,
      reason: 'import_not_applied',
    });

    const old = await importCsv(t, cookies.direction, 'users_initial', home, csv('Ancien'));
    await t.db.execute(sql`update import_batches set decided_at = decided_at - interval '8 days' where id = ${old.importNumber}`);
    const before = await snapshotDatabase(t);
    expect(refusalOf(await requestRollback(t, cookies.direction, old.importNumber))).toEqual({
      status: 409,
      reason: 'import_rollback_expired',
    });
    expect(await snapshotDatabase(t)).toEqual(before);
    expect((await batchOf(old.importNumber)).status).toBe('applied');
    const entry = (await listHistory(t, cookies.direction, home)).find(
      (candidate) => candidate.importNumber === old.importNumber,
    )!;
    expect(entry.canRollBack).toBe(false);
    expect(new Date(entry.rollbackUntil!).getTime()).toBeLessThan(Date.now());
  });

  it('refuses, changing nothing, when a login to give back is another account’s now', async () => {
    const user = await buildUser(t.db, t.env.encryptionKey, { profile: 'Eleve', uai: home, login: 'ancien.login', level: '6e' });
    const rename = await importCsv(
      t,
      cookies.direction,
      'users_update',
      home,
      ['ID utilisateur;Login', `${user.id};nouveau.login`].join('\n'),
    );
    expect(rename.counts).toMatchObject({ updated: 1 });
    await buildUser(t.db, t.env.encryptionKey, { profile: 'Eleve', uai: other, login: 'ANCIEN.LOGIN' });
    const before = await snapshotDatabase(t);
    const response = await requestRollback(t, cookies.direction, rename.importNumber);
    expect(refusalOf(response)).toEqual({ status: 409, reason: 'import_rollback_login_taken' });
    expect(response.json()).toMatchObject({ details: { params: { login: 'ancien.login', count: 1 } } });
    expect(await snapshotDatabase(t)).toEqual(before);
    expect((await batchOf(rename.importNumber)).status).toBe('applied');
  });
});

describe('rights and reach', () => {
  it('answers 404 to another school’s administrator (list and rollback) and to anyone but the author (rollback), changing nothing', async () => {
    const result = await importCsv(
      t,
      cookies.direction,
      'users_initial',
      home,
      ['Profil;Nom;Prénom;Niveau', 'Eleve;Garde;Paul;6e'].join('\n'),
    );
    const before = await snapshotDatabase(t);
    expect((await requestHistory(t, cookies.outsider, home)).statusCode).toBe(404);
    expect((await requestHistory(t, cookies.direction, other)).statusCode).toBe(404);
    for (const caller of ['outsider', 'colleague', 'manager', 'admin'] as const) {
      expect(refusalOf(await requestRollback(t, cookies[caller], result.importNumber)), caller).toMatchObject({ status: 404 });
    }
    expect(refusalOf(await requestRollback(t, cookies.direction, 999_999))).toMatchObject({ status: 404 });
    expect(await snapshotDatabase(t)).toEqual(before);
    expect((await batchOf(result.importNumber)).status).toBe('applied');
    // Those who reach the school see the import, and that they may not roll it back.
    for (const caller of ['colleague', 'manager', 'admin'] as const) {
      const entry = (await listHistory(t, cookies[caller], home)).find(
        (candidate) => candidate.importNumber === result.importNumber,
      );
      expect(entry, caller).toMatchObject({ status: 'applied', canRollBack: false });
    }
    expect(
      (await listHistory(t, cookies.direction, home)).find((entry) => entry.importNumber === result.importNumber),
    ).toMatchObject({ canRollBack: true });
  });

  it('answers 401 without a session and 400 for a malformed school or number', async () => {
    expect((await t.app.inject({ ...requestOf(imports.listImports), query: { uai: home } })).statusCode).toBe(401);
    expect((await t.app.inject(requestOf(imports.rollBackImport, { importNumber: 1 }))).statusCode).toBe(401);
    const badUai = await requestHistory(t, cookies.direction, 'not-a-uai');
    expect(badUai.statusCode).toBe(400);
    expect(badUai.json()).toMatchObject({ details: { fieldErrors: { uai: ['school.errors.uai_format'] } } });
    expect(
      (await injectAs(t.app, cookies.direction, requestOf(imports.rollBackImport, { importNumber: 'abc' }))).statusCode,
    ).toBe(400);
  });
});

describe('GET /users/batch: the history', () => {
  it('lists the school’s imports newest first, with number, dates, author, mode, counts, status and what the caller may do', async () => {
    const uai = (await buildSchool(t.db, { name: 'Lycée Hugo', extension: 'hugo' })).uai;
    const csv = (name: string) => ['Profil;Nom;Prénom;Niveau', `Eleve;${name};Léo;6e`].join('\n');
    const pending = await verifyCsv(t, cookies.admin, 'users_initial', uai, csv('Attente'));
    const cancelled = await verifyCsv(t, cookies.admin, 'users_initial', uai, csv('Annule'));
    await decideImport(t, cookies.admin, cancelled.importNumber, 0);
    const applied = await importCsv(t, cookies.admin, 'users_initial', uai, csv('Garde'));
    const undone = await importCsv(t, cookies.admin, 'users_initial', uai, csv('Retire'));
    await rollBack(t, cookies.admin, undone.importNumber);

    const history = await listHistory(t, cookies.admin, uai);
    expect(history.map((entry) => [entry.importNumber, entry.status])).toEqual([
      [undone.importNumber, 'rolled_back'],
      [applied.importNumber, 'applied'],
      [cancelled.importNumber, 'cancelled'],
      [pending.importNumber, 'verified'],
    ]);
    const [rolledBack, kept, dropped, waiting] = history;
    const author = editorLabel(actors.admin);
    expect(waiting).toMatchObject({
      mode: 'users_initial',
      createdBy: author,
      decidedAt: null,
      counts: null,
      rollbackUntil: null,
      rolledBackAt: null,
      canRollBack: false,
    });
    expect(dropped).toMatchObject({ counts: null, rollbackUntil: null, canRollBack: false });
    expect(dropped!.decidedAt).not.toBeNull();
    expect(kept).toMatchObject({
      createdBy: author,
      counts: { created: 1, updated: 0, unchanged: 0, teaching: 0, excluded: 0 },
      canRollBack: true,
    });
    const window = new Date(kept!.rollbackUntil!).getTime() - new Date(kept!.decidedAt!).getTime();
    expect(window).toBe(imports.ROLLBACK_DAYS * 24 * 60 * 60 * 1000);
    expect(rolledBack).toMatchObject({ counts: { created: 1 }, rollbackUntil: null, canRollBack: false });
    expect(new Date(rolledBack!.rolledBackAt!).getTime()).toBeGreaterThanOrEqual(new Date(rolledBack!.decidedAt!).getTime());
    expect(new Date(waiting!.createdAt).getTime()).toBeLessThanOrEqual(new Date(rolledBack!.createdAt).getTime());
  });

  it(`answers the newest ${imports.IMPORT_HISTORY_MAX} imports at most`, async () => {
    const uai = (await buildSchool(t.db)).uai;
    const count = imports.IMPORT_HISTORY_MAX + 1;
    const start = Date.UTC(2026, 0, 1);
    await t.db.insert(importBatches).values(
      Array.from({ length: count }, (_unused, index) => ({
        uai,
        mode: 'users_initial',
        createdById: actors.admin.id,
        createdBy: editorLabel(actors.admin),
        createdAt: new Date(start + index * 60_000),
      })),
    );
    const history = await listHistory(t, cookies.admin, uai);
    expect(history).toHaveLength(imports.IMPORT_HISTORY_MAX);
    expect(history[0]!.createdAt).toBe(new Date(start + (count - 1) * 60_000).toISOString());
    expect(history.at(-1)!.createdAt).toBe(new Date(start + 60_000).toISOString());
  });
});

describe('the hard delete of created users', () => {
  it('cannot fail on a foreign key: every key to users cascades or sets null', async () => {
    const result = await t.db.execute<{ name: string; action: string }>(sql`
      select c.conname as name, c.confdeltype as action from pg_constraint c
      where c.contype = 'f' and c.confrelid = 'public.users'::regclass and c.confdeltype not in ('c', 'n')`);
    expect(result.rows).toEqual([]);
  });
});
