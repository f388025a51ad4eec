import { z } from 'zod';
import { recordIdSchema } from '../ids.js';

/**
 * Sending a recorded notification (spec 3 §2.5 step 3, §7 `POST /devices/notifications/massive`).
 * The browser names the notification only: the server reads its filters, finds the audience's
 * live tokens itself and sends in the background, so that no caller can push to tokens of its
 * choosing (the spec's body carried the tokens; docs/design.md, "Push notifications").
 */

/** Where a notification stands: written, being sent, sent (every token tried), or stopped by a failure. */
export const NOTIFICATION_STATUSES = ['draft', 'sending', 'sent', 'failed'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

export const sendNotificationBodySchema = z.object({ idNotification: recordIdSchema });

/** The send has started: the tokens it will try and the users they belong to. */
export const sendingStartedSchema = z.object({
  idNotification: z.number().int(),
  nbUsers: z.number().int(),
  nbTokens: z.number().int(),
});

/**
 * The progress of a send, to its sender's sockets (spec 3 §6: "a value named progressBar"): tokens
 * tried out of the total, how many were accepted and refused; `done` once every token was tried
 * (or the send failed: `status` says which).
 */
export const progressBarSchema = z.object({
  idNotification: z.number().int(),
  sent: z.number().int(),
  total: z.number().int(),
  successCount: z.number().int(),
  failureCount: z.number().int(),
  status: z.enum(NOTIFICATION_STATUSES),
});
export type ProgressBar = z.infer<typeof progressBarSchema>;
