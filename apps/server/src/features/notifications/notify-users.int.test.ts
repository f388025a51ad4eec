// A notification to users chosen one by one (`POST /devices/notifications/token`, the bulk
// menu): their live tokens only, through the same send as the wizard's; who may, and for whom.
import { notifications as contract } from '@console/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { devices, notifications } from '#platform/db/schema/index.js';
import { buildUser } from '#test/factories.js';
import { signIn, injectAs, requestOf } from '#test/context.js';
import { buildDevice } from '#test/users-factories.js';
import { useSendingFixture } from './sending.test-support.js';

const s = useSendingFixture();
const { aSchool, outboxOf, historyItem } = s;

describe('a notification to users chosen one by one (the bulk menu)', () => {
  const notify = (cookie: string, body: object) =>
    injectAs(s.t.app, cookie, { ...requestOf(contract.notifyUsers), payload: body });
  const texts = { title: 'Cantine fermée', message: 'Pas de cantine vendredi.', link: '' };

  it("sends to those users' live tokens only, and the history counts them", async () => {
    const school = await aSchool(3);
    const pupils = await s.t.db
      .select({ userId: devices.userId, token: devices.token })
      .from(devices)
      .where(sql`${devices.token} like ${`${school.uai}-pupil-%`}`)
      .orderBy(devices.id);
    const [first, second] = pupils;
    const gone = await buildUser(s.t.db, s.t.env.encryptionKey, { profile: 'Eleve', uai: school.uai, disabled: true });
    await buildDevice(s.t.db, gone, { token: `${school.uai}-disabled` });
    const manager = await buildUser(s.t.db, s.t.env.encryptionKey, { profile: 'Gestionnaire', managedSchools: [school.uai] });
    const cookie = await signIn(s.t.app, manager.login, manager.password);

    const response = await notify(cookie, { ids: [first!.userId, second!.userId, gone.id], ...texts });
    expect(response.statusCode, response.body).toBe(200);
    const { idNotification } = contract.sendingStartedSchema.parse(response.json());
    expect(response.json()).toEqual({ idNotification, nbUsers: 2, nbTokens: 2 });
    await s.jobs.queue.idle();

    const delivered = await outboxOf(school.uai);
    expect(delivered.map((row) => row.token).sort()).toEqual([first!.token, second!.token].sort());
    expect(delivered[0]).toMatchObject({ title: 'Cantine fermée', body: 'Pas de cantine vendredi.' });
    const item = await historyItem(cookie, idNotification);
    expect(item?.parametersNotification).toMatchObject({ arrayUai: [school.uai], userCount: 3 });
    expect(item?.reportNotification).toEqual({ nbUser: 2, nbToken: 2, successCount: 2, failureCount: 0 });
    expect(item?.statusNotification).toBe('sent');
  });

  it('refuses a user out of reach (nothing recorded), a caller without the right, and texts missing', async () => {
    const school = await aSchool(1);
    const [pupil] = await s.t.db
      .select({ userId: devices.userId })
      .from(devices)
      .where(sql`${devices.token} like ${`${school.uai}-pupil-%`}`);
    const before = await s.t.db.select({ id: notifications.id }).from(notifications);
    // A Gestionnaire of another school: the pupil is out of reach.
    expect((await notify(s.cookies.manager, { ids: [pupil!.userId], ...texts })).statusCode).toBe(404);
    // A school administrator: no bulk notification by default.
    expect((await notify(school.cookie, { ids: [pupil!.userId], ...texts })).statusCode).toBe(403);
    const empty = await notify(s.cookies.admin, { ids: [pupil!.userId], ...texts, title: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json())).toContain(contract.TITLE_REQUIRED);
    expect(await s.t.db.select({ id: notifications.id }).from(notifications)).toHaveLength(before.length);
    expect(await outboxOf(school.uai)).toHaveLength(0);
  });
});
