import { users, type UserPage } from '@console/contract';
import { afterAll, beforeAll } from 'vitest';
import { encryptSecret } from '#platform/auth/secrets.js';
import { createTestContext, injectAs, requestOf, signInEach, type TestContext } from '#test/context.js';
import { buildSchool, buildUser, giveApplication, giveOptions, type BuiltUser } from '#test/factories.js';
import { buildCredentialApplication, buildDevice } from '#test/users-factories.js';

/**
 * The arrangement the user-page test files (reading a page, editing it) start from: one school, its
 * staff and users, a pupil with applications, options and devices. Its state is exported as live
 * bindings that `setUpUserPage` fills in beforeAll, so that the tests read `pupil` or
 * `cookies.direction` as they did when they shared one file. Vitest loads this module anew for each
 * test file, so each file still gets its own database.
 */

export let t: TestContext;
export let home: string;
export let cookies: Record<'admin' | 'manager' | 'direction' | 'pupil' | 'teacher', string>;
export let direction: BuiltUser;
export let pupil: BuiltUser;
export let teacher: BuiltUser;
export let colleague: BuiltUser;
export let locked: BuiltUser;
export let manager: BuiltUser;
export const apps = {} as Record<'code' | 'plain' | 'demanding', { id: number; name: string }>;

/** Registers, in the calling test file, the hooks that build the arrangement and close its context. */
export function setUpUserPage(): void {
  beforeAll(async () => {
    t = await createTestContext();
    const key = t.env.encryptionKey;
    home = (await buildSchool(t.db, { name: 'Collège Jean Moulin' })).uai;
    const managed = (await buildSchool(t.db, { name: 'Lycée Victor Hugo' })).uai;
    const admin = await buildUser(t.db, key, { profile: 'Administrateur' });
    manager = await buildUser(t.db, key, { profile: 'Gestionnaire', managedSchools: [managed], email: 'gestion@example.org' });
    direction = await buildUser(t.db, key, {
      profile: 'Administrateur établissement',
      uai: home,
      email: 'direction@example.org',
    });
    colleague = await buildUser(t.db, key, {
      profile: 'Administrateur établissement',
      uai: home,
      email: 'adjoint@example.org',
      firstname: 'Paul',
      lastname: 'ADJOINT',
    });
    pupil = await buildUser(t.db, key, {
      profile: 'Eleve',
      uai: home,
      password: 'ravo4821',
      level: '6e',
      className: '6A',
      createdBy: 'Import',
      firstname: 'Lou',
      lastname: 'MARTIN',
    });
    teacher = await buildUser(t.db, key, {
      profile: 'Enseignant',
      uai: home,
      password: 'bime5532',
      subject: 'Histoire',
      firstname: 'Anne',
      lastname: 'PROF',
    });
    locked = await buildUser(t.db, key, { profile: 'Eleve', uai: home, locked: true });
    apps.code = await buildCredentialApplication(t.db, 'Educadhoc', {
      application: { applicationCodeYesNo: true, applicationCodeRequired: true },
    });
    apps.plain = await buildCredentialApplication(t.db, 'Le Robert', {
      application: { worksWithCas: true, urls: { urlLine: 'https://lerobert.example/ligne' } },
    });
    apps.demanding = await buildCredentialApplication(t.db, 'Kiosque', {
      platform: {
        urlSchemeLoginRequired: true,
        urlSchemePwdRequired: true,
        urlSchemeCodeYesNo: true,
        urlSchemeCodeRequired: true,
      },
    });
    await giveApplication(t.db, pupil, apps.code, {
      keys: 'EDU-1',
      login: 'edu.login',
      passwordEncrypted: encryptSecret(key, 'Plat#1'),
      validToken: 'OK',
    });
    await giveApplication(t.db, pupil, apps.plain, { status: 0 });
    await giveOptions(t.db, pupil, ['Latin', 'Grec']);
    await buildDevice(t.db, pupil, { model: 'Ancienne tablette', modifiedAt: new Date('2025-01-10T08:00:00Z') });
    await buildDevice(t.db, pupil, { model: 'iPad 10', modifiedAt: new Date('2026-03-02T09:30:00Z'), availableSpace: 20480 });
    cookies = await signInEach(t.app, { admin, manager, direction, pupil, teacher });
  });
  afterAll(() => t.close());
}

export const getPage = (cookie: string, id: number | string) => injectAs(t.app, cookie, requestOf(users.getUser, { id }));
export const putPage = (cookie: string, id: number, payload: object) =>
  injectAs(t.app, cookie, { ...requestOf(users.updateUser, { id }), payload });
export const appOf = (page: UserPage, id: number) =>
  page.applications.find((application) => application.informations.applicationId === id)?.informations;

/** The form's body for a page as it is (nothing changed). */
export function formOf(page: UserPage, applications: unknown[] = []) {
  const { informations } = page;
  return {
    informations: {
      firstName: informations.firstName,
      lastName: informations.lastName,
      login: informations.login,
      password: informations.password ?? '',
      email: informations.email,
    },
    applications,
  };
}
