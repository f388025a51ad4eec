import { randomUUID } from 'node:crypto';
import type { notifications as contract } from '@console/contract';
import type { PushMessage, PushOutcome, PushSender } from '#adapters/push/index.js';
import { markTokensDead } from '#features/devices/devices.repository.js';
import { writeAudit } from '#platform/audit/audit.js';
import { listReachableUais, reachesEverySchool, readManageableUsers } from '#platform/auth/access.js';
import { requireRight } from '#platform/auth/rights.js';
import type { ServiceContext } from '#platform/context.js';
import type { Database } from '#platform/db/client.js';
import type { NotificationReport } from '#platform/db/schema/index.js';
import { AppError } from '#platform/errors/app-error.js';
import type { JobDoor } from '#platform/jobs/job-door.js';
import type { JobLog } from '#platform/jobs/job-queue.js';
import type { RealtimeHub } from '#platform/realtime/realtime.js';
import { countAudienceDevicesBetween, countSavedAudience, nextAudienceDevices } from './audience.repository.js';
import {
  claimBatch,
  claimSend,
  finishSend,
  findSend,
  markSending,
  recordBatch,
  releaseSend,
  renewLease,
  type SendLease,
  type SendRow,
} from './sending.repository.js';
import { insertNotification } from './history.repository.js';
import { recordReceipts } from './receipts.service.js';

/** The job that sends a notification; one job per attempt (`sendJobId`). */
export const SEND_JOB = 'notification-send';
export const sendJobId = (idNotification: number, attempt: number) => `${SEND_JOB}-${idNotification}-${attempt}`;

/**
 * How long a worker holds a send without renewing its lease: past it, another takes the send up.
 * The worker renews it every quarter of that while it runs, however long a batch takes (a push
 * service's quota can hold one a minute), so only a stopped or frozen worker loses it.
 */
export const SEND_LEASE_MS = 120_000;
/** The attempts a send gets (a push service away, the database cut) before it is marked failed. */
export const SEND_ATTEMPTS_MAX = 5;
/** The sender's progress bar is told what changed at most this often, and always at the end… */
const PROGRESS_EVERY_MS = 250;
/** …and told again when nothing changed for this long (a batch waiting out a quota), so that it never looks stuck. */
const PROGRESS_HEARTBEAT_MS = 750;

const notificationNotFound = () => new AppError('not_found', 'No such notification');

/**
 * Whether the caller may send a recorded notification: an Administrateur any; another only one they
 * wrote, whose schools they all still reach.
 */
async function maySend(ctx: ServiceContext, row: SendRow): Promise<boolean> {
  if (reachesEverySchool(ctx.actor)) return true;
  if (row.createdById !== ctx.actor.id || row.allSchools) return false;
  return (await listReachableUais(ctx.db, ctx.actor, row.uais)).length === row.uais.length;
}

/**
 * Starts sending a recorded notification (`POST /devices/notifications/massive`): counts its
 * audience, marks it being sent and adds the job that sends it; answers the counts. A notification
 * is sent once: a second start is a conflict. Audited.
 */
export async function startNotificationSend(
  ctx: ServiceContext,
  jobs: Pick<JobDoor, 'add'>,
  idNotification: number,
): Promise<SendingStarted> {
  requireRight(ctx.actor, 'notifications', 'Ecriture');
  const row = await findSend(ctx.db, idNotification);
  if (!row || !(await maySend(ctx, row))) throw notificationNotFound();
  if (row.status !== 'draft') throw alreadySent();
  return beginSend(ctx, jobs, row);
}

type SendingStarted = { idNotification: number; nbUsers: number; nbTokens: number };

const alreadySent = () => new AppError('conflict', 'This notification was already sent');

/** Counts a recorded notification's audience, marks it being sent (audited) and adds its job. */
async function beginSend(ctx: ServiceContext, jobs: Pick<JobDoor, 'add'>, row: SendRow): Promise<SendingStarted> {
  const idNotification = row.id;
  const counts = await countSavedAudience(ctx.db, row);
  const started = await ctx.db.transaction(async (tx) => {
    if (!(await markSending(tx, idNotification, counts))) return false;
    await writeAudit(tx, {
      actor: ctx.actor,
      action: 'send_notification',
      entity: 'notification',
      entityId: idNotification,
      after: { nbUsers: counts.nbUsers, nbTokens: counts.nbTokens },
    });
    return true;
  });
  if (!started) throw alreadySent();
  // Were the queue to refuse it, the send is found idle at the next tick and added then.
  await jobs.add(SEND_JOB, { idNotification }, sendJobId(idNotification, 1));
  return { idNotification, ...counts };
}

