// A worker's lease on a send: renewed while a batch is out, lost to another worker when the
// worker froze past it (then it stops without writing), and progress told meanwhile.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PushSender } from '#adapters/push/index.js';
import { notifications } from '#platform/db/schema/index.js';
import { countSavedAudience } from './audience.repository.js';
import { findSend, markSending } from './sending.repository.js';
import { runNotificationSend, type SendDeps } from './sending.service.js';
import { useSendingFixture } from './sending.test-support.js';

const s = useSendingFixture();
const { aSchool, saved, outboxOf, historyItem, reportOf, takeUpIdleSends } = s;

describe('a worker holding a send through a long batch', () => {
  /** A recorded notification marked being sent, with no job: the test runs the send itself. */
  async function aSendToRun(pupils: number) {
    const school = await aSchool(pupils);
    const id = await saved(school.cookie, school.uai);
    await markSending(s.t.db, id, await countSavedAudience(s.t.db, (await findSend(s.t.db, id))!));
    return { school, id };
  }

  /** A push service whose first batch waits for `release`; the later ones go through at once. */
  function aSlowService() {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    let inFlight: () => void = () => undefined;
    const firstInFlight = new Promise<void>((resolve) => (inFlight = resolve));
    const handed: string[][] = [];
    const service: PushSender = {
      kind: 'outbox',
      batchSize: 2,
      send: async (messages) => {
        handed.push(messages.map((message) => message.token));
        if (handed.length === 1) {
          inFlight();
          await released;
        }
        return s.realOutbox.send(messages);
      },
    };
    return { service, release, firstInFlight, handed };
  }

  const depsOf = (service: PushSender, extra: Partial<SendDeps> = {}): SendDeps => ({
    db: s.t.db,
    push: service,
    realtime: s.realtime,
    log: { error: () => undefined },
    ...extra,
  });

  const leaseOf = async (id: number) =>
    (await s.t.db.select({ leaseUntil: notifications.leaseUntil }).from(notifications).where(eq(notifications.id, id)))[0]!
      .leaseUntil;

  it('renews its lease while a batch outlasts it, so no other worker takes the send up meanwhile', async () => {
    const { school, id } = await aSendToRun(3);
    const slow = aSlowService();
    const running = runNotificationSend(depsOf(slow.service, { leaseMs: 400 }), id);
    await slow.firstInFlight;
    const first = (await leaseOf(id))!.getTime();
    // The lease moves on while the batch is still out: renewed, not only at each batch.
    await expect.poll(async () => (await leaseOf(id))!.getTime(), { timeout: 30_000 }).toBeGreaterThan(first + 400);
    await takeUpIdleSends();
    slow.release();
    await running;
    expect(slow.handed.flat().sort()).toEqual([...school.tokens].sort());
    const [row] = await s.t.db.select().from(notifications).where(eq(notifications.id, id));
    expect(row).toMatchObject({ status: 'sent', attempt: 1, leaseUntil: null });
    expect((await outboxOf(school.uai)).map((delivered) => delivered.token).sort()).toEqual([...school.tokens].sort());
  });

  it('stops without writing or handing more when its lease ran out and another worker took the send over', async () => {
    const { school, id } = await aSendToRun(5);
    const frozen = aSlowService();
    const running = runNotificationSend(depsOf(frozen.service), id);
    await frozen.firstInFlight;
    // The worker froze past its lease: a tick lets the send go, another worker takes it up, counts
    // the batch out (in doubt) failed and sends the rest.
    await s.t.db.execute(sql`update notifications set lease_until = now() - interval '1 second' where id = ${id}`);
    await takeUpIdleSends();
    const takenOver = await reportOf(school.cookie, id);
    expect(takenOver).toEqual({ nbUser: 7, nbToken: 5, successCount: 3, failureCount: 2 });
    frozen.release();
    await running;
    // The frozen worker handed its one batch and nothing after; the report is the other's.
    expect(frozen.handed).toHaveLength(1);
    expect(await reportOf(school.cookie, id)).toEqual(takenOver);
    const tokens = (await outboxOf(school.uai)).map((delivered) => delivered.token);
    expect(new Set(tokens).size).toBe(tokens.length);
    expect((await historyItem(school.cookie, id))?.statusNotification).toBe('sent');
  });

  it('keeps telling the sender its progress while a batch is out', async () => {
    const { school, id } = await aSendToRun(3);
    const slow = aSlowService();
    const running = runNotificationSend(depsOf(slow.service), id);
    await slow.firstInFlight;
    const duringBatch = () => s.told.filter((event) => event.payload.idNotification === id).length;
    await expect.poll(duringBatch, { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
    expect(s.told.filter((event) => event.payload.idNotification === id).map((event) => event.payload.status)).toEqual(
      Array(duringBatch()).fill('sending'),
    );
    slow.release();
    await running;
    expect(s.told.at(-1)).toEqual({
      userId: school.direction.id,
      payload: { idNotification: id, sent: 3, total: 3, successCount: 3, failureCount: 0, status: 'sent' },
    });
  });
});
