// Sending a recorded notification (`POST /devices/notifications/massive`) on the job module: who
// may, what reaches the push service (the embedded outbox), the report, the sender's progress,
// and a send that stops part-way and is taken up again without handing a device twice.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { devices, notifications } from '#platform/db/schema/index.js';
import { SEND_ATTEMPTS_MAX } from './sending.service.js';
import { useSendingFixture } from './sending.test-support.js';

const s = useSendingFixture();
const { aSchool, saved, send, outboxOf, historyItem, reportOf, takeUpIdleSends } = s;

describe('sending a notification', () => {
  it("hands each live token of the audience to the push service once, reports it and tells the sender's progress", async () => {
    const school = await aSchool(5);
    const id = await saved(school.cookie, school.uai);
    const response = await send(school.cookie, id);
    expect(response.statusCode, response.body).toBe(200);
    // The administrator and the six pupils; five live tokens (not the dead one, nor the device without).
    expect(response.json()).toEqual({ idNotification: id, nbUsers: 7, nbTokens: 5 });
    await s.jobs.queue.idle();

    const delivered = await outboxOf(school.uai);
    expect(delivered.map((row) => row.token).sort()).toEqual([...school.tokens].sort());
    expect(delivered[0]).toMatchObject({
      title: 'Sortie au musée',
      body: 'Rendez-vous à 8 h.',
      data: { idNotification: String(id), link: 'https://college.example/sortie' },
    });
    const item = await historyItem(school.cookie, id);
    expect(item?.statusNotification).toBe('sent');
    expect(item?.reportNotification).toEqual({ nbUser: 7, nbToken: 5, successCount: 5, failureCount: 0 });
    const progress = s.told.filter((event) => event.payload.idNotification === id);
    expect(progress.every((event) => event.userId === school.direction.id)).toBe(true);
    expect(progress.at(-1)?.payload).toEqual({
      idNotification: id,
      sent: 5,
      total: 5,
      successCount: 5,
      failureCount: 0,
      status: 'sent',
    });
  });

  it('sends once: a second start is a conflict and delivers nothing more', async () => {
    const school = await aSchool(1);
    const id = await saved(school.cookie, school.uai);
    expect((await send(school.cookie, id)).statusCode).toBe(200);
    expect((await send(school.cookie, id)).statusCode).toBe(409);
    await s.jobs.queue.idle();
    expect((await send(school.cookie, id)).statusCode).toBe(409);
    expect(await outboxOf(school.uai)).toHaveLength(1);
  });

  it("lets nobody else send a school administrator's notification but an Administrateur", async () => {
    const school = await aSchool(1);
    const id = await saved(school.cookie, school.uai);
    expect((await send(s.cookies.outsider, id)).statusCode).toBe(404);
    expect((await send(s.cookies.manager, id)).statusCode).toBe(404);
    expect((await send(school.cookie, 999_999)).statusCode).toBe(404);
    expect((await send(s.cookies.admin, id)).statusCode).toBe(200);
    await s.jobs.queue.idle();
    expect(await outboxOf(school.uai)).toHaveLength(1);
  });

  it('ends at once, sent, when the audience has no live token', async () => {
    const school = await aSchool(0);
    const id = await saved(school.cookie, school.uai);
    expect((await send(school.cookie, id)).json()).toMatchObject({ nbTokens: 0 });
    await s.jobs.queue.idle();
    expect((await historyItem(school.cookie, id))?.statusNotification).toBe('sent');
    expect(s.told.at(-1)?.payload).toMatchObject({ idNotification: id, sent: 0, total: 0, status: 'sent' });
  });

  it('marks a token the service calls invalid dead, counts it failed, and never targets it again', async () => {
    const school = await aSchool(3);
    s.controls.invalidTokens = new Set([school.tokens[1]!]);
    const id = await saved(school.cookie, school.uai);
    await send(school.cookie, id);
    await s.jobs.queue.idle();
    expect(await reportOf(school.cookie, id)).toEqual({ nbUser: 5, nbToken: 3, successCount: 2, failureCount: 1 });
    const [dead] = await s.t.db.select({ deadAt: devices.deadAt }).from(devices).where(eq(devices.token, school.tokens[1]!));
    expect(dead?.deadAt).toBeInstanceOf(Date);
    const again = await saved(school.cookie, school.uai);
    expect((await send(school.cookie, again)).json()).toMatchObject({ nbTokens: 2 });
  });
});