/**
 * A notification to users chosen one by one (`POST /devices/notifications/token`, the users view's
 * bulk menu): every one must be a user the caller may act on (else 404 or 403, nothing recorded);
 * it is recorded for their schools, with their ids (audited `save_notification`), then sent as a
 * notification of the view, to those of them still enabled.
 */
export async function notifyUsers(
  ctx: ServiceContext,
  jobs: Pick<JobDoor, 'add'>,
  body: contract.NotifyUsersBody,
): Promise<SendingStarted> {
  requireRight(ctx.actor, 'buttonBulkEdit_bulkNotification', 'Ecriture');
  const records = await readManageableUsers(ctx.db, ctx.actor, [...new Set(body.ids)]);
  const userIds = records.map((user) => user.id);
  const uais = [...new Set(records.flatMap((user) => (user.uai ? [user.uai] : [])))].sort();
  const idNotification = await ctx.db.transaction(async (tx) => {
    const id = await insertNotification(tx, {
      title: body.title,
      description: body.message,
      link: body.link === '' ? null : body.link,
      author: { id: ctx.actor.id, firstname: ctx.actor.firstname, lastname: ctx.actor.lastname },
      allSchools: false,
      uais,
      parameters: { subject: [], logicalOperator: 'or', searchOperator: 'contains', profiles: [], applicationIds: [] },
      userIds,
    });
    await writeAudit(tx, {
      actor: ctx.actor,
      action: 'save_notification',
      entity: 'notification',
      entityId: id,
      after: { title: body.title, uais, userIds },
    });
    return id;
  });
  const row = await findSend(ctx.db, idNotification);
  return beginSend(ctx, jobs, row!);
}

export type SendDeps = {
  db: Database;
  push: PushSender;
  realtime: Pick<RealtimeHub, 'emitToUser'>;
  log: JobLog;
  /** The lease's length (SEND_LEASE_MS; tests shorten it). */
  leaseMs?: number;
};

/** The send was taken over by another worker (this one's lease ran out): this one stops and writes nothing more. */
class SendTakenOver extends Error {}

function messageOf(row: SendRow, device: { token: string; provider: PushMessage['provider'] }): PushMessage {
  return {
    provider: device.provider,
    token: device.token,
    title: row.title,
    body: row.description,
    data: { idNotification: String(row.id), link: row.link ?? '' },
  };
}

/** The receipts of a batch's messages that a service accepted and will answer for later (Expo's). */
function receiptsOf(batch: readonly { token: string; provider: PushMessage['provider'] }[], outcomes: readonly PushOutcome[]) {
  return batch.flatMap((device, index) => {
    const outcome = outcomes[index];
    return outcome?.status === 'sent' && outcome.receipt
      ? [{ provider: device.provider, token: device.token, receipt: outcome.receipt }]
      : [];
  });
}

/**
 * The send job: takes the notification up (unless another worker holds it), then hands its
 * audience's live tokens to the push service a batch at a time, in device order from its cursor.
 * Before a batch is handed over its last device is recorded (`claimed_to`), after it the cursor
 * and the outcomes: a send taken up again after a stop resumes at the cursor and never hands a
 * device twice — a batch in doubt (its worker stopped between handing it over and recording it)
 * counts as failed; a batch the service could not take at all is not in doubt. The receipts a
 * service will answer for later are recorded for the receipts check (`receipts.service.ts`). The
 * lease is renewed on a timer while the send runs; a worker that finds it lost anyway (frozen past
 * it, and the send taken over) stops without writing. Tokens a service calls invalid are marked dead. The
 * sender's sockets get 'progressBar' as it goes, on a timer. A failure lets the send go for
 * another attempt, the last one marks it failed.
 */
