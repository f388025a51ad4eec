import { users as contract } from '@console/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptSecret } from '#platform/auth/secrets.js';
import { applications, deletedUsers, devices, managerSchools, options } from '#platform/db/schema/index.js';
import { createTestContext, injectAs, requestOf, signIn, type TestContext } from '#test/context.js';
import { buildApplication, buildUser, giveApplication, giveOptions, type BuiltUser } from '#test/factories.js';
import { arrangeTwoSchools, buildDevice, readAccess, readOptionNames, readUser, readUserAudit } from '#test/users-factories.js';
import { purgeBin } from './users-bin.service.js';

let t: TestContext;
let home: string;
let other: string;
let direction: BuiltUser;
let cookies: Record<'admin' | 'direction' | 'manager' | 'pupil', string>;
const DAY_MS = 86_400_000;

beforeAll(async () => {
  t = await createTestContext();
  const arranged = await arrangeTwoSchools(t);
  ({ home, other } = arranged);
  direction = arranged.users.direction;
  const admin = await buildUser(t.db, t.env.encryptionKey, { profile: 'Administrateur' });
  cookies = { ...arranged.cookies, admin: await signIn(t.app, admin.login, admin.password) };
});
afterAll(() => t.close());

const disabledPupil = (values: Record<string, unknown> = {}) =>
  buildUser(t.db, t.env.encryptionKey, {
    profile: 'Eleve',
    uai: home,
    disabled: true,
    disabledAt: new Date(),
    level: '5e',
    className: '5B',
    ...values,
  });
const remove = (who: keyof typeof cookies, ids: object) =>
  injectAs(t.app, cookies[who], { ...requestOf(contract.deleteUsers), payload: ids });
const restore = (who: keyof typeof cookies, ids: number[]) =>
  injectAs(t.app, cookies[who], { ...requestOf(contract.restoreUsers), payload: { ids } });
const bin = (who: keyof typeof cookies, uai: string) =>
  injectAs(t.app, cookies[who], { ...requestOf(contract.listBin), query: { uai } });

describe('DELETE /users and GET /users/bin', () => {
  it('moves disabled users to the bin, newest first, with their purge date', async () => {
    const first = await disabledPupil();
    const second = await disabledPupil();
    const response = await remove('direction', [first.id, second.id]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ count: 2 });
    expect(await readUser(t.db, first.id)).toBeUndefined();
    await t.db
      .update(deletedUsers)
      .set({ deletedAt: new Date(Date.now() - 60_000) })
      .where(eq(deletedUsers.userId, first.id));

    const listed = contract.listBin.answer.parse((await bin('direction', home)).json());
    const mine = listed.users.filter((user) => user.id === first.id || user.id === second.id);
    expect(mine.map((user) => user.id)).toEqual([second.id, first.id]);
    expect(mine[0]).toMatchObject({
      login: second.login,
      profile: 'Eleve',
      level: '5e',
      className: '5B',
      deletedBy: `${direction.firstname} ${direction.lastname}`,
    });
    expect(Date.parse(mine[0]!.purgeAt) - Date.parse(mine[0]!.deletedAt)).toBe(contract.BIN_RETENTION_DAYS * DAY_MS);
    expect((await readUserAudit(t.db, first.id)).at(-1)).toMatchObject({
      action: 'delete',
      before: { login: first.login },
      after: { inBin: true },
    });
    // The bin keeps the login: nobody else may take it meanwhile.
    const taken = await injectAs(t.app, cookies.direction, {
      ...requestOf(contract.createUser),
      payload: {
        values: {
          uai: home,
          firstName: 'A',
          lastName: 'B',
          login: first.login,
          password: 'ravo4821',
          level: '6e',
          profile: 'Eleve',
        },
      },
    });
    expect(taken.statusCode).toBe(409);
  });

  it('refuses an active user (409), oneself (403) and one out of reach (404), deleting nobody', async () => {
    const disabled = await disabledPupil();
    const active = await buildUser(t.db, t.env.encryptionKey, { profile: 'Eleve', uai: home });
    const activeAnswer = await remove('direction', [disabled.id, active.id]);
    expect(activeAnswer.statusCode).toBe(409);
    expect(activeAnswer.json().details).toMatchObject({ reason: 'not_disabled' });
    const self = await remove('direction', [disabled.id, direction.id]);
    expect(self.statusCode).toBe(403);
    expect(self.json().details).toMatchObject({ reason: 'self_delete' });
    const elsewhere = await buildUser(t.db, t.env.encryptionKey, { profile: 'Eleve', uai: other, disabled: true });
    expect((await remove('direction', [disabled.id, elsewhere.id])).statusCode).toBe(404);
    expect(await readUser(t.db, disabled.id)).toBeDefined();
    expect(await readUser(t.db, elsewhere.id)).toBeDefined();
  });

  it('refuses bad input (400), rights (403), no session (401) and a school out of reach (404)', async () => {
    expect((await remove('direction', [])).statusCode).toBe(400);
    expect((await remove('direction', { ids: [1] })).statusCode).toBe(400);
    expect((await remove('pupil', [1])).statusCode).toBe(403);
    expect((await t.app.inject({ ...requestOf(contract.deleteUsers), payload: [1] })).statusCode).toBe(401);
    expect((await bin('manager', home)).statusCode).toBe(404);
    expect((await bin('direction', 'ABC')).statusCode).toBe(400);
    expect((await bin('pupil', home)).statusCode).toBe(403);
  });
});

