import { settings, users as usersContract } from '@console/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, regexSettings } from '#platform/db/schema/index.js';
import { DEFAULT_REGEX_SETTINGS } from '#platform/db/seed/settings.js';
import { createTestContext, injectAs, requestOf, type TestContext } from '#test/context.js';
import { buildSchool } from '#test/factories.js';
import { signInSettingsCallers } from './settings.test-support.js';

let t: TestContext;
let uai: string;
let cookies: Record<'admin' | 'manager', string>;
const seeded = DEFAULT_REGEX_SETTINGS.map((setting) => ({ ...setting }));
const seededOf = (fieldName: string) => seeded.find((setting) => setting.fieldName === fieldName)!;

beforeAll(async () => {
  t = await createTestContext();
  uai = (await buildSchool(t.db, { name: 'Collège Jean Moulin' })).uai;
  cookies = await signInSettingsCallers(t);
});
afterAll(() => t.close());

const read = (cookie = cookies.admin) => injectAs(t.app, cookie, requestOf(settings.getRegexSettings));
const update = (cookie: string, payload: object) =>
  injectAs(t.app, cookie, { ...requestOf(settings.updateRegexSettings), payload });
const stored = async () =>
  (await t.db.select().from(regexSettings)).sort((first, second) => first.fieldName.localeCompare(second.fieldName));
const restore = () => update(cookies.admin, seeded);

describe('GET /settings/regex', () => {
  it('answers the seeded settings, firstname, lastname then login', async () => {
    const response = await read();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(seeded);
  });

  it('answers 401 without a session and 403 without the Config right', async () => {
    expect((await t.app.inject(requestOf(settings.getRegexSettings))).statusCode).toBe(401);
    expect((await read(cookies.manager)).statusCode).toBe(403);
  });
});

describe('PUT /settings/regex', () => {
  it('writes the changed settings only, says who changed what, and answers every setting', async () => {
    const lastname = { ...seededOf('lastname'), regexConversion: 'FIRSTMAJ' };
    const response = await update(cookies.admin, [lastname, seededOf('login')]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(seeded.map((setting) => (setting.fieldName === 'lastname' ? lastname : setting)));
    const rows = await stored();
    expect(rows.find((row) => row.fieldName === 'lastname')).toMatchObject({
      regexConversion: 'FIRSTMAJ',
      updatedBy: 'Alice Durand',
    });
    expect(rows.find((row) => row.fieldName === 'login')!.updatedAt).toBeNull();
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'regex_settings'));
    expect(entries.map(({ before, after }) => ({ before, after }))).toEqual([
      { before: { lastname: seededOf('lastname') }, after: { lastname } },
    ]);
    await restore();
  });

  it('cleans the names of the next user created by the new rules', async () => {
    const lastname = { ...seededOf('lastname'), regexConversion: 'FIRSTMAJ' };
    const login = { ...seededOf('login'), regexStructure: '[a-z.]', regexSpecial: '.' };
    expect((await update(cookies.admin, [lastname, login])).statusCode).toBe(200);
    const created = await injectAs(t.app, cookies.admin, {
      ...requestOf(usersContract.createUser),
      payload: {
        values: {
          uai,
          firstName: 'jean',
          lastName: 'DE LA FONTAINE',
          login: 'Jean-Luc2.Dupont',
          password: 'ravo4821',
          level: '6e',
          profile: 'Eleve',
        },
      },
    });
    expect(created.statusCode).toBe(200);
    expect(created.json().user).toMatchObject({ lastname: 'De La Fontaine', login: 'jeanluc.dupont' });
    await restore();
  });

  it.each([
    [
      'a structure that is not an expression',
      [{ ...seededOf('lastname'), regexStructure: '[A-Z' }],
      '0.regexStructure',
      settings.INVALID_STRUCTURE,
    ],
    [
      'a login structure letting a space in',
      [seededOf('lastname'), { ...seededOf('login'), regexStructure: '[a-z .]' }],
      '1.regexStructure',
      settings.UNSAFE_LOGIN_STRUCTURE,
    ],
    [
      'a field given twice',
      [seededOf('login'), { ...seededOf('login'), regexConversion: 'MAJ' }],
      '1.fieldName',
      settings.DUPLICATE_FIELD,
    ],
    [
      'a field that has no setting',
      [
        { ...seededOf('lastname'), regexConversion: 'MIN' },
        { ...seededOf('login'), fieldName: 'nickname' },
      ],
      '1.fieldName',
      settings.UNKNOWN_SETTING,
    ],
  ])('refuses %s with 400 at its place in the list, and writes nothing', async (_case, payload, field, message) => {
    const before = await stored();
    const response = await update(cookies.admin, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_failed' });
    expect(response.json().details.fieldErrors[field]).toEqual([message]);
    expect(await stored()).toEqual(before);
  });

  it('answers 403 to a caller without the Config right, and writes nothing', async () => {
    const before = await stored();
    const response = await update(cookies.manager, [{ ...seededOf('login'), regexConversion: 'MAJ' }]);
    expect(response.statusCode).toBe(403);
    expect(await stored()).toEqual(before);
  });
});
