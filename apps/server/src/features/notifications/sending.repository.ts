import { sql } from 'drizzle-orm';
import type { notifications as contract } from '@console/contract';
import type { Executor } from '#platform/db/client.js';
import type { NotificationParameters, NotificationReport } from '#platform/db/schema/index.js';
import type { SavedAudience } from './audience.repository.js';

/** The SQL of a notification's send: starting it, a worker's lease, the cursor, the report. */

export type SendRow = SavedAudience & {
  id: number;
  title: string;
  description: string;
  link: string | null;
  createdById: number | null;
  status: contract.NotificationStatus;
  attempt: number;
  cursor: number;
  claimedTo: number;
  report: NotificationReport | null;
};

/** A json column as the driver gives it: parsed, or as text. */
const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

function sendRowOf(row: Record<string, unknown>): SendRow {
  return {
    id: Number(row.id),
    title: String(row.title),
    description: String(row.description),
    link: row.link === null ? null : String(row.link),
    createdById: row.created_by_id === null ? null : Number(row.created_by_id),
    status: String(row.status) as contract.NotificationStatus,
    attempt: Number(row.attempt),
    cursor: Number(row.cursor),
    claimedTo: Number(row.claimed_to),
    report: row.report === null ? null : json<NotificationReport>(row.report),
    allSchools: Boolean(row.all_schools),
    uais: (row.uais as string[] | null) ?? [],
    parameters: json<NotificationParameters>(row.parameters),
    userIds: row.user_ids === null || row.user_ids === undefined ? null : (row.user_ids as number[]).map(Number),
  };
}

const SEND_COLUMNS = sql.raw(
  'id, title, description, link, created_by_id, status, attempt, cursor, claimed_to, report, all_schools, uais, parameters, user_ids',
);

export async function findSend(db: Executor, id: number): Promise<SendRow | null> {
  const result = await db.execute<Record<string, unknown>>(sql`select ${SEND_COLUMNS} from notifications where id = ${id}`);
  return result.rows[0] ? sendRowOf(result.rows[0]) : null;
}

/**
 * Turns a written notification into one being sent, with the audience's counts as its report so
 * far; answers false when it was not a draft (already sent or being sent: one send only).
 */
export async function markSending(db: Executor, id: number, counts: { nbUsers: number; nbTokens: number }): Promise<boolean> {
  const report: NotificationReport = { nbUser: counts.nbUsers, nbToken: counts.nbTokens, successCount: 0, failureCount: 0 };
  const result = await db.execute(sql`
    update notifications set status = 'sending', attempt = 1, report = ${JSON.stringify(report)}::jsonb
    where id = ${id} and status = 'draft' returning id`);
  return result.rows.length > 0;
}

/**
 * A worker's hold on a send: the send's id and the worker's own mark (`lease_owner`). Every write
 * of a send after it is taken up names both, so that a worker whose lease ran out (its instance
 * froze past it) finds the send taken over and writes nothing: the writes below answer null or
 * false then.
 */
export type SendLease = { id: number; owner: string };

/**
 * Takes up a send for `leaseMs` unless another worker holds it: answers the row, or null when it
 * is not being sent or is held.
 */
export async function claimSend(db: Executor, lease: SendLease, leaseMs: number): Promise<SendRow | null> {
  const result = await db.execute<Record<string, unknown>>(sql`
    update notifications set lease_until = now() + ${leaseMs} * interval '1 millisecond', lease_owner = ${lease.owner}
    where id = ${lease.id} and status = 'sending' and (lease_until is null or lease_until < now())
    returning ${SEND_COLUMNS}`);
  return result.rows[0] ? sendRowOf(result.rows[0]) : null;
}

const held = (lease: SendLease) => sql`id = ${lease.id} and status = 'sending' and lease_owner = ${lease.owner}`;

