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
 * valid (the device is marked dead and never targeted again); or refused for another reason, or
 * still refused after the retries.
 */
export type PushOutcome =
  /** `receipt`: the service's ticket, to ask later what became of the message (Expo's). */
  { status: 'sent'; receipt?: string } | { status: 'invalid_token' } | { status: 'failed'; reason: string };

/**
 * What a service that answers later (Expo's receipts) says became of a message it accepted:
 * delivered to the phone's platform; refused there because the token is dead; or refused for
 * another reason. A receipt not ready yet is absent from the answer.
 */
export type ReceiptOutcome = { status: 'delivered' } | { status: 'invalid_token' } | { status: 'failed'; reason: string };

/**
 * The push services behind one interface: the embedded outbox by default, FCM and Expo when
 * configured, Web Push with VAPID keys (`createPushSender`). `send` answers one outcome per
 * message, in order. It throws (`PushUnavailableError`) only when no message of the batch reached
 * the service: the send is then let go and taken up again later, and none of the batch counts as
 * handed over.
 */
export type PushSender = {
  readonly kind: 'outbox' | 'fcm' | 'expo' | 'webpush' | 'services';
  /** The most messages one `send` takes. */
  readonly batchSize: number;
  send: (messages: readonly PushMessage[]) => Promise<PushOutcome[]>;
  /**
   * Asks the service of `provider` what became of the messages whose receipts are `receipts`:
   * answers those it knows (the others are not ready yet); absent where no configured service
   * gives receipts. Throws (`PushUnavailableError`) when the service could not be reached.
   */
  checkReceipts?: (provider: devices.PushProvider, receipts: readonly string[]) => Promise<Map<string, ReceiptOutcome>>;
};

/** No message of a batch reached the push service (it is away, or refuses this server's credentials). */
export class PushUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PushUnavailableError';
  }
}

/** Throws when every outcome is a failure to reach the service (`reason` marked `unreachable`): nothing was handed over. */
export function throwIfNoneReached(outcomes: readonly PushOutcome[], service: string): PushOutcome[] {
  if (outcomes.length > 0 && outcomes.every((outcome) => outcome.status === 'failed' && outcome.reason.startsWith(UNREACHABLE)))
    throw new PushUnavailableError(`${service} could not be reached: ${(outcomes[0] as { reason: string }).reason}`);
  return [...outcomes];
}

/** The start of a failure's reason when the service was not reached (no answer, or 5xx/429 to the last retry). */
export const UNREACHABLE = 'unreachable';
