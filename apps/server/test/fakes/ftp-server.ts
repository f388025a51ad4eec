import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FtpSrv } from 'ftp-srv';

/**
 * A real FTP server (ftp-srv) on 127.0.0.1 and a free port, in plain (AUTH TLS answered 502, so
 * a client that tries TLS first falls back), with one user whose sign-in opens a temporary
 * folder. Passive data connections (EPSV and PASV) listen on a free port each, announced as
 * 127.0.0.1. `connections()` counts the control connections accepted.
 */
export type TestFtpServer = {
  port: number;
  /** The folder the files land in. */
  root: string;
  connections: () => number;
  /** Ends every connection and stops; removes `root`. */
  close: () => Promise<void>;
};

/** ftp-srv logs through bunyan by default; the fake says nothing. */
const silentLog = {
  child: () => silentLog,
  trace: () => undefined,
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  fatal: () => undefined,
};

const SIGNALS = ['SIGTERM', 'SIGINT', 'SIGQUIT'] as const;

export async function startTestFtpServer(options: { user: string; password: string }): Promise<TestFtpServer> {
  const root = await mkdtemp(path.join(tmpdir(), 'ftp-fake-'));
  // ftp-srv listens to the process's signals to stop (and exit) by itself: the listeners its
  // constructor adds are taken off again at close, so that only the test's own process decides.
  const before = new Map(SIGNALS.map((signal) => [signal, new Set(process.listeners(signal))]));
  const server = new FtpSrv({ url: 'ftp://127.0.0.1:0', pasv_url: '127.0.0.1', anonymous: false, log: silentLog });
  const signalListeners = SIGNALS.flatMap((signal) =>
    process.listeners(signal).flatMap((listener) => (before.get(signal)?.has(listener) ? [] : [{ signal, listener }])),
  );
  // A free port for each passive connection, chosen by the system, rather than a range to scan.
  (server as unknown as { getNextPasvPort: () => Promise<number> }).getNextPasvPort = () => Promise.resolve(0);
  let connections = 0;
  server.addListener('connect', () => {
    connections += 1;
  });
  server.on('login', ({ username, password }, resolve, reject) => {
    if (username === options.user && password === options.password) resolve({ root });
    else reject(new Error('Invalid user name or password'));
  });
  server.on('client-error', () => undefined);
  await server.listen();
  const { port } = (server as unknown as { server: { address(): AddressInfo } }).server.address();
  return {
    port,
    root,
    connections: () => connections,
    close: async () => {
      await server.close();
      for (const { signal, listener } of signalListeners) process.removeListener(signal, listener);
      await rm(root, { recursive: true, force: true });
    },
  };
}