/** Keeps the lease `leaseMs` longer; false when the send is no longer this worker's. */
export async function renewLease(db: Executor, lease: SendLease, leaseMs: number): Promise<boolean> {
  const result = await db.execute(sql`
    update notifications set lease_until = now() + ${leaseMs} * interval '1 millisecond'
    where ${held(lease)} returning id`);
  return result.rows.length > 0;
}

/** Records that the batch up to device `upToId` is being handed over, and keeps the lease; false when the send is no longer this worker's. */
export async function claimBatch(db: Executor, lease: SendLease, upToId: number, leaseMs: number): Promise<boolean> {
  const result = await db.execute(sql`
    update notifications set claimed_to = ${upToId}, lease_until = now() + ${leaseMs} * interval '1 millisecond'
    where ${held(lease)} returning id`);
  return result.rows.length > 0;
}

/**
 * Records a batch handed over: the cursor moves to its last device, its outcomes add to the
 * report; null when the send is no longer this worker's.
 */
export async function recordBatch(
  db: Executor,
  lease: SendLease,
  batch: { upToId: number; successes: number; failures: number },
): Promise<NotificationReport | null> {
  const result = await db.execute<{ report: unknown }>(sql`
    update notifications set cursor = ${batch.upToId}, claimed_to = ${batch.upToId},
      report = jsonb_set(jsonb_set(report,
        '{successCount}', to_jsonb((report->>'successCount')::int + ${batch.successes})),
        '{failureCount}', to_jsonb((report->>'failureCount')::int + ${batch.failures}))
    where ${held(lease)} returning report`);
  return result.rows[0] ? json<NotificationReport>(result.rows[0].report) : null;
}

/** Ends a send: sent (every token tried) or failed; the lease is let go. Null when the send is no longer this worker's. */
export async function finishSend(db: Executor, lease: SendLease, status: 'sent' | 'failed'): Promise<NotificationReport | null> {
  // Sent: the devices impacted are those tried (the audience may have changed since it was counted).
  const result = await db.execute<{ report: unknown }>(sql`
    update notifications set status = ${status}, finished_at = now(), lease_until = null, lease_owner = null,
      report = case when ${status} = 'sent'
        then jsonb_set(report, '{nbToken}', to_jsonb((report->>'successCount')::int + (report->>'failureCount')::int))
        else report end
    where ${held(lease)} returning report`);
  return result.rows[0] ? json<NotificationReport>(result.rows[0].report) : null;
}

/** Lets go of a send's lease after a failure, for another attempt (a job of its own). */
export async function releaseSend(db: Executor, lease: SendLease): Promise<void> {
  await db.execute(sql`
    update notifications set attempt = attempt + 1, lease_until = null, lease_owner = null where ${held(lease)}`);
}

/**
 * Lets go of every send a worker holds, as new attempts, answering how many: for the embedded
 * database at start, which one process opens at a time (DATA_DIR/console.lock), so that a lease
 * left there was left by a worker that stopped with its process. Its send resumes at the first
 * tick rather than once the lease runs out.
 */
export async function releaseSendsOfStoppedWorkers(db: Executor): Promise<number> {
  const result = await db.execute(sql`
    update notifications set attempt = attempt + 1, lease_until = null, lease_owner = null
    where status = 'sending' and lease_until is not null returning id`);
  return result.rows.length;
}

/**
 * The sends no worker holds (never taken up, or let go after a failure), with their attempt: each
 * attempt is one job. A send whose lease ran out was left by a stopped worker: it is let go first,
 * as a new attempt (its job ran, and a job id is added once).
 */
export async function listIdleSends(db: Executor): Promise<{ id: number; attempt: number }[]> {
  await db.execute(sql`
    update notifications set attempt = attempt + 1, lease_until = null, lease_owner = null
    where status = 'sending' and lease_until < now()`);
  const result = await db.execute<{ id: number; attempt: number }>(sql`
    select id, attempt from notifications where status = 'sending' and lease_until is null order by id`);
  return result.rows.map((row) => ({ id: Number(row.id), attempt: Number(row.attempt) }));
}
