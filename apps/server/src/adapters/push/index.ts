import { readFileSync } from 'node:fs';
import type { devices } from '@console/contract';
import type { Env } from '#platform/config/env.js';
import type { Database } from '#platform/db/client.js';
import { createExpoPushSender } from './expo-push.js';
import { createFcmPushSender } from './fcm-push.js';
import { serviceAccountSchema, type ServiceAccount } from './google-access-token.js';
import { createOutboxPushSender } from './outbox-push.js';
import type { PushSender } from './push-sender.js';
import { createRoutedPushSender } from './routed-push.js';

export * from './push-sender.js';
export { createOutboxPushSender } from './outbox-push.js';
export { createFcmPushSender } from './fcm-push.js';
export { createExpoPushSender } from './expo-push.js';
export { createRoutedPushSender } from './routed-push.js';

type PushEnv = Pick<
  Env,
  | 'PUSH_FCM_SERVICE_ACCOUNT_FILE'
  | 'PUSH_FCM_URL'
  | 'PUSH_FCM_CONCURRENCY'
  | 'PUSH_EXPO_ENABLED'
  | 'PUSH_EXPO_URL'
  | 'PUSH_EXPO_ACCESS_TOKEN'
  | 'PUSH_TIMEOUT_MS'
>;

/** The service account of PUSH_FCM_SERVICE_ACCOUNT_FILE; a file that is not one stops the start with a sentence saying why. */
export function readServiceAccount(file: string): ServiceAccount {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`PUSH_FCM_SERVICE_ACCOUNT_FILE: ${file} is not a readable JSON file`, { cause: error });
  }
  const parsed = serviceAccountSchema.safeParse(raw);
  if (!parsed.success)
    throw new Error(
      `PUSH_FCM_SERVICE_ACCOUNT_FILE: ${file} lacks ${parsed.error.issues.map((issue) => issue.path.join('.')).join(', ')}`,
    );
  return parsed.data;
}

/**
 * The push services of this instance (docs/configuration.md, "PUSH_*"): FCM with a service account,
 * Expo when enabled; every other token, and every token by default, to the embedded outbox.
 */
export function createPushSender(env: PushEnv, db: Database): PushSender {
  const outbox = createOutboxPushSender(db);
  const services: Partial<Record<devices.PushProvider, PushSender>> = {};
  if (env.PUSH_FCM_SERVICE_ACCOUNT_FILE)
    services.fcm = createFcmPushSender({
      serviceAccount: readServiceAccount(env.PUSH_FCM_SERVICE_ACCOUNT_FILE),
      baseUrl: env.PUSH_FCM_URL,
      concurrency: env.PUSH_FCM_CONCURRENCY,
      timeoutMs: env.PUSH_TIMEOUT_MS,
    });
  if (env.PUSH_EXPO_ENABLED)
    services.expo = createExpoPushSender({
      baseUrl: env.PUSH_EXPO_URL,
      accessToken: env.PUSH_EXPO_ACCESS_TOKEN,
      timeoutMs: env.PUSH_TIMEOUT_MS,
    });
  return Object.keys(services).length === 0 ? outbox : createRoutedPushSender(services, outbox);
}
