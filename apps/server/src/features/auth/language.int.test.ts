import { auth } from '@console/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#platform/db/schema/index.js';
import { createTestContext, injectAs, requestOf, signIn, type TestContext } from '#test/context.js';
import { buildUser, type BuiltUser } from '#test/factories.js';

/** The interface language kept with the account (issue 34). */

let t: TestContext;
let admin: BuiltUser;

beforeAll(async () => {
  t = await createTestContext();
  admin = await buildUser(t.db, t.env.encryptionKey, { profile: 'Administrateur' });
});
afterAll(() => t.close());

describe('PUT /auth/language', () => {
  it('keeps the language with the account: every session answers it, and the next sign-in anywhere', async () => {
    // A session cache as in production: the choice must not wait for the cached session to expire.
    const cached = await createTestContext({ SESSION_CACHE_MS: '60000' });
    try {
      const teacher = await buildUser(cached.db, cached.env.encryptionKey, { profile: 'Enseignant', password: 'ravo4821' });
      const first = await signIn(cached.app, teacher.login, 'ravo4821');
      const other = await signIn(cached.app, teacher.login, 'ravo4821');
      expect((await injectAs(cached.app, first, requestOf(auth.me))).json()).toMatchObject({ language: null });

      const set = await injectAs(cached.app, first, { ...requestOf(auth.setLanguage), payload: { language: 'en' } });
      expect(set.statusCode).toBe(200);

      expect((await injectAs(cached.app, first, requestOf(auth.me))).json()).toMatchObject({ language: 'en' });
      expect((await injectAs(cached.app, other, requestOf(auth.me))).json()).toMatchObject({ language: 'en' });
      const again = await cached.app.inject({
        ...requestOf(auth.login),
        payload: { login: teacher.login, password: 'ravo4821' },
      });
      expect(auth.sessionUserSchema.parse(again.json())).toMatchObject({ id: teacher.id, language: 'en' });
      const [row] = await cached.db.select({ language: users.language }).from(users).where(eq(users.id, teacher.id));
      expect(row).toEqual({ language: 'en' });
    } finally {
      await cached.close();
    }
  });

  it('refuses a language the interface does not offer, and a caller without a session', async () => {
    const cookie = await signIn(t.app, admin.login, admin.password);
    const refused = await injectAs(t.app, cookie, { ...requestOf(auth.setLanguage), payload: { language: 'de' } });
    expect(refused.statusCode).toBe(400);
    expect((await injectAs(t.app, cookie, requestOf(auth.me))).json()).toMatchObject({ language: null });

    const anonymous = await t.app.inject({ ...requestOf(auth.setLanguage), payload: { language: 'en' } });
    expect(anonymous.statusCode).toBe(401);
  });
});
