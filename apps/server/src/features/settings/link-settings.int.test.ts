import { settings } from '@console/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, linkSettings } from '#platform/db/schema/index.js';
import { DEFAULT_LINK_SETTINGS } from '#platform/db/seed/settings.js';
import { createTestContext, injectAs, requestOf, signIn, type TestContext } from '#test/context.js';
import { buildSchool, buildUser } from '#test/factories.js';

let t: TestContext;
let adminCookie: string;
let managerCookie: string;
const seeded = Object.fromEntries(DEFAULT_LINK_SETTINGS.map(({ name, value }) => [name, value]));

beforeAll(async () => {
  t = await createTestContext();
  const admin = await buildUser(t.db, t.env.encryptionKey, { profile: 'Administrateur', firstname: 'Alice', lastname: 'Durand' });
  const manager = await buildUser(t.db, t.env.encryptionKey, { profile: 'Gestionnaire', uai: (await buildSchool(t.db)).uai });
  adminCookie = await signIn(t.app, admin.login, admin.password);
  managerCookie = await signIn(t.app, manager.login, manager.password);
});
afterAll(() => t.close());

const read = () => injectAs(t.app, adminCookie, requestOf(settings.getLinkSettings));
const update = (cookie: string, payload: object) =>
  injectAs(t.app, cookie, { ...requestOf(settings.updateLinkSettings), payload });
const stored = async () => Object.fromEntries((await t.db.select().from(linkSettings)).map((row) => [row.name, row.value]));

describe('GET /settings/tabuleo', () => {
  it('answers the seeded link settings by name', async () => {
    const response = await read();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(seeded);
  });

  it('answers 401 without a session and 403 without the Config right', async () => {
    expect((await t.app.inject(requestOf(settings.getLinkSettings))).statusCode).toBe(401);
    expect((await injectAs(t.app, managerCookie, requestOf(settings.getLinkSettings))).statusCode).toBe(403);
  });
});

describe('PUT /settings/tabuleo', () => {
  it('writes the changed values, trimmed, says who changed what in the audit log, and answers every setting', async () => {
    const response = await update(adminCookie, { helpCenter: '  https://aide.exemple.fr/v2 ', appStore: seeded.appStore });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...seeded, helpCenter: 'https://aide.exemple.fr/v2' });
    const [row] = await t.db.select().from(linkSettings).where(eq(linkSettings.name, 'helpCenter'));
    expect(row).toMatchObject({ value: 'https://aide.exemple.fr/v2', updatedBy: 'Alice Durand' });
    const [unchanged] = await t.db.select().from(linkSettings).where(eq(linkSettings.name, 'appStore'));
    expect(unchanged!.updatedAt).toBeNull();
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'link_settings'));
    expect(entries.map(({ before, after }) => ({ before, after }))).toEqual([
      { before: { helpCenter: seeded.helpCenter }, after: { helpCenter: 'https://aide.exemple.fr/v2' } },
    ]);
    await update(adminCookie, { helpCenter: seeded.helpCenter });
  });

  it.each([
    ['a link that is not http(s) or mailto', { helpCenter: 'javascript:alert(1)' }, 'helpCenter', settings.INVALID_URL],
    ['a value too long', { helpCenter: `https://exemple.fr/${'a'.repeat(2000)}` }, 'helpCenter', settings.SETTING_TOO_LONG],
    [
      'a name no setting has',
      { helpCenter: 'https://ok.exemple.fr', unknownSetting: 'x' },
      'unknownSetting',
      settings.UNKNOWN_SETTING,
    ],
  ])('refuses %s with 400, naming the setting, and writes nothing', async (_case, payload, field, message) => {
    const before = await stored();
    const response = await update(adminCookie, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_failed' });
    expect(response.json().details.fieldErrors[field]).toEqual([message]);
    expect(await stored()).toEqual(before);
  });

  it('answers 403 to a caller without the Config right, and writes nothing', async () => {
    const response = await update(managerCookie, { helpCenter: 'https://pirate.exemple.fr' });
    expect(response.statusCode).toBe(403);
    expect((await stored()).helpCenter).toBe(seeded.helpCenter);
  });
});
