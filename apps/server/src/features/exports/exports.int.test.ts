import { readFileSync } from 'node:fs';
import { userExports as contract } from '@console/contract';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, injectAs, requestOf, type TestContext } from '#test/context.js';
import { buildApplication, buildUser, giveApplication, giveOptions, type BuiltUser } from '#test/factories.js';
import { arrangeTwoSchools, countAuditEntries, setProfileRight } from '#test/users-factories.js';
import { encryptSecret } from '#platform/auth/secrets.js';
import { applications, platforms, teachingAssignments } from '#platform/db/schema/index.js';

let t: TestContext;
let home: string;
let zoe: BuiltUser;
let luc: BuiltUser;
let teacher: BuiltUser;
let stranger: BuiltUser;
let cookies: Record<'direction' | 'manager' | 'pupil', string>;

beforeAll(async () => {
  t = await createTestContext({ SESSION_CACHE_MS: '0', PUBLIC_URL: 'https://console.example.fr/' });
  const key = t.env.encryptionKey;
  const arranged = await arrangeTwoSchools(t, { managerOf: 'other' });
  home = arranged.home;
  cookies = arranged.cookies;
  zoe = await buildUser(t.db, key, {
    profile: 'Eleve',
    uai: home,
    lastname: 'Dupré',
    firstname: 'Zoé',
    login: 'zoe.dupre',
    password: 'zoe-1234',
    level: '6e',
    className: '6e A',
  });
  luc = await buildUser(t.db, key, {
    profile: 'Eleve',
    uai: home,
    lastname: '=HYPERLINK("x")',
    firstname: 'Luc',
    login: 'luc.martin',
    password: '+plus-pass',
    level: '5e',
    className: '5e B',
    comment: '@SUM(A1)',
  });
  teacher = await buildUser(t.db, key, {
    profile: 'Enseignant',
    uai: home,
    lastname: 'Prof',
    firstname: 'Ada',
    login: 'ada.prof',
    subject: 'Maths',
  });
  stranger = await buildUser(t.db, key, { profile: 'Eleve', uai: arranged.other });
  await giveOptions(t.db, zoe, ['Latin', 'Grec']);

  const lls = await buildApplication(t.db, { name: 'Manuels LLS', platformId: 'LLS2020', order: 1 });
  await t.db
    .update(platforms)
    .set({ exportFile: 'export_lls', urlSchemeLoginRequired: true, urlSchemePwdRequired: true })
    .where(eq(platforms.id, 'LLS2020'));
  await t.db
    .update(applications)
    .set({ urls: { urlScheme: 'lls://login' } })
    .where(eq(applications.id, lls.id));
  await giveApplication(t.db, zoe, lls, { login: 'zoe.lls', passwordEncrypted: encryptSecret(key, 'lls;secret') });
  await giveApplication(t.db, luc, lls, { login: 'luc.lls', passwordEncrypted: encryptSecret(key, 'lls-2') });
  await giveApplication(t.db, teacher, lls, { login: 'ada.lls', status: 0 });

  const edulib = await buildApplication(t.db, { name: 'Edulib', platformId: 'EDULIB', order: 2 });
  await giveApplication(t.db, teacher, edulib, { login: 'ada.edulib', passwordEncrypted: encryptSecret(key, 'edu-1!') });
  await giveApplication(t.db, zoe, edulib, { login: 'zoe.edulib', passwordEncrypted: encryptSecret(key, 'edu-2!') });

  const kne = await buildApplication(t.db, { name: 'Kiosque', platformId: 'KNE', order: 3 });
  await t.db.update(platforms).set({ exportType: 'XLSX', platformCodeYesNo: true }).where(eq(platforms.id, 'KNE'));
  await giveApplication(t.db, zoe, kne, { login: 'zoe.kne', passwordEncrypted: encryptSecret(key, 'kne-1'), keys: 'K-42' });

  await buildApplication(t.db, { name: 'Sans format', platformId: 'NOFORMAT' });
  for (const [order, id] of ['LLS2020', 'EDULIB', 'KNE', 'NOFORMAT'].entries())
    await t.db.update(platforms).set({ order }).where(eq(platforms.id, id));
  await t.db.insert(teachingAssignments).values([
    { userId: teacher.id, className: '6e A', discipline: 'Mathématiques' },
    { userId: teacher.id, className: '5e B', discipline: '-Sciences' },
  ]);
});
afterAll(() => t.close());

