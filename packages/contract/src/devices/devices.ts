import { z } from 'zod';
import { deviceSchema } from '../users/user-page.js';

/**
 * The push services a device's token belongs to (docs/external-formats.md §7): Firebase Cloud
 * Messaging (Android, and iOS through Firebase), Expo's push service, a browser's Web Push
 * subscription (its JSON, endpoint and keys).
 */
export const PUSH_PROVIDERS = ['fcm', 'expo', 'webpush'] as const;
export type PushProvider = (typeof PUSH_PROVIDERS)[number];

/** The most devices one user keeps: registering another drops the least recently seen. */
export const DEVICES_PER_USER_MAX = 20;

/** A Web Push subscription's JSON is the longest token: an endpoint address and two keys. */
export const PUSH_TOKEN_MAX_LENGTH = 4096;

const text = (max: number) => z.string().trim().min(1).max(max);

/**
 * What the tablets' application sends for the signed-in user's device: an identifier of its
 * installation (stable across launches, new after a reinstall), the device's model, operating
 * system, free space (MB) and the application's version, and its push token with the service it
 * belongs to, when it has one.
 */
export const registerDeviceBodySchema = z
  .object({
    installationId: text(200),
    model: text(200),
    operatingSystem: text(200),
    availableSpace: z.number().int().min(0).max(100_000_000).nullable().default(null),
    applicationVersion: text(50).nullable().default(null),
    token: text(PUSH_TOKEN_MAX_LENGTH).nullable().default(null),
    provider: z.enum(PUSH_PROVIDERS).nullable().default(null),
  })
  .refine((body) => (body.token === null) === (body.provider === null), {
    message: 'A push token comes with its provider, and a provider with its token',
    path: ['provider'],
  });
export type RegisterDeviceBody = z.infer<typeof registerDeviceBodySchema>;

/** The device as registered, as the user page shows it. */
export const registeredDeviceSchema = deviceSchema.extend({ provider: z.enum(PUSH_PROVIDERS).nullable() });
export type RegisteredDevice = z.infer<typeof registeredDeviceSchema>;
