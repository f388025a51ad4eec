import { settings } from '@console/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, auditLog } from '#platform/db/schema/index.js';
import { ensureCatalogue } from '#platform/db/seed/reference.js';
import { createTestContext, injectAs, requestOf, type TestContext } from '#test/context.js';
import { signInSettingsCallers } from './settings.test-support.js';

let t: TestContext;
let cookies: Record<'admin' | 'manager', string>;

beforeAll(async () => {
  t = await createTestContext();
  // The product's catalogue (Edulib, Nathan, … on their platforms), as the demo seed writes it.
  await ensureCatalogue(t.db);
  cookies = await signInSettingsCallers(t);
});
afterAll(() => t.close());

const list = (cookie = cookies.admin) => injectAs(t.app, cookie, requestOf(settings.getApplicationSettings));
const save = (payload: object, cookie = cookies.admin) =>
  injectAs(t.app, cookie, { ...requestOf(settings.updateApplicationSettings), payload });
const storedApplications = () => t.db.select().from(applications).orderBy(applications.id);
const EMPTY_URLS = Object.fromEntries(settings.APPLICATION_URL_FIELDS.map((field) => [field, '']));

/** A new application's values, each test its own name. */
function newApplication(name: string, overrides: Record<string, unknown> = {}) {
  return {
    newApplication: true,
    idPlateforme: 'CNS',
    name,
    showTokenStatus: true,
    applicationCodeYesNo: true,
    applicationCodeRequired: false,
    urls: { ...EMPTY_URLS, urlScheme: 'appli://ouvrir', playStore: 'https://play.google.com/store/apps/details?id=fr.appli' },
    ...overrides,
  };
}

describe('GET /settings/apps', () => {
  it('answers the catalogue by order, every address present', async () => {
    const response = await list();
    expect(response.statusCode).toBe(200);
    const answered = settings.applicationSettingsSchema.parse(response.json());
    expect(answered.map((application) => application.order)).toEqual(
      [...answered.map((application) => application.order)].sort((a, b) => a - b),
    );
    expect(answered.find((application) => application.name === 'Edulib')).toMatchObject({
      idPlateforme: 'EDULIB',
      showTokenStatus: true,
      urls: { urlScheme: 'edulib://login', dmgLink: '' },
    });
  });

  it('answers 401 without a session and 403 without the Config right', async () => {
    expect((await t.app.inject(requestOf(settings.getApplicationSettings))).statusCode).toBe(401);
    expect((await list(cookies.manager)).statusCode).toBe(403);
  });
});

describe('PUT /settings/apps', () => {
  it('adds an application after the others when no order is given, with an audit entry', async () => {
    const highest = Math.max(...(await storedApplications()).map((row) => row.order));
    const response = await save(newApplication('Maths en ligne'));
    expect(response.statusCode).toBe(200);
    const created = response.json();
    expect(created).toMatchObject({
      name: 'Maths en ligne',
      idPlateforme: 'CNS',
      order: highest + 1,
      urls: { urlScheme: 'appli://ouvrir', exeLink: '' },
    });
    const [row] = await t.db.select().from(applications).where(eq(applications.id, created.idApplication));
    // Addresses left empty are not stored.
    expect(row!.urls).toEqual({
      urlScheme: 'appli://ouvrir',
      playStore: 'https://play.google.com/store/apps/details?id=fr.appli',
    });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'application'), eq(auditLog.entityId, String(created.idApplication))));
    expect(entry).toMatchObject({ action: 'create', actorLabel: 'Alice Durand' });
  });

  it('changes an application by id, an order below 1 stored as 0, and audits what changed', async () => {
    const created = (await save(newApplication('Histoire-Géo', { order: 4 }))).json();
    const response = await save({ ...created, newApplication: false, idPlateforme: 'KNE', order: -1 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ idApplication: created.idApplication, idPlateforme: 'KNE', order: 0 });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'application'),
          eq(auditLog.entityId, String(created.idApplication)),
          eq(auditLog.action, 'update'),
        ),
      );
    expect(entry).toMatchObject({ before: { idPlateforme: 'CNS', order: 4 }, after: { idPlateforme: 'KNE', order: 0 } });
  });

  it.each([
    ['a name already used, whatever its case', () => newApplication('EDULIB'), 'name', settings.APPLICATION_NAME_TAKEN],
    [
      'a platform that does not exist',
      () => newApplication('Sans plateforme', { idPlateforme: 'NOPE' }),
      'idPlateforme',
      settings.UNKNOWN_PLATFORM,
    ],
    [
      'a change of an application that does not exist',
      () => newApplication('Fantôme', { newApplication: false, idApplication: 999_999 }),
      'idApplication',
      settings.UNKNOWN_APPLICATION_SETTING,
    ],
    [
      'an app link that runs code',
      () => newApplication('Piégée', { urls: { ...EMPTY_URLS, urlOpen: 'javascript:alert(1)' } }),
      'urls.urlOpen',
      settings.INVALID_APP_LINK,
    ],
    [
      'a code required but not asked',
      () => newApplication('Code', { applicationCodeYesNo: false, applicationCodeRequired: true }),
      'applicationCodeRequired',
      settings.REQUIRED_WITHOUT_ASKING,
    ],
  ])('refuses %s with 400 under its field, and writes nothing', async (_case, payload, field, message) => {
    const before = await storedApplications();
    const response = await save(payload());
    expect(response.statusCode).toBe(400);
    expect(response.json().details.fieldErrors[field]).toEqual([message]);
    expect(await storedApplications()).toEqual(before);
  });

  it('answers 403 to a caller without the Config right, and writes nothing', async () => {
    const before = await storedApplications();
    expect((await save(newApplication('Interdite'), cookies.manager)).statusCode).toBe(403);
    expect(await storedApplications()).toEqual(before);
  });
});