type Who = keyof typeof cookies;
type ExportRoute =
  | typeof contract.exportUsers
  | typeof contract.exportPlatform
  | typeof contract.exportTeaching
  | typeof contract.getMajExport
  | typeof contract.getAppliUrlWeb;
const post = (who: Who, route: ExportRoute, payload: object) =>
  injectAs(t.app, cookies[who], { ...requestOf(route as typeof contract.exportUsers), payload });

const lines = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean);

describe('POST /users/export/platform (by editor)', () => {
  it('writes the platform’s file byte for byte in its dialect, for the selected users with an enabled access, in the given order', async () => {
    const response = await post('direction', contract.exportPlatform, {
      uai: home,
      userIds: [zoe.id, teacher.id, luc.id],
      platformId: 'LLS2020',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(contract.CSV_MEDIA_TYPE);
    expect(response.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="export_lls_${home}_\\d{8}-\\d{6}\\.csv"`),
    );
    const expected = readFileSync(new URL('./fixtures/lls2020.csv', import.meta.url))
      .toString('utf8')
      .replaceAll('{UAI}', home);
    expect(response.rawPayload.equals(Buffer.from(expected, 'utf8'))).toBe(true);
  });

  it('gives EDULIB teachers their subject, and pupils none', async () => {
    const response = await post('direction', contract.exportPlatform, {
      uai: home,
      userIds: [teacher.id, zoe.id],
      platformId: 'EDULIB',
    });
    expect(lines(response.body)).toEqual([
      'UAI;Nom;Prénom;Profil;Niveau;Classe;Identifiant;Mot de passe;Matière',
      `${home};Prof;Ada;Enseignant;;;ada.edulib;edu-1!;Maths`,
      `${home};Dupré;Zoé;Eleve;6e;6e A;zoe.edulib;edu-2!;`,
    ]);
  });

  it('writes an XLSX workbook for a platform whose export type is XLSX, with its codes', async () => {
    const response = await post('direction', contract.exportPlatform, {
      uai: home,
      userIds: [zoe.id, luc.id],
      platformId: 'KNE',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(contract.XLSX_MEDIA_TYPE);
    expect(response.headers['content-disposition']).toContain('.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const rows = sheet
      .getSheetValues()
      .filter(Boolean)
      .map((row) => (row as unknown[]).slice(1));
    expect(rows).toEqual([
      ['UAI', 'Nom', 'Prénom', 'Profil', 'Niveau', 'Classe', 'Identifiant', 'Mot de passe', 'Code'],
      [home, 'Dupré', 'Zoé', 'Eleve', '6e', '6e A', 'zoe.kne', 'kne-1', 'K-42'],
    ]);
  });

  it('answers 400 export_platform_unknown for a platform without a dialect or unknown, and no file', async () => {
    for (const platformId of ['NOFORMAT', 'UNKNOWN']) {
      const response = await post('direction', contract.exportPlatform, { uai: home, userIds: [zoe.id], platformId });
      expect(response.statusCode).toBe(400);
      expect(response.json().details.reason).toBe('export_platform_unknown');
    }
  });
});

describe('POST /users/export (Tous, Brut, Full)', () => {
  it('Tous: the grid’s fields, passwords in clear, every cell guarded against formulas, credentials too', async () => {
    const response = await post('direction', contract.exportUsers, { uai: home, userIds: [luc.id, zoe.id], type: 'tous' });
    expect(response.statusCode).toBe(200);
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    expect(lines(response.body)).toEqual([
      'UAI;Profil;Nom;Prénom;Login;Password;Niveau;Classe;Matière;Mail;N° tablette;Commentaire;Option1;Option2;Mode admin;Désactivé',
      `${home};Eleve;"'=HYPERLINK(""x"")";Luc;luc.martin;'+plus-pass;5e;5e B;;;;'@SUM(A1);;;0;0`,
      `${home};Eleve;Dupré;Zoé;zoe.dupre;zoe-1234;6e;6e A;;;;;Latin;Grec;0;0`,
    ]);
  });

  it('Brut: the stored values under their column names', async () => {
    const response = await post('direction', contract.exportUsers, { uai: home, userIds: [zoe.id], type: 'brut' });
    const [header, row] = lines(response.body).map((line) => line.split(';'));
    const values = Object.fromEntries(header!.map((name, index) => [name, row![index]]));
    expect(values).toMatchObject({
      id: String(zoe.id),
      uai: home,
      profile: 'Eleve',
      login: 'zoe.dupre',
      password: 'zoe-1234',
      option1: 'Latin',
      option2: 'Grec',
      disabled: '0',
    });
    expect(values.created_at).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('Full: the fields then each application’s login, password, code and status', async () => {
    const response = await post('direction', contract.exportUsers, { uai: home, userIds: [zoe.id, teacher.id], type: 'full' });
    const [header, zoeRow, teacherRow] = Papa.parse<string[]>(response.body.replace(/^\uFEFF/, ''), {
      delimiter: ';',
      skipEmptyLines: true,
    }).data;
    expect(header!.slice(16)).toEqual([
      'Manuels LLS - Login',
      'Manuels LLS - Password',
      'Manuels LLS - Code',
      'Manuels LLS - Statut',
      'Edulib - Login',
      'Edulib - Password',
      'Edulib - Code',
      'Edulib - Statut',
      'Kiosque - Login',
      'Kiosque - Password',
      'Kiosque - Code',
      'Kiosque - Statut',
    ]);
    expect(zoeRow!.slice(16)).toEqual([
      'zoe.lls',
      'lls;secret',
      '',
      '1',
      'zoe.edulib',
      'edu-2!',
      '',
      '1',
      'zoe.kne',
      'kne-1',
      'K-42',
      '1',
    ]);
    expect(teacherRow!.slice(16)).toEqual(['ada.lls', '', '', '0', 'ada.edulib', 'edu-1!', '', '1', '', '', '', '']);
  });

  it('hides every password from a caller who may not see passwords, and audits who exported whom', async () => {
    const before = await countAuditEntries(t.db, 'export');
    await setProfileRight(t.db, 'Administrateur établissement', 'FicheUser_profil', { lecture: 0, ecriture: 0 });
    try {
      const response = await post('direction', contract.exportUsers, { uai: home, userIds: [zoe.id], type: 'full' });
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('zoe-1234');
      expect(response.body).not.toContain('lls;secret');
    } finally {
      await setProfileRight(t.db, 'Administrateur établissement', 'FicheUser_profil', { lecture: 1, ecriture: 1 });
    }
    expect(await countAuditEntries(t.db, 'export')).toBe(before + 1);
  });
});

describe('POST /users/export/teaching', () => {
  it('writes a line per class and discipline of the selected teachers, neutralised', async () => {
    const response = await post('direction', contract.exportTeaching, { uai: home, userIds: [zoe.id, teacher.id] });
    expect(lines(response.body)).toEqual([
      'UAI;Login;Nom;Prénom;Classe;Discipline',
      `${home};ada.prof;Prof;Ada;5e B;'-Sciences`,
      `${home};ada.prof;Prof;Ada;6e A;Mathématiques`,
    ]);
  });
});

describe('the URL-scheme export', () => {
  it('answers each user’s web sign-in link and each enabled application’s scheme link with its credentials', async () => {
    const response = await post('direction', contract.getAppliUrlWeb, { uai: home, userIds: [zoe.id, teacher.id] });
    expect(response.statusCode).toBe(200);
    const links = contract.getAppliUrlWeb.answer.parse(response.json());
    expect(links).toEqual([
      {
        idUser: zoe.id,
        login: 'zoe.dupre',
        lastName: 'Dupré',
        firstName: 'Zoé',
        webLink: `https://console.example.fr/?iduser=${zoe.linkToken}`,
        application: 'Manuels LLS',
        appLink: 'lls://login?login=zoe.lls&password=lls%3Bsecret',
      },
      {
        idUser: teacher.id,
        login: 'ada.prof',
        lastName: 'Prof',
        firstName: 'Ada',
        webLink: `https://console.example.fr/?iduser=${teacher.linkToken}`,
        application: null,
        appLink: null,
      },
    ]);
  });

  it('writes the same links as a CSV file in the URL dialect', async () => {
    const response = await post('direction', contract.getMajExport, { uai: home, userIds: [zoe.id] });
    expect(response.headers['content-disposition']).toContain(`export_url_${home}_`);
    expect(lines(response.body)).toEqual([
      'UAI;Login;Nom;Prénom;Lien web;Application;Lien application',
      `${home};zoe.dupre;Dupré;Zoé;https://console.example.fr/?iduser=${zoe.linkToken};Manuels LLS;lls://login?login=zoe.lls&password=lls%3Bsecret`,
    ]);
  });
});

describe('rights and reach', () => {
  const everyExport: [string, Parameters<typeof post>[1], object][] = [
    ['by editor', contract.exportPlatform, { platformId: 'LLS2020' }],
    ['tous', contract.exportUsers, { type: 'tous' }],
    ['brut', contract.exportUsers, { type: 'brut' }],
    ['full', contract.exportUsers, { type: 'full' }],
    ['teaching', contract.exportTeaching, {}],
    ['url links', contract.getAppliUrlWeb, {}],
    ['url file', contract.getMajExport, {}],
  ];

  it.each(everyExport)(
    '%s: a school administrator exporting users of another school gets 404 and no file',
    async (_name, route, extra) => {
      for (const payload of [
        { uai: home, userIds: [zoe.id, stranger.id], ...extra },
        { uai: stranger.uai, userIds: [stranger.id], ...extra },
      ]) {
        const response = await post('direction', route, payload);
        expect(response.statusCode).toBe(404);
        expect(response.headers['content-type']).toContain('application/json');
        expect(response.headers['content-disposition']).toBeUndefined();
      }
    },
  );

  it('a manager of another school gets 404; a pupil 403; no session 401', async () => {
    expect((await post('manager', contract.exportUsers, { uai: home, userIds: [zoe.id], type: 'tous' })).statusCode).toBe(404);
    expect((await post('pupil', contract.exportUsers, { uai: home, userIds: [zoe.id], type: 'tous' })).statusCode).toBe(403);
    const anonymous = await t.app.inject({
      ...requestOf(contract.exportUsers),
      payload: { uai: home, userIds: [zoe.id], type: 'tous' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it.each([
    ['tous', 'buttonExportCSV_exportTous'],
    ['brut', 'buttonExportCSV_exportBrut'],
    ['full', 'buttonExportCSV_exportFull'],
  ] as const)('%s needs its own right %s (403 without it)', async (type, area) => {
    await setProfileRight(t.db, 'Administrateur établissement', area, { lecture: 0, ecriture: 0 });
    try {
      const response = await post('direction', contract.exportUsers, { uai: home, userIds: [zoe.id], type });
      expect(response.statusCode).toBe(403);
      const other = type === 'tous' ? 'brut' : 'tous';
      expect((await post('direction', contract.exportUsers, { uai: home, userIds: [zoe.id], type: other })).statusCode).toBe(200);
    } finally {
      await setProfileRight(t.db, 'Administrateur établissement', area, { lecture: 1, ecriture: 1 });
    }
  });

  it('every item needs the menu’s right too', async () => {
    await setProfileRight(t.db, 'Administrateur établissement', 'ButtonBar_buttonExportCSV', { lecture: 0, ecriture: 0 });
    try {
      expect((await post('direction', contract.exportTeaching, { uai: home, userIds: [teacher.id] })).statusCode).toBe(403);
      expect(
        (await post('direction', contract.exportPlatform, { uai: home, userIds: [zoe.id], platformId: 'LLS2020' })).statusCode,
      ).toBe(403);
    } finally {
      await setProfileRight(t.db, 'Administrateur établissement', 'ButtonBar_buttonExportCSV', { lecture: 1, ecriture: 1 });
    }
  });
});
