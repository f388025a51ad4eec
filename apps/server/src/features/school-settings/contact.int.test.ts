import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REQUIRED, schools as schoolsContract, schoolSettings as contract, users } from '@console/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, schoolContacts, schools } from '#platform/db/schema/index.js';
import { createTestContext, injectAs, requestOf, type TestContext } from '#test/context.js';
import { buildSchool, buildSignedInUsers, nextUai } from '#test/factories.js';
import { uploadImage } from '#test/uploads.js';

/**
 * A school's contact card (spec 2 §2.14): phone, website and people changed all or none, the
 * logo replaced by an Administrateur with an image uploaded to the embedded storage. The app is
 * built over a data folder of its own, where the uploads go.
 */

let t: TestContext;
let dataDir: string;
/** The manager's school; `foreign` is nobody's but the Administrateur's. */
let home: string;
let foreign: string;
let cookies: Record<'admin' | 'manager' | 'direction' | 'pupil', string>;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'console-contact-'));
  t = await createTestContext({}, { dataDir });
  home = (await buildSchool(t.db, { name: 'Collège Jean Moulin' })).uai;
  foreign = (await buildSchool(t.db, { name: 'Collège Pasteur' })).uai;
  ({ cookies } = await buildSignedInUsers(t, {
    admin: { profile: 'Administrateur', firstname: 'Alice', lastname: 'Durand' },
    manager: { profile: 'Gestionnaire', managedSchools: [home] },
    direction: { profile: 'Administrateur établissement', uai: home },
    pupil: { profile: 'Eleve', uai: home },
  }));
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

type Who = keyof typeof cookies;
const send = (who: Who, request: InjectOptions) => injectAs(t.app, cookies[who], request);
const read = (who: Who, uai: string) => send(who, requestOf(contract.getSchoolContact, { uai }));
const update = (who: Who, uai: string, payload: object) =>
  send(who, { ...requestOf(contract.updateSchoolContact, { uai }), payload });
const replaceLogo = (who: Who, uai: string, fileUrl: string) =>
  send(who, { ...requestOf(contract.replaceSchoolLogo, { uai }), payload: { fileUrl } });
const cardOf = async (uai: string) => contract.schoolContactSchema.parse((await read('admin', uai)).json());
const storedSchool = async (uai: string) => (await t.db.select().from(schools).where(eq(schools.uai, uai)))[0]!;
const storedContacts = (uai: string) =>
  t.db.select().from(schoolContacts).where(eq(schoolContacts.uai, uai)).orderBy(asc(schoolContacts.position));
const auditOf = (uai: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'school'), eq(auditLog.entityId, uai)))
    .orderBy(auditLog.id);
/** A logo uploaded by the Administrateur (who alone has the Config right the ticket needs). */
const uploadLogo = (name = 'Logo Collège.png') => uploadImage(t.app, cookies.admin, { name, type: 'image/png', flag: 'logo' });

const principal = {
  firstname: 'Philippe',
  lastname: 'Garnier',
  poste: 'Principal',
  email: 'p.garnier@example.fr',
  phone_pro: '04 78 60 21 40',
};
const referent = { firstname: 'Sophie', lastname: 'Lambert', poste: 'Référent numérique', email: '', phone_pro: '' };
const adjointe = {
  firstname: 'Nathalie',
  lastname: 'Roussel',
  poste: 'Principale adjointe',
  email: 'n.roussel@example.fr',
  phone_pro: '+33 (0)2 40 73 18 91',
};
const withoutId = ({ id: _id, ...person }: contract.SchoolContact['contacts'][number]) => person;

