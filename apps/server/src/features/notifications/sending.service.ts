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
  type SendRow,
} from './sending.repository.js';
import { insertNotification } from './history.repository.js';

/** The job that sends a notification; one job per attempt (`sendJobId`). */
export const SEND_JOB = 'notification-send';
export const sendJobId = (idNotification: number, attempt: number) => `${SEND_JOB}-${idNotification}-${attempt}`;

/** How long a worker holds a send without recording a batch: past it, another takes the send up. */
export const SEND_LEASE_MS = 120_000;
/** The attempts a send gets (a push service away, the database cut) before it is marked failed. */
export const SEND_ATTEMPTS_MAX = 5;
/** The sender's progress bar is told at most this often, and always at the end. */
const PROGRESS_EVERY_MS = 250;

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
  /** The clock of the progress' pace (tests move it). */
  now?: () => number;
};

function messageOf(row: SendRow, device: { token: string; provider: PushMessage['provider'] }): PushMessage {
  return {
    provider: device.provider,
    token: device.token,
    title: row.title,
    body: row.description,
    data: { idNotification: String(row.id), link: row.link ?? '' },
  };
}

/**
 * The send job: takes the notification up (unless another worker holds it), then hands its
 * audience's live tokens to the push service a batch at a time, in device order from its cursor.
 * Before a batch is handed over its last device is recorded (`claimed_to`), after it the cursor
 * and the outcomes: a send taken up again after a stop resumes at the cursor and never hands a
 * device twice — a batch in doubt (its worker stopped between handing it over and recording it)
 * counts as failed; a batch the service could not take at all is not in doubt. Tokens a
 * service calls invalid are marked dead. The sender's sockets get 'progressBar' as it goes. A
 * failure lets the send go for another attempt, the last one marks it failed.
 */
export async function runNotificationSend(deps: SendDeps, idNotification: number): Promise<void> {
  const now = deps.now ?? Date.now;
  const row = await claimSend(deps.db, idNotification, SEND_LEASE_MS);
  if (!row) return;
  let report: NotificationReport = row.report ?? { nbUser: 0, nbToken: 0, successCount: 0, failureCount: 0 };
  const tell = (status: contract.NotificationStatus) => {
    if (row.createdById === null) return;
    deps.realtime.emitToUser(row.createdById, 'progressBar', {
      idNotification,
      sent: report.successCount + report.failureCount,
      total: Math.max(report.nbToken, report.successCount + report.failureCount),
      successCount: report.successCount,
      failureCount: report.failureCount,
      status,
    });
  };
  try {
    let cursor = row.cursor;
    if (row.claimedTo > row.cursor) {
      const inDoubt = await countAudienceDevicesBetween(deps.db, row, row.cursor, row.claimedTo);
      report = await recordBatch(deps.db, idNotification, { upToId: row.claimedTo, successes: 0, failures: inDoubt });
      cursor = row.claimedTo;
    }
    tell('sending');
    let toldAt = now();
    for (;;) {
      const batch = await nextAudienceDevices(deps.db, row, cursor, deps.push.batchSize);
      if (batch.length === 0) break;
      const upToId = batch.at(-1)!.deviceId;
      await claimBatch(deps.db, idNotification, upToId, SEND_LEASE_MS);
      let outcomes: PushOutcome[];
      try {
        outcomes = await deps.push.send(batch.map((device) => messageOf(row, device)));
      } catch (error) {
        // The service was not reached (the adapter's word): nothing of the batch was handed over.
        await claimBatch(deps.db, idNotification, cursor, SEND_LEASE_MS);
        throw error;
      }
      const dead = batch.filter((_, index) => outcomes[index]?.status === 'invalid_token').map((device) => device.token);
      await markTokensDead(deps.db, dead);
      const successes = outcomes.filter((outcome) => outcome.status === 'sent').length;
      report = await recordBatch(deps.db, idNotification, { upToId, successes, failures: batch.length - successes });
      cursor = upToId;
      if (now() - toldAt >= PROGRESS_EVERY_MS) {
        tell('sending');
        toldAt = now();
      }
    }
    report = await finishSend(deps.db, idNotification, 'sent');
    tell('sent');
  } catch (error) {
    deps.log.error({ err: error, idNotification, attempt: row.attempt }, 'notification send stopped');
    if (row.attempt >= SEND_ATTEMPTS_MAX) {
      await finishSend(deps.db, idNotification, 'failed').catch(() => undefined);
      tell('failed');
    } else {
      await releaseSend(deps.db, idNotification).catch(() => undefined);
    }
  }
}
