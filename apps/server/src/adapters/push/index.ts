import type { Database } from '#platform/db/client.js';
import { createOutboxPushSender } from './outbox-push.js';
import type { PushSender } from './push-sender.js';

export * from './push-sender.js';
export { createOutboxPushSender } from './outbox-push.js';

/** The push service of this instance: the embedded outbox (FCM, Expo and Web Push come with their configuration). */
export function createPushSender(db: Database): PushSender {
  return createOutboxPushSender(db);
}