describe('GET /schools/:uai/contact', () => {
  it("answers a new school's card: its address, no phone, website, people, map or logo", async () => {
    const uai = (await buildSchool(t.db, { name: 'Collège Neuf', address: '1 rue Neuve', town: 'Lyon' })).uai;
    const response = await read('admin', uai);
    expect(response.statusCode).toBe(200);
    expect(contract.schoolContactSchema.parse(response.json())).toEqual({
      uai,
      name: 'Collège Neuf',
      address: '1 rue Neuve',
      zip: '',
      town: 'Lyon',
      phone: '',
      url: '',
      contacts: [],
      latitude: null,
      longitude: null,
      logoUrl: null,
      abilities: { canEdit: true, canReplaceLogo: true },
    });
  });

  it('answers a filled card: postal code, phone, website as stored, coordinates, logo, and the people in their order', async () => {
    const uai = (
      await buildSchool(t.db, {
        name: 'Collège Jules Verne',
        address: '3 boulevard de la Prairie au Duc',
        postalCode: '44000',
        town: 'Nantes',
        phone: '02 40 73 18 92',
        website: 'www.college-verne.example.fr',
        latitude: 47.2063,
        longitude: -1.5645,
        logoPath: '/files/logos/00112233445566778899aabb-verne.png',
      })
    ).uai;
    // Inserted out of order: the card reads them by position.
    await t.db.insert(schoolContacts).values([
      { uai, position: 1, firstname: 'Nathalie', lastname: 'Roussel', poste: 'Principale adjointe' },
      {
        uai,
        position: 0,
        firstname: 'Claire',
        lastname: 'Dubois',
        poste: 'Principale',
        email: 'c.dubois@example.fr',
        phonePro: '02 40 73 18 90',
      },
    ]);
    const card = await cardOf(uai);
    expect(card).toMatchObject({
      zip: '44000',
      town: 'Nantes',
      phone: '02 40 73 18 92',
      url: 'www.college-verne.example.fr',
      latitude: 47.2063,
      longitude: -1.5645,
      logoUrl: '/files/logos/00112233445566778899aabb-verne.png',
    });
    expect(card.contacts.map(withoutId)).toEqual([
      { firstname: 'Claire', lastname: 'Dubois', poste: 'Principale', email: 'c.dubois@example.fr', phone_pro: '02 40 73 18 90' },
      { firstname: 'Nathalie', lastname: 'Roussel', poste: 'Principale adjointe', email: '', phone_pro: '' },
    ]);
    expect(card.contacts.every((person) => Number.isInteger(person.id))).toBe(true);
  });

  it('tells a Gestionnaire they may edit their school card but not replace its logo', async () => {
    const response = await read('manager', home);
    expect(response.statusCode).toBe(200);
    expect(response.json().abilities).toEqual({ canEdit: true, canReplaceLogo: false });
  });

  it('answers 401 without a session, 404 for an unknown school', async () => {
    expect((await t.app.inject(requestOf(contract.getSchoolContact, { uai: home }))).statusCode).toBe(401);
    expect((await read('admin', nextUai())).statusCode).toBe(404);
  });
});

