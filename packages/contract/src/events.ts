import { z } from 'zod';

/** Events the client emits to the realtime server, name → payload. */
export const clientEvents = {
  'workflow.prepare': z.object({ uais: z.array(z.string()) }),
  'workflow.uai': z.object({ uai: z.string(), userId: z.number().int() }),
  'workflow.uai.propal': z.object({ uai: z.string() }),
} as const;

/** Events the realtime server emits, name → payload. */
export const serverEvents = {
  'workflow.ready': z.object({}).optional(),
  'workflow.uai.data': z.object({ uai: z.string(), data: z.unknown(), statusList: z.unknown() }),
  'workflow.uai.propal.status': z.object({ uai: z.string(), status: z.unknown() }),
} as const;

export type ClientEventName = keyof typeof clientEvents;
export type ServerEventName = keyof typeof serverEvents;

export const REALTIME_PATH = '/api/socket.io';
