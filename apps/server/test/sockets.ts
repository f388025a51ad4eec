import { serverEvents, type ServerEventName, type ServerEventPayload } from '@console/contract';
import type { Socket } from 'socket.io-client';

/**
 * The next realtime event of that name matching `where` (checked against its contract schema),
 * or an error past `ms`. Generous by default: a loaded machine delays events, never loses them.
 */
export function nextEvent<E extends ServerEventName>(
  socket: Socket,
  event: E,
  where: (payload: ServerEventPayload<E>) => boolean = () => true,
  ms = 10_000,
): Promise<ServerEventPayload<E>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event as string, listener);
      reject(new Error(`no ${event} within ${ms} ms`));
    }, ms);
    const listener = (payload: unknown) => {
      const parsed = serverEvents[event].parse(payload) as ServerEventPayload<E>;
      if (!where(parsed)) return;
      clearTimeout(timer);
      socket.off(event as string, listener);
      resolve(parsed);
    };
    socket.on(event as string, listener);
  });
}