describe('a send that stops part-way', () => {
  it('is taken up again at its cursor by the next tick, and hands no device twice', async () => {
    const school = await aSchool(5);
    const id = await saved(school.cookie, school.uai);
    // The second batch finds the service away: the first is delivered, the send let go.
    s.controls.fail = (batch) => (batch === 2 ? 'away' : null);
    await send(school.cookie, id);
    await s.jobs.queue.idle();
    expect(await outboxOf(school.uai)).toHaveLength(2);
    const [stopped] = await s.t.db.select().from(notifications).where(eq(notifications.id, id));
    expect(stopped).toMatchObject({ status: 'sending', attempt: 2, leaseUntil: null });

    await takeUpIdleSends();
    const delivered = (await outboxOf(school.uai)).map((row) => row.token);
    expect(delivered.sort()).toEqual([...school.tokens].sort());
    expect(await reportOf(school.cookie, id)).toEqual({ nbUser: 7, nbToken: 5, successCount: 5, failureCount: 0 });
  });

  it('counts a batch in doubt (its worker stopped while handing it over) as failed rather than hand it over twice', async () => {
    const school = await aSchool(5);
    const id = await saved(school.cookie, school.uai);
    const ids = (
      await s.t.db
        .select({ id: devices.id, token: devices.token })
        .from(devices)
        .where(sql`${devices.token} like ${`${school.uai}-pupil-%`}`)
        .orderBy(devices.id)
    ).map((device) => device.id);
    // A worker recorded the first two devices, handed the next two over and stopped with its
    // instance (the outbox has them; the cursor does not); its lease ran out.
    await s.realOutbox.send(
      school.tokens
        .slice(0, 4)
        .map((token) => ({ provider: 'fcm', token, title: 'Sortie au musée', body: 'Rendez-vous à 8 h.', data: {} })),
    );
    await s.t.db.execute(sql`update notifications set status = 'sending', attempt = 1, cursor = ${ids[1]}, claimed_to = ${ids[3]},
      report = '{"nbUser":7,"nbToken":5,"successCount":2,"failureCount":0}'::jsonb,
      lease_until = now() - interval '1 second' where id = ${id}`);
    await takeUpIdleSends();
    const delivered = (await outboxOf(school.uai)).map((row) => row.token);
    expect(delivered.sort()).toEqual([...school.tokens].sort());
    expect(await reportOf(school.cookie, id)).toEqual({ nbUser: 7, nbToken: 5, successCount: 3, failureCount: 2 });
  });

  it('is taken up by another worker once the lease of a stopped one runs out', async () => {
    const school = await aSchool(3);
    const id = await saved(school.cookie, school.uai);
    // A worker took it up and stopped with its instance: its lease ran out a moment ago.
    await s.t.db.execute(sql`update notifications set status = 'sending', attempt = 1,
      report = '{"nbUser":5,"nbToken":3,"successCount":0,"failureCount":0}'::jsonb,
      lease_until = now() - interval '1 second' where id = ${id}`);
    await takeUpIdleSends();
    expect(await outboxOf(school.uai)).toHaveLength(3);
    expect((await historyItem(school.cookie, id))?.statusNotification).toBe('sent');
  });

  it(`is marked failed after ${SEND_ATTEMPTS_MAX} attempts, and its sender s.told`, async () => {
    const school = await aSchool(1);
    const id = await saved(school.cookie, school.uai);
    s.controls.fail = () => 'away';
    await send(school.cookie, id);
    await s.jobs.queue.idle();
    for (let attempt = 2; attempt <= SEND_ATTEMPTS_MAX; attempt++) {
      await s.jobs.scheduler.tick();
      await s.jobs.queue.idle();
    }
    expect((await historyItem(school.cookie, id))?.statusNotification).toBe('failed');
    expect(s.told.at(-1)?.payload).toMatchObject({ idNotification: id, status: 'failed' });
    expect(await outboxOf(school.uai)).toHaveLength(0);
  });
});
