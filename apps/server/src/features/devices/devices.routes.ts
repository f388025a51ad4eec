import { devices } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '#platform/context.js';
import { registerRoute } from '#platform/http/register-route.js';
import { registerDevice } from './devices.service.js';

/** Devices: the tablets' application registers the signed-in user's device and its push token. */
export function registerDevicesRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerRoute(app, deps, devices.registerDevice, ({ ctx, body }) => registerDevice(ctx, body));
}
