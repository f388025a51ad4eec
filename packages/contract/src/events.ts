import { z } from 'zod';
import { API_PREFIX } from './http.js';
import { progressBarSchema } from './notifications/sending.js';
import { quoteStatusSchema, statusListSchema, workflowStepSchema } from './workflows/schemas.js';

/** Events the client emits to the realtime server, name → payload (spec 1 §7). */
export const clientEvents = {
  'workflow.prepare': z.object({ uais: z.array(z.string()).max(5000) }),
  'workflow.uai': z.object({ uai: z.string(), userId: z.number().int() }),
  'workflow.uai.propal': z.object({ uai: z.string() }),
} as const;

/** Events the realtime server emits, name → payload. */
export const serverEvents = {
  'workflow.ready': z.object({ uais: z.array(z.string()) }),
  'workflow.uai.data': z.object({ uai: z.string(), data: z.array(workflowStepSchema), statusList: statusListSchema }),
  'workflow.uai.propal.status': z.object({ uai: z.string(), status: quoteStatusSchema }),
  /**
   * Beyond the spec: events from other instances may have been lost (their link through Redis
   * was down and is back); the browser refetches what it shows, as after a reconnection.
   */
  'realtime.resync': z.object({}),
  /** A notification's send progressing, to its sender's sockets only (spec 3 §6). */
  progressBar: progressBarSchema,
} as const;

export type ClientEventName = keyof typeof clientEvents;
export type ServerEventName = keyof typeof serverEvents;
export type ClientEventPayload<E extends ClientEventName> = z.infer<(typeof clientEvents)[E]>;
export type ServerEventPayload<E extends ServerEventName> = z.infer<(typeof serverEvents)[E]>;

export const REALTIME_PATH = `${API_PREFIX}/socket.io`;
