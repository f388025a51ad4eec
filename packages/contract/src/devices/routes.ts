import { defineRoute } from '../http.js';
import { registerDeviceBodySchema, registeredDeviceSchema } from './devices.js';

/**
 * Devices (beyond the spec, which only reads them on the user page: something must put them
 * there). The tablets' application registers the signed-in user's device, and refreshes it at
 * each launch; push notifications target the tokens registered here.
 */

export const registerDevice = defineRoute({
  method: 'POST',
  path: '/devices',
  right: 'session',
  summary:
    "Registers or refreshes the signed-in user's device by its installation: a device signed in by another user moves to this one, and a push token already held by another device moves to this one.",
  body: registerDeviceBodySchema,
  answer: registeredDeviceSchema,
});
