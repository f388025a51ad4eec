import { notifications } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '#platform/context.js';
import { registerRoute } from '#platform/http/register-route.js';
import { notificationAudience } from './audience.service.js';
import { notificationHistory, saveNotification } from './history.service.js';
import { notifyUsers, startNotificationSend } from './sending.service.js';

/** The notifications view (spec 3 §7 'Notifications'): a notification's audience, recording one, sending it (a job), the history. */
export function registerNotificationsRoutes(app: FastifyInstance, deps: AppDeps): void {
  // An audience's tokens may be hundreds of thousands: written with JSON.stringify (see `RouteOptions`).
  registerRoute(app, deps, notifications.notificationAudience, ({ ctx, body }) => notificationAudience(ctx, body), {
    serialize: 'json',
  });
  registerRoute(app, deps, notifications.saveNotification, ({ ctx, body }) => saveNotification(ctx, body));
  registerRoute(app, deps, notifications.notificationHistory, ({ ctx, query }) => notificationHistory(ctx, query.limit));
  registerRoute(app, deps, notifications.sendNotification, ({ ctx, body }) =>
    startNotificationSend(ctx, app.jobs, body.idNotification),
  );
  registerRoute(app, deps, notifications.notifyUsers, ({ ctx, body }) => notifyUsers(ctx, app.jobs, body));
}
