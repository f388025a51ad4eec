import { imports, userExports } from '@console/contract';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptSecret } from '#platform/auth/secrets.js';
import { createTestContext, injectAs, requestOf, type TestContext } from '#test/context.js';
import {
  buildApplication,
  buildSchool,
  buildSignedInUsers,
  buildUser,
  giveApplication,
  giveOptions,
  type BuiltUser,
} from '#test/factories.js';
import { readAccess, readOptionNames, readUser } from '#test/users-factories.js';
import { postImportFile } from './imports.test-support.js';

/**
 * Issue 31 §3: what the users grid exports for people to edit (Tous, Full, Brut) goes back into
 * the update import as it came out: every column read or named as read past, "0 changes" for a
 * file sent back untouched, and a change the school's rule makes said as the rule's.
 */

let t: TestContext;
let home: string;
let cookie: string;
let zoe: BuiltUser;
let ada: BuiltUser;
let benali: BuiltUser;
let untouched: number[];
let llsId: number;

beforeAll(async () => {
  t = await createTestContext();
  const key = t.env.encryptionKey;
  home = (await buildSchool(t.db, { name: 'Collège Jean Moulin', extension: 'moulin' })).uai;
  const signedIn = await buildSignedInUsers(t, {
    direction: {
      profile: 'Administrateur établissement',
      uai: home,
      lastname: 'FABRE',
      firstname: 'Inès',
      email: 'direction@moulin.fr',
    },
  });
  cookie = signedIn.cookies.direction;
  zoe = await buildUser(t.db, key, {
    profile: 'Eleve',
    uai: home,
    lastname: 'DUPRÉ',
    firstname: 'Zoé',
    login: 'zoe.dupre',
    password: '+plus-pass',
    level: '6e',
    className: '6e A',
    comment: '=1+2',
    tabletNumber: 'T-12',
    adminMode: 0,
  });
  ada = await buildUser(t.db, key, {
    profile: 'Enseignant',
    uai: home,
    lastname: 'PROF',
    firstname: 'Ada',
    login: 'ada.prof',
    password: 'ada-4821',
    subject: 'Maths',
  });
  benali = await buildUser(t.db, key, {
    profile: 'Eleve',
    uai: home,
    lastname: 'Benali',
    firstname: 'Sami',
    login: 'sami.benali',
    password: 'sami-4821',
    level: '5e',
  });
  // A name with a comma: options are never joined in one cell.
  await giveOptions(t.db, zoe, ['Latin', 'Arts, musique']);
  const lls = await buildApplication(t.db, { name: 'Manuels LLS', platformId: 'LLS2020' });
  llsId = lls.id;
  await giveApplication(t.db, zoe, lls, { login: 'zoe.lls', passwordEncrypted: encryptSecret(key, 'lls;secret') });
  // Held but disabled: its 'Statut' 0 goes back in unchanged.
  await giveApplication(t.db, ada, lls, { login: 'ada.lls', passwordEncrypted: encryptSecret(key, 'ada-lls'), status: 0 });
  const kiosque = await buildApplication(t.db, { name: 'Kiosque', platformId: 'KNE' });
  await giveApplication(t.db, zoe, kiosque, { login: 'zoe.kne', passwordEncrypted: encryptSecret(key, 'kne-1'), keys: 'K-42' });
  untouched = [signedIn.users.direction.id, zoe.id, ada.id];
});
afterAll(() => t.close());

async function exportOf(type: userExports.UserExportType, userIds: number[]): Promise<string> {
  const response = await injectAs(t.app, cookie, {
    ...requestOf(userExports.exportUsers),
    payload: { uai: home, userIds, type },
  });
  expect(response.statusCode).toBe(200);
  return response.body;
}

async function verifyUpdate(text: string): Promise<imports.ImportCheckAnswer> {
  const response = await postImportFile(
    t,
    cookie,
    { name: 'export.csv', bytes: Buffer.from(text, 'utf8') },
    { mode: 'users_update', uai: home },
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('an export sent back untouched', () => {
  it.each([
    ['tous', ['Désactivé']],
    ['full', ['Désactivé']],
    ['brut', imports.BRUT_PRODUCT_COLUMNS],
  ] as const)('%s: every line unchanged, and the columns read past named', async (type, ignored) => {
    const preview = await verifyUpdate(await exportOf(type, untouched));
    expect(preview.ignoredColumns).toEqual(ignored);
    expect(preview.users.filter((user) => user.action !== 'unchanged')).toEqual([]);
    expect(preview.counts).toEqual({ create: 0, update: 0, unchanged: 3, teaching: 0 });
  });

  it('confirmed, changes nothing: the options with their comma, the guarded comment, the disabled access', async () => {
    const preview = await verifyUpdate(await exportOf('full', untouched));
    const confirmed = await injectAs(t.app, cookie, {
      ...requestOf(imports.confirmImport, { importNumber: preview.importNumber }),
      payload: { confirmation: 1, excludeUsers: [] },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().counts).toMatchObject({ created: 0, updated: 0, unchanged: 3 });
    expect(await readOptionNames(t.db, zoe.id)).toEqual(['Latin', 'Arts, musique']);
    expect(await readUser(t.db, zoe.id)).toMatchObject({
      comment: '=1+2',
      lastname: 'DUPRÉ',
      tabletNumber: 'T-12',
      adminMode: 0,
    });
    expect(await readAccess(t.db, ada.id, llsId)).toMatchObject({ status: 0, login: 'ada.lls' });
  });
});

describe('an export edited in a spreadsheet', () => {
  it('Tous: the edited cells only, options by column', async () => {
    const [header, ...rows] = Papa.parse<string[]>((await exportOf('tous', untouched)).replace(/^\uFEFF/, ''), {
      delimiter: ';',
      skipEmptyLines: true,
    }).data;
    const column = (name: string) => header!.indexOf(name);
    const zoeRow = rows.find((row) => row[column('Login')] === 'zoe.dupre')!;
    zoeRow[column('Classe')] = '6e B';
    zoeRow[column('Option2')] = '';
    const preview = await verifyUpdate(Papa.unparse([header!, ...rows], { delimiter: ';' }));
    expect(preview.counts).toEqual({ create: 0, update: 1, unchanged: 2, teaching: 0 });
    expect(preview.users.find((user) => user.userId === zoe.id)!.changes).toEqual([
      { field: 'Classe', before: '6e A', after: '6e B' },
      { field: 'Options', before: 'Latin, Arts, musique', after: 'Latin' },
    ]);
  });
});

describe('a school rule that rewrites a value', () => {
  it('says, line by line, that the change comes from the rule and not from the file', async () => {
    const preview = await verifyUpdate(await exportOf('tous', [benali.id, zoe.id]));
    expect(preview.counts).toEqual({ create: 0, update: 1, unchanged: 1, teaching: 0 });
    expect(preview.users.find((user) => user.userId === benali.id)!.changes).toEqual([
      { field: 'Nom', before: 'Benali', after: 'BENALI', byRule: true },
    ]);
  });
});
