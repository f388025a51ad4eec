import type { TransferServer } from './file-transfer.js';

/** One connection to make: the server as named, and the address checked for it (address-guard.ts). */
export type Connection = {
  server: TransferServer;
  /** The IP address the host resolved to and the guard let through: the only one connected to. */
  address: string;
  timeoutMs: number;
  pinnedHostKey: string | null;
};

/** The file an upload leaves; null for a ping. */
export type TransferWork = { directory: string; fileName: string; bytes: Buffer };

// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;
const FILE_NAME_MAX = 255;

/** Throws RangeError when the port is not one a server listens on. */
export function checkServer(server: TransferServer): void {
  if (!Number.isInteger(server.port) || server.port < 1 || server.port > 65_535) {
    throw new RangeError(`The port ${server.port} is outside 1–65535`);
  }
}

/**
 * Throws RangeError when `fileName` is not a plain file name (empty, '.' or '..', a slash or a
 * backslash, a control character, over 255 characters) or `directory` holds a control character.
 */
export function checkTarget(target: { directory: string; fileName: string }): void {
  const { directory, fileName } = target;
  if (
    fileName === '' ||
    fileName === '.' ||
    fileName === '..' ||
    /[/\\]/.test(fileName) ||
    CONTROL_CHARACTER.test(fileName) ||
    fileName.length > FILE_NAME_MAX
  ) {
    throw new RangeError(`The file name ${JSON.stringify(fileName)} is not a plain file name`);
  }
  if (CONTROL_CHARACTER.test(directory)) throw new RangeError('The folder name holds a control character');
}

/**
 * The folder to create and write in, without trailing slashes; null for the login folder itself
 * ('', '.', './').
 */
export function remoteDirectoryOf(directory: string): string | null {
  const trimmed = directory.trim();
  if (trimmed === '' || /^\.\/*$/.test(trimmed)) return null;
  if (/^\/+$/.test(trimmed)) return '/';
  return trimmed.replace(/\/+$/, '');
}

/** `host:port`, to name the server in messages. */
export function labelOf(server: TransferServer): string {
  return server.host.includes(':') ? `[${server.host}]:${server.port}` : `${server.host}:${server.port}`;
}
