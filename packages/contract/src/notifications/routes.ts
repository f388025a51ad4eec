import { defineRoute } from '../http.js';
import { audienceAnswerSchema, audienceBodySchema } from './audience.js';
import { notifyUsersBodySchema, sendingStartedSchema, sendNotificationBodySchema } from './sending.js';
import { historyQuerySchema, historySchema, notificationDraftSchema, savedNotificationSchema } from './history.js';

/** The notifications view's calls (spec 3 §7 'Notifications'), right notifications. */

export const notificationAudience = defineRoute({
  method: 'POST',
  path: '/devices/notifications',
  right: { area: 'notifications', level: 'Lecture' },
  summary:
    "Who a notification would reach, within the schools the caller reaches: the users matching the filters and their devices' live push tokens (count 1: the counts only).",
  body: audienceBodySchema,
  answer: audienceAnswerSchema,
});

export const saveNotification = defineRoute({
  method: 'POST',
  path: '/devices/notifications/save',
  right: { area: 'notifications', level: 'Ecriture' },
  summary:
    'Records a notification written for schools the caller reaches (its filters, title, description and link), to be sent; answers its id.',
  body: notificationDraftSchema,
  answer: savedNotificationSchema,
});

export const notificationHistory = defineRoute({
  method: 'GET',
  path: '/devices/notifications/historique',
  right: { area: 'notifications', level: 'Lecture' },
  summary:
    "The latest notifications the caller sees (an Administrateur every one; others theirs and those for schools all within their reach), newest first, with each one's report and the subject's operators.",
  query: historyQuerySchema,
  answer: historySchema,
});

export const sendNotification = defineRoute({
  method: 'POST',
  path: '/devices/notifications/massive',
  right: { area: 'notifications', level: 'Ecriture' },
  summary:
    "Starts sending a recorded notification its caller wrote (an Administrateur any) to its audience's live push tokens, found by the server from the notification's filters; progress reaches the sender's sockets as 'progressBar'. A notification is sent once (409 after).",
  body: sendNotificationBodySchema,
  answer: sendingStartedSchema,
});

export const notifyUsers = defineRoute({
  method: 'POST',
  path: '/devices/notifications/token',
  right: { area: 'buttonBulkEdit_bulkNotification', level: 'Ecriture' },
  summary:
    "Records a notification to users the caller may act on (every one within reach, else 404) and starts sending it to their live push tokens, as a notification of the view; progress reaches the caller's sockets as 'progressBar'.",
  body: notifyUsersBodySchema,
  answer: sendingStartedSchema,
});