describe('PUT /schools/:uai/contact', () => {
  it('changes the phone, website and people, answers the card, reads them back in order, and audits the change', async () => {
    const uai = (await buildSchool(t.db)).uai;
    const response = await update('admin', uai, {
      phone: ' 04 78 60 21 45 ',
      url: 'www.clg-moulin.example.fr',
      contacts: [principal, referent],
    });
    expect(response.statusCode, response.body).toBe(200);
    const answered = contract.schoolContactSchema.parse(response.json());
    expect(answered).toMatchObject({ phone: '04 78 60 21 45', url: 'www.clg-moulin.example.fr' });
    expect(answered.contacts.map(withoutId)).toEqual([principal, referent]);
    const card = await cardOf(uai);
    expect(card).toEqual(answered);
    expect(await storedSchool(uai)).toMatchObject({ phone: '04 78 60 21 45', website: 'www.clg-moulin.example.fr' });

    // A new order is a change of the list, written whole.
    const reordered = await update('admin', uai, { contacts: [adjointe, referent, principal] });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect((await cardOf(uai)).contacts.map(withoutId)).toEqual([adjointe, referent, principal]);
    expect((await storedContacts(uai)).map((row) => [row.position, row.lastname])).toEqual([
      [0, 'Roussel'],
      [1, 'Lambert'],
      [2, 'Garnier'],
    ]);

    expect(
      (await auditOf(uai)).map(({ action, uai: school, actorLabel, before, after }) => ({
        action,
        school,
        actorLabel,
        before,
        after,
      })),
    ).toEqual([
      {
        action: 'update_contact',
        school: uai,
        actorLabel: 'Alice Durand',
        before: { phone: '', url: '', contacts: [] },
        after: { phone: '04 78 60 21 45', url: 'www.clg-moulin.example.fr', contacts: [principal, referent] },
      },
      {
        action: 'update_contact',
        school: uai,
        actorLabel: 'Alice Durand',
        before: { contacts: [principal, referent] },
        after: { contacts: [adjointe, referent, principal] },
      },
    ]);
  });

  it('keeps the parts a change leaves out, and empties the list with an empty one', async () => {
    const uai = (await buildSchool(t.db, { phone: '01 02 03 04 05', website: 'https://a.example.fr' })).uai;
    expect((await update('admin', uai, { contacts: [principal] })).statusCode).toBe(200);
    expect((await update('admin', uai, { url: '' })).statusCode).toBe(200);
    expect(await cardOf(uai)).toMatchObject({ phone: '01 02 03 04 05', url: '', contacts: [{ ...principal }] });
    expect((await update('admin', uai, { contacts: [] })).statusCode).toBe(200);
    expect((await cardOf(uai)).contacts).toEqual([]);
    expect(await storedContacts(uai)).toEqual([]);
    expect((await auditOf(uai)).at(-1)).toMatchObject({ before: { contacts: [principal] }, after: { contacts: [] } });
  });

  it('writes nothing and audits nothing when nothing differs', async () => {
    const uai = (await buildSchool(t.db)).uai;
    expect(
      (await update('admin', uai, { phone: '05 56 91 36 20', url: 'lycee.example.fr', contacts: [principal] })).statusCode,
    ).toBe(200);
    const rows = await storedContacts(uai);
    const same = await update('admin', uai, { phone: '05 56 91 36 20 ', url: 'lycee.example.fr', contacts: [{ ...principal }] });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toMatchObject({ phone: '05 56 91 36 20', contacts: [{ id: rows[0]!.id }] });
    // The list was not written again: the rows keep their ids.
    expect(await storedContacts(uai)).toEqual(rows);
    expect(await auditOf(uai)).toHaveLength(1);
    expect((await update('admin', uai, {})).statusCode).toBe(200);
    expect(await auditOf(uai)).toHaveLength(1);
  });

  it('refuses a bad e-mail, phone or website with 400 naming each field, and writes nothing', async () => {
    const uai = (await buildSchool(t.db, { phone: '01 02 03 04 05' })).uai;
    expect((await update('admin', uai, { contacts: [principal] })).statusCode).toBe(200);
    const school = await storedSchool(uai);
    const rows = await storedContacts(uai);
    const response = await update('admin', uai, {
      phone: '01 02 03 04 05 ext. 6',
      url: 'javascript:alert(1)',
      contacts: [
        { ...principal, email: 'p.garnier@' },
        { ...referent, phone_pro: 'poste 12' },
        { ...adjointe, firstname: ' ' },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'validation_failed',
      details: {
        fieldErrors: {
          phone: [contract.INVALID_PHONE],
          url: [contract.INVALID_WEBSITE],
          'contacts.0.email': [users.EMAIL_FORMAT],
          'contacts.1.phone_pro': [contract.INVALID_PHONE],
          'contacts.2.firstname': [REQUIRED],
        },
      },
    });
    for (const url of ['ftp://example.fr', 'localhost', 'http://user:pass@example.fr'])
      expect((await update('admin', uai, { url })).json().details.fieldErrors, url).toEqual({ url: [contract.INVALID_WEBSITE] });
    const tooMany = await update('admin', uai, { contacts: Array.from({ length: contract.MAX_CONTACTS + 1 }, () => principal) });
    expect(tooMany.statusCode).toBe(400);
    expect(await storedSchool(uai)).toEqual(school);
    expect(await storedContacts(uai)).toEqual(rows);
    expect(await auditOf(uai)).toHaveLength(1);
  });

  it('answers 401 without a session and 404 for an unknown school', async () => {
    const request = { ...requestOf(contract.updateSchoolContact, { uai: home }), payload: { phone: '01' } };
    expect((await t.app.inject(request)).statusCode).toBe(401);
    expect((await update('admin', nextUai(), { phone: '01' })).statusCode).toBe(404);
  });

  it('leaves a school with people to contact deletable: its rows go with it', async () => {
    const uai = (await buildSchool(t.db)).uai;
    expect((await update('admin', uai, { contacts: [principal, referent] })).statusCode).toBe(200);
    const deleted = await send('admin', requestOf(schoolsContract.deleteSchool, { uai }));
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await storedContacts(uai)).toEqual([]);
    expect((await read('admin', uai)).statusCode).toBe(404);
  });
});

