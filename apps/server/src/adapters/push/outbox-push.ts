import type { Database } from '#platform/db/client.js';
import { pushOutbox } from '#platform/db/schema/index.js';
import type { PushSender } from './push-sender.js';

/** One insert of the outbox takes a batch: 7 values a row, well under a statement's parameter limit. */
const OUTBOX_BATCH = 1000;

/**
 * The embedded push service: each message is written to the `push_outbox` table, as the mail
 * outbox writes `.eml` files, and counts as accepted. A console without push credentials thus
 * sends for real as far as it can, and shows in the history what it sent.
 */
export function createOutboxPushSender(db: Database): PushSender {
  return {
    kind: 'outbox',
    batchSize: OUTBOX_BATCH,
    send: async (messages) => {
      if (messages.length === 0) return [];
      await db.insert(pushOutbox).values(
        messages.map((message) => ({
          provider: message.provider,
          token: message.token,
          title: message.title,
          body: message.body,
          data: message.data,
        })),
      );
      return messages.map(() => ({ status: 'sent' as const }));
    },
  };
}
