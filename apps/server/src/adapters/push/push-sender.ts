import type { devices } from '@console/contract';

/**
 * A push message as every push service takes it (docs/external-formats.md §7): one device's token
 * and the service it belongs to, the title and text a phone shows, and string data for the app
 * (the notification's id and link).
 */
export type PushMessage = {
  provider: devices.PushProvider;
  token: string;
  title: string;
  body: string;
  data: Record<string, string>;
};

/**
 * What became of one message: accepted by the service; refused because the token is no longer
 * valid (the device is marked dead and never targeted again); or refused for another reason.
 */
export type PushOutcome = { status: 'sent' } | { status: 'invalid_token' } | { status: 'failed'; reason: string };

/**
 * The push services behind one interface: the embedded outbox by default, FCM, Expo and Web Push
 * when configured. `send` answers one outcome per message, in order; it throws only when the
 * service cannot be reached at all (the send stops and is taken up again later).
 */
export type PushSender = {
  readonly kind: 'outbox';
  /** The most messages one `send` takes. */
  readonly batchSize: number;
  send: (messages: readonly PushMessage[]) => Promise<PushOutcome[]>;
};
