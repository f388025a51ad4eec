import type { devices as contract } from '@console/contract';
import type { ServiceContext } from '#platform/context.js';
import { upsertDevice } from './devices.repository.js';

/**
 * Registers or refreshes the signed-in user's device (`POST /devices`), for themself only: the
 * installation's row becomes theirs (a shared tablet signed in by another pupil moves to them),
 * a token held by another device moves to this one, and a registered token is alive again.
 */
export async function registerDevice(ctx: ServiceContext, body: contract.RegisterDeviceBody): Promise<contract.RegisteredDevice> {
  return ctx.db.transaction((tx) => upsertDevice(tx, ctx.actor.id, body));
}
