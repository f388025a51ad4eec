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
import { createWebPushSender } from './web-push.js';

export * from './push-sender.js';
export { createOutboxPushSender } from './outbox-push.js';
export { createFcmPushSender } from './fcm-push.js';
export { createExpoPushSender } from './expo-push.js';
export { createRoutedPushSender } from './routed-push.js';
export { createWebPushSender } from './web-push.js';

type PushEnv = Pick<
  Env,
  | 'PUSH_FCM_SERVICE_ACCOUNT_FILE'
  | 'PUSH_FCM_URL'
  | 'PUSH_FCM_CONCURRENCY'
  | 'PUSH_EXPO_ENABLED'
  | 'PUSH_EXPO_URL'
  | 'PUSH_EXPO_ACCESS_TOKEN'
  | 'PUSH_WEBPUSH_VAPID_PUBLIC_KEY'
  | 'PUSH_WEBPUSH_VAPID_PRIVATE_KEY'
  | 'PUSH_WEBPUSH_SUBJECT'
  | 'PUSH_WEBPUSH_ENDPOINTS'
  | 'PUSH_WEBPUSH_CONCURRENCY'
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
 * The Web Push service of PUSH_WEBPUSH_*, when its VAPID keys are set; keys set by halves, keys
 * that are not a pair, or no subject stop the start with a sentence saying why.
 */
function webPushOf(env: PushEnv): PushSender | undefined {
  const { PUSH_WEBPUSH_VAPID_PUBLIC_KEY: publicKey, PUSH_WEBPUSH_VAPID_PRIVATE_KEY: privateKey } = env;
  if (!publicKey && !privateKey) return undefined;
  if (!publicKey || !privateKey)
    throw new Error('PUSH_WEBPUSH_VAPID_PUBLIC_KEY and PUSH_WEBPUSH_VAPID_PRIVATE_KEY go together: set both, or neither');
  if (!env.PUSH_WEBPUSH_SUBJECT)
    throw new Error('PUSH_WEBPUSH_SUBJECT is needed with VAPID keys: a mailto: or https: address of this server’s operator');
  try {
    return createWebPushSender({
      vapid: { publicKey, privateKey },
      subject: env.PUSH_WEBPUSH_SUBJECT,
      endpoints: env.PUSH_WEBPUSH_ENDPOINTS.split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
      concurrency: env.PUSH_WEBPUSH_CONCURRENCY,
      timeoutMs: env.PUSH_TIMEOUT_MS,
    });
  } catch (error) {
    throw new Error(`PUSH_WEBPUSH_VAPID_*: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

/**
 * The push services of this instance (docs/configuration.md, "PUSH_*"): FCM with a service account,
 * Expo when enabled, Web Push with VAPID keys; every other token, and every token by default, to
 * the embedded outbox.
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
  const webPush = webPushOf(env);
  if (webPush) services.webpush = webPush;
  return Object.keys(services).length === 0 ? outbox : createRoutedPushSender(services, outbox);
}
