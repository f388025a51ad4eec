import { z } from 'zod';
import { recordIdSchema } from '../ids.js';
import { userIdsSchema } from '../users/schemas.js';
import { NOTIFICATION_STATUSES, notificationTextsSchema } from './history.js';

/**
 * Sending a recorded notification (spec 3 §2.5 step 3, §7 `POST /devices/notifications/massive`).
 * The browser names the notification only: the server reads its filters, finds the audience's
 * live tokens itself and sends in the background, so that no caller can push to tokens of its
 * choosing (the spec's body carried the tokens; docs/design.md, "Push notifications").
 */

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

/**
 * A notification to users chosen one by one (the users view's bulk menu, spec 3 §7
 * `POST /devices/notifications/token`): their ids, the title, the message and an optional link.
 * It is recorded and sent as a notification of the view is, to those users' live tokens.
 */
export const notifyUsersBodySchema = z.object({
  ids: userIdsSchema,
  title: notificationTextsSchema.shape.title,
  message: notificationTextsSchema.shape.bodyInput,
  link: notificationTextsSchema.shape.linkInput,
});
export type NotifyUsersBody = z.infer<typeof notifyUsersBodySchema>;
