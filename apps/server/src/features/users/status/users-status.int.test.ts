import { auth, users as contract } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, injectAs, requestOf, signIn, type TestContext } from '#test/context.js';
import { buildUser, type BuiltUser } from '#test/factories.js';
import { arrangeTwoSchools, readUser, readUserAudit } from '#test/users-factories.js';

let t: TestContext;
let home: string;
let other: string;
let direction: BuiltUser;
let cookies: Record<'direction' | 'manager' | 'pupil', string>;

beforeAll(async () => {
  t = await createTestContext();
  const arranged = await arrangeTwoSchools(t);
  ({ home, other, cookies } = arranged);
  direction = arranged.users.direction;
});
afterAll(() => t.close());

const deactivate = (who: keyof typeof cookies, payload: object) =>
  injectAs(t.app, cookies[who], { ...requestOf(contract.setUsersDisabled), payload });

describe('PATCH /users/deactivate', () => {
  it('disables users, signs them out, and enables them again', async () => {
    const teacher = await buildUser(t.db, t.env.encryptionKey, { profile: 'Enseignant', uai: home });
    const pupil = await buildUser(t.db, t.env.encryptionKey, { profile: 'Eleve', uai: home });
    const teacherCookie = await signIn(t.app, teacher.login, teacher.password);
    expect((await injectAs(t.app, teacherCookie, requestOf(auth.me))).statusCode).toBe(200);

    const response = await deactivate('direction', {
      users: [
        { id: teacher.id, lls: true },
        { id: pupil.id, quizeo: true },
      ],
      disable: true,
    });
    expect(response.statusCode).toBe(200);
    expect(contract.setUsersDisabled.answer.parse(response.json())).toEqual({ count: 2 });
    const stored = (await readUser(t.db, teacher.id))!;
    expect(stored.disabled).toBe(true);
    expect(Date.now() - stored.disabledAt!.getTime()).toBeLessThan(60_000);
    expect((await injectAs(t.app, teacherCookie, requestOf(auth.me))).statusCode).toBe(401);
    const [audit] = await readUserAudit(t.db, teacher.id);
    expect(audit).toMatchObject({
      action: 'disable',
      uai: home,
      before: { disabled: false, disabledAt: null, lls: true, quizeo: false },
      after: { disabled: true, lls: true },
    });

    // Already disabled: unchanged, not counted.
    expect((await deactivate('direction', { users: [{ id: teacher.id }], disable: true })).json()).toEqual({ count: 0 });

    expect(
      (await deactivate('direction', { users: [{ id: teacher.id }, { id: pupil.id, quizeo: true }], disable: false })).json(),
    ).toEqual({ count: 2 });
    expect(await readUser(t.db, pupil.id)).toMatchObject({ disabled: false, disabledAt: null });
    expect((await readUserAudit(t.db, pupil.id)).at(-1)).toMatchObject({
      action: 'enable',
      after: { disabled: false, disabledAt: null, quizeo: true },
    });
    expect((await signIn(t.app, teacher.login, teacher.password)).startsWith('sid=')).toBe(true);
  });

  it('refuses the caller among the users (403) and changes nobody', async () => {
    const pupil = await buildUser(t.db, t.env.encryptionKey, { profile: 'Eleve', uai: home });
    const response = await deactivate('direction', { users: [{ id: pupil.id }, { id: direction.id }], disable: true });
    expect(response.statusCode).toBe(403);
    expect(response.json().details).toMatchObject({ reason: 'self_disable' });
    expect((await readUser(t.db, pupil.id))!.disabled).toBe(false);
  });

  it('answers 404 and changes nobody when one user is out of reach', async () => {
    const mine = await buildUser(t.db, t.env.encryptionKey, { profile: 'Eleve', uai: home });
    const elsewhere = await buildUser(t.db, t.env.encryptionKey, { profile: 'Eleve', uai: other });
    expect((await deactivate('direction', { users: [{ id: mine.id }, { id: elsewhere.id }], disable: true })).statusCode).toBe(
      404,
    );
    expect((await deactivate('manager', { users: [{ id: mine.id }], disable: true })).statusCode).toBe(404);
    expect((await deactivate('direction', { users: [{ id: 99_999_999 }], disable: true })).statusCode).toBe(404);
    expect((await readUser(t.db, mine.id))!.disabled).toBe(false);
    expect((await readUser(t.db, elsewhere.id))!.disabled).toBe(false);
  });

  it('refuses bad input (400), a pupil (403) and no session (401)', async () => {
    expect((await deactivate('direction', { users: [], disable: true })).statusCode).toBe(400);
    expect((await deactivate('direction', { users: [{ id: 1 }] })).statusCode).toBe(400);
    expect((await deactivate('pupil', { users: [{ id: 1 }], disable: true })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ ...requestOf(contract.setUsersDisabled), payload: { users: [{ id: 1 }], disable: true } }))
        .statusCode,
    ).toBe(401);
  });
});
