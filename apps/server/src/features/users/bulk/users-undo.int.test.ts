import { PROFILES, users as contract } from '@console/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret } from '#platform/auth/secrets.js';
import { bulkUndoEntries, options } from '#platform/db/schema/index.js';
import { createTestContext, injectAs, requestOf, type TestContext } from '#test/context.js';
import {
  buildSchool,
  buildSignedInUsers,
  giveApplication,
  giveOptions,
  type BuildUserOptions,
  type BuiltUser,
} from '#test/factories.js';
import {
  buildCredentialApplication,
  buildPupils,
  readAccess,
  readOptionNames,
  readUser,
  readUserAudit,
} from '#test/users-factories.js';
import { purgeBin } from '../status/users-bin.service.js';

let t: TestContext;
let home: string;
let cookies: Record<'direction' | 'colleague' | 'admin', string>;

beforeAll(async () => {
  t = await createTestContext();
  home = (await buildSchool(t.db)).uai;
  const signedIn = await buildSignedInUsers(t, {
    direction: { profile: 'Administrateur établissement', uai: home },
    colleague: { profile: 'Administrateur établissement', uai: home },
    admin: { profile: 'Administrateur' },
  });
  cookies = signedIn.cookies;
});
afterAll(() => t.close());

const bulk = async (payload: object) => {
  const response = await injectAs(t.app, cookies.direction, { ...requestOf(contract.bulkUpdateUsers), payload });
  expect(response.statusCode).toBe(200);
  return contract.bulkUpdateUsers.answer.parse(response.json());
};
const undo = (who: keyof typeof cookies, token: string | null) =>
  injectAs(t.app, cookies[who], { ...requestOf(contract.undoBulkUpdate), payload: { token } });
const pupils = (count: number, values?: Partial<BuildUserOptions>) => buildPupils(t, home, count, values);
const ids = (users: readonly BuiltUser[]) => users.map((user) => user.id);

describe('POST /users/undo', () => {
  it('puts back the class of 50 users, once', async () => {
    const users = await pupils(50, { className: '6A' });
    await t.db.execute(sql`update users set class_name = null where id = ${users[0]!.id}`);
    const { undoToken, count } = await bulk({ type: 'std', ids: ids(users), column: 'className', value: '6B' });
    expect(count).toBe(50);
    const response = await undo('direction', undoToken);
    expect(response.statusCode).toBe(200);
    expect(contract.undoBulkUpdate.answer.parse(response.json())).toEqual({ count: 50 });
    expect((await readUser(t.db, users[0]!.id))!.className).toBeNull();
    expect((await readUser(t.db, users[1]!.id))!.className).toBe('6A');
    expect((await readUserAudit(t.db, users[1]!.id)).at(-1)).toMatchObject({
      action: 'bulk_undo',
      before: { className: '6B' },
      after: { className: '6A' },
    });
    expect((await undo('direction', undoToken)).statusCode).toBe(404);
  });

  it('puts back a profile and an admin mode', async () => {
    const users = await pupils(2, { adminMode: 1 });
    const profile = await bulk({ type: 'std', ids: ids(users), column: 'profile', value: 'Enseignant' });
    expect((await undo('direction', profile.undoToken)).statusCode).toBe(200);
    expect((await readUser(t.db, users[0]!.id))!.profileId).toBe(PROFILES.Eleve);
    const mode = await bulk({ type: 'std', ids: ids(users), column: 'adminMode', value: 0 });
    expect((await undo('direction', mode.undoToken)).statusCode).toBe(200);
    expect((await readUser(t.db, users[1]!.id))!.adminMode).toBe(1);
  });

  it('puts back option lists and removes the option the change created', async () => {
    const [first, second] = await pupils(2);
    await giveOptions(t.db, first!, ['Latin', 'Grec']);
    await giveOptions(t.db, second!, ['Grec']);
    const inserted = await bulk({
      type: 'opt',
      ids: [first!.id, second!.id],
      column: 'insert',
      value: { optionCible: 'Option éphémère' },
    });
    expect((await undo('direction', inserted.undoToken)).statusCode).toBe(200);
    expect(await readOptionNames(t.db, second!.id)).toEqual(['Grec']);
    expect(await t.db.select().from(options).where(eq(options.name, 'Option éphémère'))).toEqual([]);

    const updated = await bulk({
      type: 'opt',
      ids: [first!.id],
      column: 'update',
      value: { optionCible: 'Grec', optionSource: 'Latin' },
    });
    expect(await readOptionNames(t.db, first!.id)).toEqual(['Grec']);
    expect((await undo('direction', updated.undoToken)).statusCode).toBe(200);
    expect(await readOptionNames(t.db, first!.id)).toEqual(['Latin', 'Grec']);
  });

  it('puts back application accesses: removed where there was none, restored where there was one', async () => {
    const application = await buildCredentialApplication(t.db, 'Manuels à annuler', {
      application: { applicationCodeRequired: true },
    });
    const [first, second] = await pupils(2);
    await giveApplication(t.db, second!, application, {
      status: 0,
      keys: 'ANCIEN',
      passwordEncrypted: encryptSecret(t.env.encryptionKey, 'ancien'),
    });
    const { undoToken } = await bulk({
      type: 'app',
      ids: [first!.id, second!.id],
      column: 'insert',
      idApp: application.id,
      value: [
        { idUser: first!.id, keys: 'NOUVEAU-1' },
        { idUser: second!.id, keys: 'NOUVEAU-2', passwordPlateforme: 'nouveau' },
      ],
    });
    expect((await undo('direction', undoToken)).statusCode).toBe(200);
    expect(await readAccess(t.db, first!.id, application.id)).toBeUndefined();
    const restored = (await readAccess(t.db, second!.id, application.id))!;
    expect(restored).toMatchObject({ status: 0, keys: 'ANCIEN' });
    expect(decryptSecret(t.env.encryptionKey, restored.passwordEncrypted!)).toBe('ancien');
  });

  it('refuses another caller’s token (404) and an expired one (409), changing nothing', async () => {
    const users = await pupils(2);
    const { undoToken } = await bulk({ type: 'std', ids: ids(users), column: 'subject', value: 'Arts' });
    expect((await undo('colleague', undoToken)).statusCode).toBe(404);
    expect((await undo('admin', undoToken)).statusCode).toBe(404);
    expect((await undo('direction', 'not-a-token')).statusCode).toBe(404);
    expect((await undo('direction', '')).statusCode).toBe(400);

    await t.db.update(bulkUndoEntries).set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await undo('direction', undoToken);
    expect(expired.statusCode).toBe(409);
    expect(expired.json().details).toMatchObject({ reason: 'undo_expired' });
    expect((await readUser(t.db, users[0]!.id))!.subject).toBe('Arts');

    await purgeBin(t.db);
    expect(await t.db.select().from(bulkUndoEntries)).toEqual([]);
  });

  it('answers 404 when one of the users is no longer within reach', async () => {
    const users = await pupils(2);
    const { undoToken } = await bulk({ type: 'std', ids: ids(users), column: 'comment', value: 'Parti' });
    const elsewhere = (await buildSchool(t.db)).uai;
    await t.db.execute(sql`update users set uai = ${elsewhere} where id = ${users[1]!.id}`);
    expect((await undo('direction', undoToken)).statusCode).toBe(404);
    expect((await readUser(t.db, users[0]!.id))!.comment).toBe('Parti');
  });
});
