import { users } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { injectAs, requestOf, signIn } from '#test/context.js';
import { buildUser } from '#test/factories.js';
import { setProfileRight } from '#test/users-factories.js';
import {
  appOf,
  apps,
  cookies,
  direction,
  formOf,
  getPage,
  home,
  locked,
  manager,
  pupil,
  putPage,
  setUpUserPage,
  t,
  teacher,
} from './user-page.test-support.js';

// The same arrangement as user-page-edit.int.test.ts, built anew on this file's own database.
setUpUserPage();

describe('GET /users/:id', () => {
  it('answers a pupil’s page to their school administrator: access, every application, options, devices, abilities', async () => {
    const response = await getPage(cookies.direction, pupil.id);
    expect(response.statusCode).toBe(200);
    const page = users.getUser.answer.parse(response.json());
    expect(page.informations).toMatchObject({
      userId: pupil.id,
      login: pupil.login,
      password: 'ravo4821',
      hasPrintablePassword: true,
      level: '6e',
      className: '6A',
      profile: 'Eleve',
      uai: home,
      schoolName: 'Collège Jean Moulin',
      qrCode: pupil.linkToken,
      createdBy: 'Import',
      editedOn: null,
      locked: false,
    });
    expect(Date.parse(page.informations.createdOn!)).toBeGreaterThan(Date.now() - 600_000);
    expect(page.applications.map((application) => application.informations.applicationName)).toEqual([
      'Educadhoc',
      'Le Robert',
      'Kiosque',
    ]);
    expect(appOf(page, apps.code.id)).toEqual({
      applicationId: apps.code.id,
      applicationName: 'Educadhoc',
      platformId: expect.any(String),
      status: 1,
      platformLogin: 'edu.login',
      platformPassword: 'Plat#1',
      hasPlatformPassword: true,
      applicationKeys: 'EDU-1',
      worksWithCas: false,
      platformValidToken: 'OK',
    });
    expect(appOf(page, apps.plain.id)).toMatchObject({
      status: 0,
      worksWithCas: true,
      hasPlatformPassword: false,
      platformPassword: null,
    });
    expect(page.applications.find((application) => application.informations.applicationId === apps.plain.id)?.urls).toEqual({
      urlLine: 'https://lerobert.example/ligne',
    });
    expect(appOf(page, apps.demanding.id)).toMatchObject({ status: 0, platformLogin: null, platformValidToken: null });
    expect(page.options).toEqual([
      { optionId: expect.any(Number), name: 'Latin', ordre: 1 },
      { optionId: expect.any(Number), name: 'Grec', ordre: 2 },
    ]);
    expect(page.devices.map((device) => device.model)).toEqual(['iPad 10', 'Ancienne tablette']);
    expect(page.devices[0]).toMatchObject({
      availableSpace: 20480,
      operatingSystem: 'iPadOS 17',
      applicationVersion: '3.2.1',
      modificationDate: '2026-03-02T09:30:00.000Z',
    });
    expect(page.abilities).toEqual({ canEditProfile: true, canEditApplications: true, canSeePasswords: true, canUnlock: false });
  });

  it('shows a pupil only their own page, with their password and enabled applications, and nothing to edit', async () => {
    const response = await getPage(cookies.pupil, pupil.id);
    expect(response.statusCode).toBe(200);
    const page = users.getUser.answer.parse(response.json());
    expect(page.informations.password).toBe('ravo4821');
    expect(page.applications.map((application) => application.informations.applicationName)).toEqual(['Educadhoc']);
    expect(appOf(page, apps.code.id)?.platformPassword).toBe('Plat#1');
    expect(page.abilities).toEqual({
      canEditProfile: false,
      canEditApplications: false,
      canSeePasswords: true,
      canUnlock: false,
    });
    expect((await getPage(cookies.pupil, teacher.id)).statusCode).toBe(404);
    expect((await getPage(cookies.pupil, direction.id)).statusCode).toBe(404);
    const patch = await injectAs(t.app, cookies.pupil, {
      ...requestOf(users.patchUser, { id: pupil.id }),
      payload: { key: 'informations', value: { level: '5e' } },
    });
    expect(patch.statusCode).toBe(403);
    expect((await putPage(cookies.pupil, pupil.id, formOf(page))).statusCode).toBe(403);
  });

  it('shows a teacher their own page only', async () => {
    expect((await getPage(cookies.teacher, teacher.id)).json().informations.password).toBe('bime5532');
    expect((await getPage(cookies.teacher, pupil.id)).statusCode).toBe(404);
  });

  it('answers 404 out of reach or unknown, 400 for a malformed id', async () => {
    expect((await getPage(cookies.manager, pupil.id)).statusCode).toBe(404);
    expect((await getPage(cookies.admin, 999_999)).statusCode).toBe(404);
    expect((await getPage(cookies.admin, 'abc')).statusCode).toBe(400);
    expect((await getPage(cookies.manager, manager.id)).statusCode).toBe(200);
  });

  it('leaves out the applications and devices of a page for who may not read those sections', async () => {
    await setProfileRight(t.db, 'Administrateur établissement', 'UserPage_Apps', { lecture: 0, ecriture: 0 });
    await setProfileRight(t.db, 'Administrateur établissement', 'UserPage_Devices', { lecture: 0, ecriture: 0 });
    try {
      const reader = await buildUser(t.db, t.env.encryptionKey, { profile: 'Administrateur établissement', uai: home });
      const page = (await getPage(await signIn(t.app, reader.login, reader.password), pupil.id)).json();
      expect(page).toMatchObject({ applications: [], devices: [], informations: { login: pupil.login } });
      expect(JSON.stringify(page)).not.toContain('Plat#1');
    } finally {
      await setProfileRight(t.db, 'Administrateur établissement', 'UserPage_Apps', { lecture: 1, ecriture: 1 });
      await setProfileRight(t.db, 'Administrateur établissement', 'UserPage_Devices', { lecture: 1, ecriture: 1 });
    }
  });

  it('offers the unlock of a locked account to an Administrateur only', async () => {
    expect((await getPage(cookies.admin, locked.id)).json().abilities.canUnlock).toBe(true);
    expect((await getPage(cookies.direction, locked.id)).json().abilities.canUnlock).toBe(false);
    expect((await getPage(cookies.admin, pupil.id)).json().abilities.canUnlock).toBe(false);
  });
});