export async function runNotificationSend(deps: SendDeps, idNotification: number): Promise<void> {
  const leaseMs = deps.leaseMs ?? SEND_LEASE_MS;
  const lease: SendLease = { id: idNotification, owner: randomUUID() };
  const row = await claimSend(deps.db, lease, leaseMs);
  if (!row) return;
  let report: NotificationReport = row.report ?? { nbUser: 0, nbToken: 0, successCount: 0, failureCount: 0 };
  let lost = false;
  const progress = progressTeller(deps, row, () => report);
  const renewal = setInterval(() => {
    renewLease(deps.db, lease, leaseMs).then(
      (kept) => {
        if (!kept) lost = true;
      },
      // The database away: the next batch's writes find it too, and end the attempt.
      () => undefined,
    );
  }, leaseMs / 4);
  const heldOrStop = <T>(written: T | null | false): T => {
    if (written === null || written === false || lost) throw new SendTakenOver();
    return written;
  };
  try {
    let cursor = row.cursor;
    if (row.claimedTo > row.cursor) {
      const inDoubt = await countAudienceDevicesBetween(deps.db, row, row.cursor, row.claimedTo);
      report = heldOrStop(await recordBatch(deps.db, lease, { upToId: row.claimedTo, successes: 0, failures: inDoubt }));
      cursor = row.claimedTo;
    }
    progress.start();
    for (;;) {
      const batch = await nextAudienceDevices(deps.db, row, cursor, deps.push.batchSize);
      if (batch.length === 0) break;
      const upToId = batch.at(-1)!.deviceId;
      heldOrStop(await claimBatch(deps.db, lease, upToId, leaseMs));
      let outcomes: PushOutcome[];
      try {
        outcomes = await deps.push.send(batch.map((device) => messageOf(row, device)));
      } catch (error) {
        // The service was not reached (the adapter's word): nothing of the batch was handed over.
        await claimBatch(deps.db, lease, cursor, leaseMs);
        throw error;
      }
      const dead = batch.filter((_, index) => outcomes[index]?.status === 'invalid_token').map((device) => device.token);
      await markTokensDead(deps.db, dead);
      await recordReceipts(deps.db, row.id, receiptsOf(batch, outcomes));
      const successes = outcomes.filter((outcome) => outcome.status === 'sent').length;
      report = heldOrStop(await recordBatch(deps.db, lease, { upToId, successes, failures: batch.length - successes }));
      cursor = upToId;
    }
    report = heldOrStop(await finishSend(deps.db, lease, 'sent'));
    progress.end('sent');
  } catch (error) {
    progress.stop();
    if (error instanceof SendTakenOver) {
      deps.log.error({ idNotification, attempt: row.attempt }, 'notification send taken over by another worker: stopped');
    } else {
      deps.log.error({ err: error, idNotification, attempt: row.attempt }, 'notification send stopped');
      if (row.attempt >= SEND_ATTEMPTS_MAX) {
        if (await finishSend(deps.db, lease, 'failed').catch(() => null)) progress.end('failed');
      } else {
        await releaseSend(deps.db, lease).catch(() => undefined);
      }
    }
  } finally {
    clearInterval(renewal);
    progress.stop();
  }
}

/**
 * The sender's progress bar ('progressBar' to their sockets): on a timer while the send runs —
 * what changed every PROGRESS_EVERY_MS, the same again after PROGRESS_HEARTBEAT_MS of nothing —
 * and once at its end. Nobody is told a send without a known author.
 */
function progressTeller(deps: SendDeps, row: SendRow, current: () => NotificationReport) {
  let timer: NodeJS.Timeout | undefined;
  let lastTold = { at: 0, key: '' };
  const tell = (status: contract.NotificationStatus, force: boolean) => {
    if (row.createdById === null) return;
    const report = current();
    const sent = report.successCount + report.failureCount;
    const key = `${status}:${report.successCount}:${report.failureCount}`;
    const now = Date.now();
    if (!force && key === lastTold.key && now - lastTold.at < PROGRESS_HEARTBEAT_MS) return;
    lastTold = { at: now, key };
    deps.realtime.emitToUser(row.createdById, 'progressBar', {
      idNotification: row.id,
      sent,
      total: Math.max(report.nbToken, sent),
      successCount: report.successCount,
      failureCount: report.failureCount,
      status,
    });
  };
  const stop = () => {
    clearInterval(timer);
    timer = undefined;
  };
  return {
    start: () => {
      tell('sending', true);
      timer = setInterval(() => tell('sending', false), PROGRESS_EVERY_MS);
    },
    stop,
    end: (status: 'sent' | 'failed') => {
      stop();
      tell(status, true);
    },
  };
}
