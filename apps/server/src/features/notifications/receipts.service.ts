import type { devices } from '@console/contract';
import type { PushSender, ReceiptOutcome } from '#adapters/push/index.js';
import { markTokensDeadSince } from '#features/devices/devices.repository.js';
import type { Database } from '#platform/db/client.js';
import type { JobLog } from '#platform/jobs/job-queue.js';
import { claimDueReceipts, insertReceipts, settleReceipts, type DueReceipt, type ReceiptToCheck } from './receipts.repository.js';

/**
 * When receipts are asked for: Expo has most within 15 minutes and keeps them at least a day
 * (docs/external-formats.md §7), so the first check is 15 minutes after sending, a receipt not
 * ready is asked for again 15 minutes later, and one still unanswered a day after is dropped.
 */
export const RECEIPT_TIMING = { firstCheckMs: 15 * 60_000, retryMs: 15 * 60_000, keptMs: 24 * 3_600_000 };
/** The receipts taken up at once: six of Expo's requests of 300. */
const RECEIPTS_PER_ROUND = 1_800;

export type ReceiptDeps = { db: Database; push: PushSender; log: JobLog };

/** Records the receipts of a batch's accepted messages, for the checks to come. */
export async function recordReceipts(db: Database, notificationId: number, receipts: readonly ReceiptToCheck[]): Promise<void> {
  await insertReceipts(db, notificationId, receipts, RECEIPT_TIMING);
}

/**
 * The receipts check (a job, features/notifications/README.md "Receipts"): takes up the due
 * receipts a round at a time and asks each one's service what became of its message. A receipt
 * saying the device is gone marks its token dead (unless the device registered since); one
 * saying the message failed moves it from its notification's successes to its failures; both,
 * and the delivered ones, are dropped. One not ready is asked for again later, until it expires.
 * A service that cannot be reached ends the check: its receipts wait for the next.
 */
export async function checkDueReceipts(deps: ReceiptDeps): Promise<void> {
  for (;;) {
    const due = await claimDueReceipts(deps.db, RECEIPTS_PER_ROUND, RECEIPT_TIMING.retryMs);
    if (due.length === 0) break;
    let answers: Map<string, ReceiptOutcome>;
    try {
      answers = await askServices(deps.push, due);
    } catch (error) {
      deps.log.error({ err: error }, 'push receipts: the service could not be reached; asked again later');
      break;
    }
    const settled: { id: number; notificationId: number; failed: boolean }[] = [];
    const deadTokens: { token: string; sentAt: Date }[] = [];
    for (const receipt of due) {
      const answer = answers.get(receipt.receipt);
      if (!answer) {
        if (receipt.expired) settled.push({ id: receipt.id, notificationId: receipt.notificationId, failed: false });
        continue;
      }
      if (answer.status === 'invalid_token') deadTokens.push({ token: receipt.token, sentAt: receipt.sentAt });
      settled.push({ id: receipt.id, notificationId: receipt.notificationId, failed: answer.status !== 'delivered' });
    }
    await deps.db.transaction(async (tx) => {
      await markTokensDeadSince(tx, deadTokens);
      await settleReceipts(tx, settled);
    });
    if (due.length < RECEIPTS_PER_ROUND) break;
  }
}

/** Every due receipt's answer, asked of its token's service; none where no service gives receipts. */
async function askServices(push: PushSender, due: readonly DueReceipt[]): Promise<Map<string, ReceiptOutcome>> {
  const answers = new Map<string, ReceiptOutcome>();
  if (!push.checkReceipts) return answers;
  const byProvider = new Map<devices.PushProvider, string[]>();
  for (const receipt of due) {
    const receipts = byProvider.get(receipt.provider) ?? [];
    receipts.push(receipt.receipt);
    byProvider.set(receipt.provider, receipts);
  }
  for (const [provider, receipts] of byProvider)
    for (const [receipt, outcome] of await push.checkReceipts(provider, receipts)) answers.set(receipt, outcome);
  return answers;
}
