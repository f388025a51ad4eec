import type { devices } from '@console/contract';
import { UNREACHABLE, type PushMessage, type PushOutcome, type PushSender } from './push-sender.js';

/** The batch the send job hands over to the services together. */
const ROUTED_BATCH = 500;

/**
 * The push services of this instance together: each message goes to its token's service, and to
 * `fallback` (the embedded outbox) when that service is not configured. When no service of the
 * batch could be reached the batch throws (nothing handed over: the send resumes later at its
 * cursor); when one could not be reached but another took its share, the unreached messages
 * count as failed, so that the share delivered is never handed over twice. Receipts are asked of
 * the token's service (none answers for a service not configured).
 */
export function createRoutedPushSender(
  services: Partial<Record<devices.PushProvider, PushSender>>,
  fallback: PushSender,
): PushSender {
  return {
    kind: 'services',
    batchSize: ROUTED_BATCH,
    send: async (messages) => {
      const groups = new Map<PushSender, number[]>();
      messages.forEach((message: PushMessage, index) => {
        const sender = services[message.provider] ?? fallback;
        groups.set(sender, [...(groups.get(sender) ?? []), index]);
      });
      const outcomes = new Array<PushOutcome>(messages.length);
      const settled = await Promise.allSettled(
        [...groups].map(async ([sender, indexes]) => {
          const answers = await sender.send(indexes.map((index) => messages[index]!));
          indexes.forEach((index, position) => {
            outcomes[index] = answers[position] ?? { status: 'failed', reason: 'no outcome' };
          });
        }),
      );
      const refused = settled.filter((result) => result.status === 'rejected');
      if (refused.length > 0 && refused.length === settled.length) throw refused[0]!.reason;
      for (let index = 0; index < outcomes.length; index++) {
        outcomes[index] ??= { status: 'failed', reason: `${UNREACHABLE}: its service could not be reached` };
      }
      return outcomes;
    },
    checkReceipts: async (provider, receipts) => {
      const check = services[provider]?.checkReceipts;
      return check ? check(provider, receipts) : new Map();
    },
  };
}