describe('POST /users/bin/restore', () => {
  it('brings a user back with the same id, password, options, accesses, managed schools and devices', async () => {
    const manuals = await buildApplication(t.db, { name: 'Manuels à restaurer' });
    const gone = await buildApplication(t.db, { name: 'Application retirée' });
    const user = await disabledPupil({ comment: 'à garder', adminMode: 1 });
    await giveOptions(t.db, user, ['Grec ancien', 'Chorale']);
    await giveApplication(t.db, user, manuals, { keys: 'CODE-7', login: 'plateforme.login' });
    await giveApplication(t.db, user, gone);
    const device = await buildDevice(t.db, user, { model: 'Tablette A' });
    const manager = await buildUser(t.db, t.env.encryptionKey, {
      profile: 'Gestionnaire',
      uai: home,
      disabled: true,
      managedSchools: [home, other],
    });

    expect((await remove('admin', [user.id, manager.id])).statusCode).toBe(200);
    // Meanwhile an application leaves the catalogue and one option of the school is removed.
    await t.db.delete(applications).where(eq(applications.id, gone.id));
    await t.db.delete(options).where(sql`${options.uai} = ${home} and ${options.name} = 'Chorale'`);

    const response = await restore('admin', [user.id, manager.id]);
    expect(response.statusCode).toBe(200);
    expect(contract.restoreUsers.answer.parse(response.json())).toEqual({ count: 2 });
    const restored = (await readUser(t.db, user.id))!;
    expect(restored).toMatchObject({
      login: user.login,
      comment: 'à garder',
      adminMode: 1,
      disabled: true,
      linkToken: user.linkToken,
    });
    expect(decryptSecret(t.env.encryptionKey, restored.passwordEncrypted!)).toBe(user.password);
    expect(await readOptionNames(t.db, user.id)).toEqual(['Grec ancien', 'Chorale']);
    expect(await readAccess(t.db, user.id, manuals.id)).toMatchObject({ status: 1, keys: 'CODE-7', login: 'plateforme.login' });
    expect(await readAccess(t.db, user.id, gone.id)).toBeUndefined();
    expect(await t.db.select().from(devices).where(eq(devices.userId, user.id))).toEqual([
      expect.objectContaining({ id: device.id, model: 'Tablette A' }),
    ]);
    const managed = await t.db.select().from(managerSchools).where(eq(managerSchools.userId, manager.id));
    expect(managed.map((row) => row.uai).sort()).toEqual([home, other].sort());
    expect(await t.db.select().from(deletedUsers).where(eq(deletedUsers.userId, user.id))).toEqual([]);
    expect((await readUserAudit(t.db, user.id)).at(-1)).toMatchObject({ action: 'restore', after: { login: user.login } });

    // New users still get new ids.
    const fresh = await buildUser(t.db, t.env.encryptionKey, { profile: 'Eleve', uai: home });
    expect(fresh.id).toBeGreaterThan(manager.id);
  });

  it('leaves with their new holder a device or a push token registered by another user while in the bin', async () => {
    const user = await disabledPupil();
    const kept = await buildDevice(t.db, user, {
      model: 'Tablette gardée',
      installationId: `kept-${user.id}`,
      token: `kept-${user.id}`,
    });
    const lent = await buildDevice(t.db, user, {
      model: 'Tablette prêtée',
      installationId: `lent-${user.id}`,
      token: `lent-${user.id}`,
    });
    const resold = await buildDevice(t.db, user, {
      model: 'Tablette revendue',
      installationId: `resold-${user.id}`,
      token: null,
    });
    expect((await remove('direction', [user.id])).statusCode).toBe(200);
    // Meanwhile a classmate signs in on the lent tablet's token, another on the resold one's installation.
    const classmate = await buildUser(t.db, t.env.encryptionKey, { profile: 'Eleve', uai: home });
    await buildDevice(t.db, classmate, { installationId: `other-${user.id}`, token: `lent-${user.id}` });
    await buildDevice(t.db, classmate, { installationId: `resold-${user.id}`, token: null });

    expect((await restore('direction', [user.id])).statusCode).toBe(200);
    const restored = await t.db.select().from(devices).where(eq(devices.userId, user.id));
    expect(restored.map((row) => row.id)).toEqual([kept.id]);
    expect([lent.id, resold.id]).not.toContain(restored[0]?.id);
  });

  it('answers 409 when a live user now has the login, 404 out of reach or not in the bin', async () => {
    const user = await disabledPupil();
    const elsewhere = await buildUser(t.db, t.env.encryptionKey, { profile: 'Eleve', uai: other, disabled: true });
    expect((await remove('admin', [user.id, elsewhere.id])).statusCode).toBe(200);
    expect((await restore('direction', [user.id, elsewhere.id])).statusCode).toBe(404);
    expect((await restore('direction', [99_999_999])).statusCode).toBe(404);
    expect((await restore('pupil', [user.id])).statusCode).toBe(403);

    await t.db.execute(sql`update deleted_users set login = ${direction.login.toUpperCase()} where user_id = ${user.id}`);
    const conflict = await restore('direction', [user.id]);
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().details.fieldErrors).toEqual({ 'ids.0': ['user_add.username_already_existing'] });
    expect(await readUser(t.db, user.id)).toBeUndefined();
  });
});

describe('purgeBin', () => {
  it('removes for good users binned more than 30 days before now, keeps the others', async () => {
    const old = await disabledPupil();
    const recent = await disabledPupil();
    expect((await remove('direction', [old.id, recent.id])).statusCode).toBe(200);
    await t.db
      .update(deletedUsers)
      .set({ deletedAt: new Date(Date.now() - 2 * DAY_MS) })
      .where(eq(deletedUsers.userId, old.id));

    await purgeBin(t.db, new Date(Date.now() + 29 * DAY_MS));
    const left = (await t.db.select({ id: deletedUsers.userId }).from(deletedUsers)).map((row) => row.id);
    expect(left).not.toContain(old.id);
    expect(left).toContain(recent.id);
    expect((await readUserAudit(t.db, old.id)).at(-1)).toMatchObject({ action: 'purge', actorId: null });
    expect((await restore('direction', [old.id])).statusCode).toBe(404);
  });
});
