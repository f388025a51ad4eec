import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { TransferError } from './transfer-error.js';

/** A local port nothing listens on: one a server was given, then closed. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A TCP server on a local port, with its connections counted and destroyed at close. */
export type LocalServer = {
  port: number;
  /** Connections accepted so far. */
  connections: () => number;
  /** Connections still open: 0 once every client hung up. */
  openConnections: () => number;
  close: () => Promise<void>;
};

/** Listens on `host` (default 127.0.0.1) and `port` (default any free one), handing each connection to `onSocket`. */
export async function startLocalServer(
  onSocket: (socket: Socket) => void,
  { host = '127.0.0.1', port = 0 }: { host?: string; port?: number } = {},
): Promise<LocalServer> {
  const sockets = new Set<Socket>();
  let connections = 0;
  const server: Server = createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    onSocket(socket);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => connections,
    openConnections: () => sockets.size,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * A server that accepts connections, reads what comes (so that it sees a client hang up), and
 * never says a word: a client waiting on it times out.
 */
export function startSilentServer(): Promise<LocalServer> {
  return startLocalServer((socket) => socket.resume());
}

/** The failure a TransferError carries, 'succeeded', or the unexpected error itself. */
export async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
    return 'succeeded';
  } catch (error) {
    return error instanceof TransferError ? error.failure : error;
  }
}

/** The TransferError a promise rejects with; throws when it resolves or rejects with anything else. */
export async function transferErrorOf(promise: Promise<unknown>): Promise<TransferError> {
  const outcome = await promise.then(
    () => new Error('the transfer succeeded'),
    (error: unknown) => error,
  );
  if (outcome instanceof TransferError) return outcome;
  throw outcome;
}
