import { settings } from '@console/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, platforms } from '#platform/db/schema/index.js';
import { ensureCatalogue } from '#platform/db/seed/reference.js';
import { createTestContext, injectAs, requestOf, type TestContext } from '#test/context.js';
import { signInSettingsCallers } from './settings.test-support.js';

let t: TestContext;
let cookies: Record<'admin' | 'manager', string>;

beforeAll(async () => {
  t = await createTestContext();
  // The product's catalogue (LLS2020, Edulib, …), as the demo seed writes it.
  await ensureCatalogue(t.db);
  cookies = await signInSettingsCallers(t);
});
afterAll(() => t.close());

const list = (cookie = cookies.admin) => injectAs(t.app, cookie, requestOf(settings.getPlatformSettings));
const save = (payload: object, cookie = cookies.admin) =>
  injectAs(t.app, cookie, { ...requestOf(settings.updatePlatformSettings), payload });
const storedPlatforms = () => t.db.select().from(platforms).orderBy(platforms.id);

/** A new platform's values, each test its own id and name. */
function newPlatform(id: string, overrides: Record<string, unknown> = {}) {
  return {
    newPlateforme: true,
    idPlateforme: id,
    name: `Plateforme ${id}`,
    order: 20,
    exportFile: `export_${id.toLowerCase()}`,
    exportType: 'XLSX',
    forExport: true,
    urlSchemeLoginRequired: true,
    urlSchemePwdRequired: false,
    urlSchemeCodeYesNo: true,
    urlSchemeCodeRequired: true,
    platformCodeYesNo: false,
    platformCodeRequired: false,
    urls: [{ picturePath: `/files/platforms/${id.toLowerCase()}.png` }],
    ...overrides,
  };
}

describe('GET /settings/platforms', () => {
  it('answers the catalogue by order', async () => {
    const response = await list();
    expect(response.statusCode).toBe(200);
    const answered = settings.platformSettingsSchema.parse(response.json());
    expect(answered.length).toBeGreaterThan(0);
    expect(answered.map((platform) => platform.order)).toEqual(
      [...answered.map((platform) => platform.order)].sort((a, b) => a - b),
    );
  });

  it('answers 401 without a session and 403 without the Config right', async () => {
    expect((await t.app.inject(requestOf(settings.getPlatformSettings))).statusCode).toBe(401);
    expect((await list(cookies.manager)).statusCode).toBe(403);
  });
});

describe('PUT /settings/platforms', () => {
  it('adds a platform under its id, with an audit entry, and lists it', async () => {
    const response = await save(newPlatform('NEWPF'));
    expect(response.statusCode).toBe(200);
    const { newPlateforme: _new, ...expected } = newPlatform('NEWPF');
    expect(response.json()).toEqual(expected);
    expect((await list()).json()).toContainEqual(expected);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'platform'), eq(auditLog.entityId, 'NEWPF')));
    expect(entry).toMatchObject({ action: 'create', actorLabel: 'Alice Durand' });
  });

  it('changes an existing platform, its id kept, and audits the changed values only', async () => {
    await save(newPlatform('EDITPF'));
    const { newPlateforme: _new, ...saved } = newPlatform('EDITPF');
    const response = await save({ ...saved, name: 'Plateforme renommée', order: -3, exportFile: '' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ idPlateforme: 'EDITPF', name: 'Plateforme renommée', order: 0, exportFile: '' });
    const [row] = await t.db.select().from(platforms).where(eq(platforms.id, 'EDITPF'));
    expect(row).toMatchObject({ name: 'Plateforme renommée', order: 0, exportFile: null });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'platform'), eq(auditLog.entityId, 'EDITPF'), eq(auditLog.action, 'update')));
    expect(entry!.before).toEqual({ name: 'Plateforme EDITPF', order: 20, exportFile: 'export_editpf' });
    expect(entry!.after).toEqual({ name: 'Plateforme renommée', order: 0, exportFile: '' });
  });

  it.each([
    ['an id already used', () => newPlatform('LLS2020'), 'idPlateforme', settings.PLATFORM_ID_TAKEN],
    [
      'a name already used, whatever its case',
      () => newPlatform('OTHERPF', { name: 'EDULIB' }),
      'name',
      settings.PLATFORM_NAME_TAKEN,
    ],
    [
      'a change of a platform that does not exist',
      () => newPlatform('GHOSTPF', { newPlateforme: false }),
      'idPlateforme',
      settings.UNKNOWN_PLATFORM,
    ],
    [
      'a code required but not asked',
      () => newPlatform('CODEPF', { platformCodeRequired: true }),
      'platformCodeRequired',
      'settings.errors.required_without_asking',
    ],
    [
      'a picture elsewhere than http(s) or this site',
      () => newPlatform('PICPF', { urls: [{ picturePath: 'javascript:alert(1)' }] }),
      'urls.0.picturePath',
      settings.INVALID_PICTURE_PATH,
    ],
  ])('refuses %s with 400 under its field, and writes nothing', async (_case, payload, field, message) => {
    const before = await storedPlatforms();
    const response = await save(payload());
    expect(response.statusCode).toBe(400);
    expect(response.json().details.fieldErrors[field]).toEqual([message]);
    expect(await storedPlatforms()).toEqual(before);
  });

  it('refuses a name another platform takes, when renaming', async () => {
    await save(newPlatform('RENPF'));
    const { newPlateforme: _new, ...saved } = newPlatform('RENPF');
    const response = await save({ ...saved, name: 'Edulib' });
    expect(response.statusCode).toBe(400);
    expect(response.json().details.fieldErrors).toEqual({ name: [settings.PLATFORM_NAME_TAKEN] });
  });

  it('answers 403 to a caller without the Config right, and writes nothing', async () => {
    const before = await storedPlatforms();
    expect((await save(newPlatform('MANPF'), cookies.manager)).statusCode).toBe(403);
    expect(await storedPlatforms()).toEqual(before);
  });
});