describe('PUT /schools/:uai/logo', () => {
  it('makes an uploaded image the school logo, served at its address, and audits the replacement', async () => {
    const uai = (await buildSchool(t.db)).uai;
    const first = await uploadLogo();
    expect(first).toMatch(/^\/files\/logos\/[0-9a-f]{24}-logo-college\.png$/);
    const response = await replaceLogo('admin', uai, first);
    expect(response.statusCode, response.body).toBe(200);
    expect(contract.schoolContactSchema.parse(response.json()).logoUrl).toBe(first);
    expect((await cardOf(uai)).logoUrl).toBe(first);
    expect((await storedSchool(uai)).logoPath).toBe(first);
    const served = await t.app.inject({ method: 'GET', url: first });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');

    // The same logo again changes nothing; another replaces it.
    expect((await replaceLogo('admin', uai, first)).statusCode).toBe(200);
    const second = await uploadLogo('nouveau.png');
    expect((await replaceLogo('admin', uai, second)).json().logoUrl).toBe(second);
    expect((await auditOf(uai)).map(({ action, before, after }) => ({ action, before, after }))).toEqual([
      { action: 'replace_logo', before: { logoUrl: null }, after: { logoUrl: first } },
      { action: 'replace_logo', before: { logoUrl: first }, after: { logoUrl: second } },
    ]);
  });

  it('refuses anyone but an Administrateur with 403, even a Gestionnaire of the school, and writes nothing', async () => {
    const logo = await uploadLogo();
    const response = await replaceLogo('manager', home, logo);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'forbidden' });
    expect((await replaceLogo('direction', home, logo)).statusCode).toBe(403);
    expect((await replaceLogo('pupil', home, logo)).statusCode).toBe(403);
    expect((await storedSchool(home)).logoPath).toBeNull();
    expect((await auditOf(home)).filter((entry) => entry.action === 'replace_logo')).toEqual([]);
  });

  it('refuses with 400 on fileUrl an address that is not a logo this storage holds', async () => {
    const uai = (await buildSchool(t.db)).uai;
    const logo = await uploadLogo();
    const platformPicture = await uploadImage(t.app, cookies.admin, { name: 'logo.png', type: 'image/png', flag: 'platform' });
    // A file of the logos' form put there by hand, whose bytes are no image.
    const fake = '/files/logos/00112233445566778899aabb-fake.png';
    mkdirSync(path.join(dataDir, 'files', 'logos'), { recursive: true });
    writeFileSync(path.join(dataDir, 'files', 'logos', '00112233445566778899aabb-fake.png'), '<svg onload="alert(1)"/>');
    for (const fileUrl of [
      platformPicture,
      logo.replace(/-logo-college\.png$/, '-missing.png'),
      fake,
      `https://example.fr${logo}`,
      logo.replace('/files/', '/api/files/'),
      '/files/logos/../../secret.key',
      'logos/00112233445566778899aabb-logo.png',
      'javascript:alert(1)',
    ]) {
      const response = await replaceLogo('admin', uai, fileUrl);
      expect({ fileUrl, status: response.statusCode, errors: response.json().details?.fieldErrors }).toEqual({
        fileUrl,
        status: 400,
        errors: { fileUrl: [contract.NOT_A_LOGO] },
      });
    }
    expect((await storedSchool(uai)).logoPath).toBeNull();
    expect(await auditOf(uai)).toEqual([]);
  });

  it('answers 401 without a session and 404 for an unknown school', async () => {
    const logo = await uploadLogo();
    const request = { ...requestOf(contract.replaceSchoolLogo, { uai: home }), payload: { fileUrl: logo } };
    expect((await t.app.inject(request)).statusCode).toBe(401);
    expect((await replaceLogo('admin', nextUai(), logo)).statusCode).toBe(404);
  });
});

describe('who reaches the contact card', () => {
  it('refuses a school administrator, who lacks adminTabs, with 403 on every route, even for their own school', async () => {
    expect((await read('direction', home)).statusCode).toBe(403);
    expect((await update('direction', home, { phone: '06 66 66 66 66' })).statusCode).toBe(403);
    expect((await replaceLogo('direction', home, '/files/logos/00112233445566778899aabb-x.png')).statusCode).toBe(403);
    expect((await storedSchool(home)).phone).not.toBe('06 66 66 66 66');
  });

  it('answers a Gestionnaire 404 for a school not assigned to them, on every route', async () => {
    const logo = await uploadLogo();
    expect((await read('manager', foreign)).statusCode).toBe(404);
    expect((await update('manager', foreign, { phone: '06 66 66 66 66' })).statusCode).toBe(404);
    expect((await replaceLogo('manager', foreign, logo)).statusCode).toBe(404);
    expect(await storedSchool(foreign)).toMatchObject({ phone: '', logoPath: null });
  });

  it('refuses a pupil with 403 on every route', async () => {
    expect((await read('pupil', home)).statusCode).toBe(403);
    expect((await update('pupil', home, { phone: '06 66 66 66 66' })).statusCode).toBe(403);
  });
});
