import type { ClientEventName, ServerEventName, ServerEventPayload } from '@console/contract';
import { act } from '@testing-library/react';
import { useSyncExternalStore } from 'react';
import type { RealtimeSocket, RealtimeState } from '#lib/realtime';

/**
 * A stand-in for lib/realtime in component tests (`vi.mock('…/lib/realtime', () => import('…/test-realtime'))`):
 * a connected socket that records what the client emits and lets the test push server events.
 */
const listeners = new Map<string, Set<(payload: unknown) => void>>();
const socket = { connected: true } as unknown as RealtimeSocket;

export const emitted: { event: ClientEventName; payload: unknown }[] = [];

let state: RealtimeState = { socket, status: 'connected', resyncs: 0 };
const stateListeners = new Set<() => void>();

export function useRealtime(): RealtimeState {
  return useSyncExternalStore(
    (listener) => {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },
    () => state,
  );
}

/** As when the server sends 'realtime.resync' (its link to the other instances is back). */
export function resyncRealtime(): void {
  act(() => {
    state = { ...state, resyncs: state.resyncs + 1 };
    for (const listener of stateListeners) listener();
  });
}

export function emitRealtime(_socket: RealtimeSocket, event: ClientEventName, payload: unknown): void {
  emitted.push({ event, payload });
}

export function onRealtime(_socket: RealtimeSocket, event: ServerEventName, handler: (payload: never) => void): () => void {
  const handlers = listeners.get(event) ?? new Set();
  handlers.add(handler as (payload: unknown) => void);
  listeners.set(event, handlers);
  return () => handlers.delete(handler as (payload: unknown) => void);
}

export function closeRealtime(): void {}

/** Delivers a server event to the listening components. */
export function pushServerEvent<E extends ServerEventName>(event: E, payload: ServerEventPayload<E>): void {
  act(() => {
    for (const handler of listeners.get(event) ?? []) handler(payload);
  });
}

export function resetFakeRealtime(): void {
  emitted.length = 0;
  listeners.clear();
  state = { socket, status: 'connected', resyncs: 0 };
}
