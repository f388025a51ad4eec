import {
  REALTIME_PATH,
  serverEvents,
  type ClientEventName,
  type ClientEventPayload,
  type ServerEventName,
  type ServerEventPayload,
} from '@console/contract';
import { useEffect, useSyncExternalStore } from 'react';
import { io, WebSocket, type Socket } from 'socket.io-client';

type ServerToClient = { [E in ServerEventName]: (payload: ServerEventPayload<E>) => void };
type ClientToServer = { [E in ClientEventName]: (payload: ClientEventPayload<E>) => void };

export type RealtimeSocket = Socket<ServerToClient, ClientToServer>;

/** connecting (first attempt or reconnecting), connected, or unavailable (refused or closed for good). */
export type RealtimeStatus = 'connecting' | 'connected' | 'unavailable';

type Connection = { userId: number; socket: RealtimeSocket; holders: number; closeTimer: ReturnType<typeof setTimeout> | null };

/**
 * What components read: the session's socket (null before the first holder), its status, and
 * how many times the server asked for a resync ('realtime.resync': events from other instances
 * may have been lost). Holders fetch afresh when `status` turns to connected and when `resyncs` grows.
 */
export type RealtimeState = { socket: RealtimeSocket | null; status: RealtimeStatus; resyncs: number };

/** Keeps the socket a moment after its last holder leaves, so that switching views does not reconnect. */
const RELEASE_DELAY_MS = 2_000;

let connection: Connection | null = null;
let state: RealtimeState = { socket: null, status: 'connecting', resyncs: 0 };
const stateListeners = new Set<() => void>();

function publish(next: RealtimeState): void {
  state = next;
  for (const listener of stateListeners) listener();
}

function statusOf(socket: RealtimeSocket): RealtimeStatus {
  if (socket.connected) return 'connected';
  // `active` turns false when the server refused the handshake (no valid session): no retry then.
  return socket.active ? 'connecting' : 'unavailable';
}

/**
 * The signed-in user's socket: created on first use, websocket transport only (no polling
 * fallback: the polling code is not even bundled), authenticated by the session cookie at the
 * handshake, reconnecting with a growing delay. One per session: another user's socket is closed first.
 */
function acquireSocket(userId: number): RealtimeSocket {
  if (connection && connection.userId !== userId) closeRealtime();
  if (!connection) {
    const socket: RealtimeSocket = io({
      path: REALTIME_PATH,
      transports: [WebSocket],
      withCredentials: true,
      reconnectionDelay: 1_000,
      reconnectionDelayMax: 10_000,
    });
    const handleChange = () => {
      if (connection?.socket === socket) publish({ socket, status: statusOf(socket), resyncs: state.resyncs });
    };
    socket.on('connect', handleChange);
    socket.on('disconnect', handleChange);
    socket.on('connect_error', handleChange);
    onRealtime(socket, 'realtime.resync', () => {
      if (connection?.socket === socket) publish({ ...state, resyncs: state.resyncs + 1 });
    });
    connection = { userId, socket, holders: 0, closeTimer: null };
    publish({ socket, status: statusOf(socket), resyncs: state.resyncs });
  }
  if (connection.closeTimer) clearTimeout(connection.closeTimer);
  connection.closeTimer = null;
  connection.holders += 1;
  return connection.socket;
}

function releaseSocket(socket: RealtimeSocket): void {
  const current = connection;
  if (!current || current.socket !== socket) return;
  current.holders -= 1;
  if (current.holders > 0) return;
  current.closeTimer = setTimeout(() => {
    if (connection === current && current.holders === 0) closeRealtime();
  }, RELEASE_DELAY_MS);
}

/** Closes the session's socket now (sign-out); the next holder opens a new one. */
export function closeRealtime(): void {
  if (!connection) return;
  const { socket, closeTimer } = connection;
  if (closeTimer) clearTimeout(closeTimer);
  connection = null;
  socket.removeAllListeners();
  socket.disconnect();
  publish({ socket: null, status: 'connecting', resyncs: state.resyncs });
}

/** Emits a client event with its typed payload (dropped while disconnected: holders re-emit once connected). */
export function emitRealtime<E extends ClientEventName>(socket: RealtimeSocket, event: E, payload: ClientEventPayload<E>): void {
  if (!socket.connected) return;
  (socket.emit as (name: E, body: ClientEventPayload<E>) => void)(event, payload);
}

/**
 * Listens to a server event; payloads that do not match the contract's schema are ignored.
 * Answers the function that stops listening.
 */
export function onRealtime<E extends ServerEventName>(
  socket: RealtimeSocket,
  event: E,
  handler: (payload: ServerEventPayload<E>) => void,
): () => void {
  const schema = serverEvents[event];
  const listener = (payload: unknown) => {
    const parsed = schema.safeParse(payload);
    if (parsed.success) handler(parsed.data as ServerEventPayload<E>);
  };
  (socket.on as (name: E, listener: (payload: unknown) => void) => void)(event, listener);
  return () => {
    (socket.off as (name: E, listener: (payload: unknown) => void) => void)(event, listener);
  };
}

function subscribe(listener: () => void): () => void {
  stateListeners.add(listener);
  return () => stateListeners.delete(listener);
}

/**
 * Holds the signed-in user's socket while the component is mounted; the socket closes a moment
 * after its last holder unmounts, hence at sign-out. Rooms are lost when a connection drops and
 * events may be missed meanwhile: holders subscribe and fetch again each time `status` turns to
 * connected, and each time `resyncs` grows.
 */
export function useRealtime(userId: number): RealtimeState {
  useEffect(() => {
    const held = acquireSocket(userId);
    return () => releaseSocket(held);
  }, [userId]);
  return useSyncExternalStore(subscribe, () => state);
}
