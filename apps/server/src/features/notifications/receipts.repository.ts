import { sql } from 'drizzle-orm';
import type { devices } from '@console/contract';
import type { Executor } from '#platform/db/client.js';
import { jsonRows } from '#platform/db/params.js';

/** The SQL of the receipts a push service answers for later (Expo's): recording, claiming, settling. */

export type ReceiptToCheck = { provider: devices.PushProvider; token: string; receipt: string };

/** A receipt a checker took up: `expired` once the service keeps it no more. */
export type DueReceipt = ReceiptToCheck & { id: number; notificationId: number; sentAt: Date; expired: boolean };

/** Records the receipts of a batch handed over, to ask for from `firstCheckMs` on, for `keptMs`. */
export async function insertReceipts(
  db: Executor,
  notificationId: number,
  receipts: readonly ReceiptToCheck[],
  timing: { firstCheckMs: number; keptMs: number },
): Promise<void> {
  if (receipts.length === 0) return;
  await db.execute(sql`
    insert into push_receipts (notification_id, provider, token, receipt, check_after, expires_at)
    select ${notificationId}, r.provider, r.token, r.receipt,
      now() + ${timing.firstCheckMs} * interval '1 millisecond', now() + ${timing.keptMs} * interval '1 millisecond'
    from json_to_recordset(${jsonRows(receipts)}) as r(provider text, token text, receipt text)`);
}

export async function hasDueReceipts(db: Executor): Promise<boolean> {
  const result = await db.execute(sql`select 1 from push_receipts where check_after <= now() limit 1`);
  return result.rows.length > 0;
}

/**
 * Takes up to `limit` due receipts, oldest first, and puts their next check `retryMs` later, so
 * that another checker skips them and, should this one stop, they are asked for again then.
 */
export async function claimDueReceipts(db: Executor, limit: number, retryMs: number): Promise<DueReceipt[]> {
  const result = await db.execute<Record<string, unknown>>(sql`
    update push_receipts set check_after = now() + ${retryMs} * interval '1 millisecond'
    where id in (
      select id from push_receipts where check_after <= now() order by check_after, id limit ${limit} for update skip locked)
    returning id, notification_id, provider, token, receipt, sent_at, expires_at <= now() as expired`);
  return result.rows.map((row) => ({
    id: Number(row.id),
    notificationId: Number(row.notification_id),
    provider: String(row.provider) as devices.PushProvider,
    token: String(row.token),
    receipt: String(row.receipt),
    sentAt: new Date(row.sent_at as string | Date),
    expired: row.expired === true || row.expired === 't',
  }));
}

/**
 * Drops the receipts answered or given up, and moves each one that says its message failed from
 * its notification's successes to its failures (the service had accepted it).
 */
export async function settleReceipts(
  db: Executor,
  settled: readonly { id: number; notificationId: number; failed: boolean }[],
): Promise<void> {
  if (settled.length === 0) return;
  const rows = jsonRows(settled);
  await db.execute(sql`
    update notifications n set report = jsonb_set(jsonb_set(n.report,
        '{successCount}', to_jsonb(greatest((n.report->>'successCount')::int - f.count, 0))),
        '{failureCount}', to_jsonb((n.report->>'failureCount')::int + f.count))
    from (select r."notificationId" as id, count(*)::int as count
          from json_to_recordset(${rows}) as r("notificationId" int, failed boolean)
          where r.failed group by r."notificationId") f
    where n.id = f.id and n.report is not null`);
  await db.execute(sql`
    delete from push_receipts where id in (select r.id from json_to_recordset(${rows}) as r(id bigint))`);
}
