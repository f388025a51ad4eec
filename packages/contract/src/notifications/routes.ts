import { defineRoute } from '../http.js';
import { audienceAnswerSchema, audienceBodySchema } from './audience.js';

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
