import { z } from 'zod';

import { booleanFlag, variable } from './env-values.js';

/** The push services notifications go to (features/notifications, adapters/push). */
export const PUSH_VARIABLES = {
  // Push services: where notifications go (features/notifications, adapters/push)
  PUSH_FCM_SERVICE_ACCOUNT_FILE: variable(
    z.string().trim().min(1).optional(),
    "Path of the Firebase project's service account JSON key (project_id, client_email, private_key, token_uri): set, notifications to FCM tokens go to FCM HTTP v1. Unset: they go to the embedded outbox (the push_outbox table).",
  ),
  PUSH_FCM_URL: variable(z.url().default('https://fcm.googleapis.com'), 'Base URL of FCM HTTP v1 (a proxy, or a fake in tests).'),
  PUSH_FCM_CONCURRENCY: variable(
    z.coerce.number().int().min(1).max(1000).default(100),
    'Requests to FCM in flight at once during a send (FCM takes one message a request).',
  ),
  PUSH_EXPO_ENABLED: variable(
    booleanFlag.default(false),
    "Send notifications to Expo tokens through Expo's push service. Off: they go to the embedded outbox.",
  ),
  PUSH_EXPO_URL: variable(z.url().default('https://exp.host'), "Base URL of Expo's push service (a fake in tests)."),
  PUSH_EXPO_ACCESS_TOKEN: variable(
    z.string().min(1).optional(),
    'Access token of the Expo project, when its push security is on.',
    true,
  ),
  PUSH_WEBPUSH_VAPID_PUBLIC_KEY: variable(
    z.string().trim().min(1).optional(),
    "The server's VAPID public key (base64url, as `web-push generate-vapid-keys` prints it; docs/deploy.md). With the private key and PUSH_WEBPUSH_SUBJECT, notifications to Web Push subscriptions go to the browsers' push services; unset, to the embedded outbox.",
  ),
  PUSH_WEBPUSH_VAPID_PRIVATE_KEY: variable(
    z.string().trim().min(1).optional(),
    "The server's VAPID private key (base64url).",
    true,
  ),
  PUSH_WEBPUSH_SUBJECT: variable(
    z
      .string()
      .trim()
      .regex(/^(mailto:|https:)/, 'must be a mailto: or https: address')
      .optional(),
    'The contact the push services may reach about this server (a mailto: or https: address), sent with every Web Push request.',
  ),
  PUSH_WEBPUSH_ENDPOINTS: variable(
    z
      .string()
      .trim()
      .min(1)
      .default('fcm.googleapis.com,updates.push.services.mozilla.com,web.push.apple.com,*.notify.windows.com'),
    "The push services a Web Push subscription's endpoint may be on, comma-separated (by default those of Chrome, Firefox, Safari and Edge): host names over https (`*.` for any sub-domain), or whole origins. A subscription elsewhere is never posted to and counts as dead.",
  ),
  PUSH_WEBPUSH_CONCURRENCY: variable(
    z.coerce.number().int().min(1).max(1000).default(50),
    'Requests to Web Push services in flight at once during a send (one message a request).',
  ),
  PUSH_TIMEOUT_MS: variable(
    z.coerce.number().int().min(500).max(120000).default(10000),
    'Timeout of one request to a push service; a request past it is tried again, as a 5xx answer.',
  ),
} as const;
