import { createHash } from 'node:crypto';
import { Socket } from 'node:net';
import { posix } from 'node:path';
import { Readable } from 'node:stream';
import SftpClient from 'ssh2-sftp-client';
import { labelOf, remoteDirectoryOf, type Connection, type TransferWork } from './connection.js';
import { withinTime } from './deadline.js';
import type { TransferSession } from './file-transfer.js';
import { redacted, TransferError } from './transfer-error.js';

/** Bytes handed to the SFTP write stream at a time: each chunk it takes is progress. */
const CHUNK_BYTES = 64 * 1024;

/** ssh2's errors say where they arose: 'client-socket', 'client-timeout', 'client-authentication'… */
type SshError = Error & { level?: unknown; code?: unknown };

/** What the connection saw of the server, for the session and for the failure's reason. */
type Seen = { hostKey: string | null; keyRefused: boolean; error: SshError | undefined };

const ignore = () => undefined;

/** A host key's fingerprint as OpenSSH prints it: 'SHA256:' and the unpadded base64 of the raw key blob's SHA-256. */
export function hostKeyFingerprint(keyBlob: Buffer): string {
  return `SHA256:${createHash('sha256').update(keyBlob).digest('base64').replace(/=+$/, '')}`;
}

/**
 * One SFTP session (ssh2-sftp-client) with password (or keyboard-interactive) sign-in: connects
 * to the checked address through a socket of its own (so that it is always destroyed at the
 * end, whatever failed), checks the host key against the pinned one during the key exchange,
 * before any password leaves, then writes `work` if any and disconnects. The key exchange and
 * sign-in are limited by ssh2's `readyTimeout`, opening the SFTP channel and each later step by
 * `withinTime`. Throws TransferError.
 */
export async function runSftpSession(connection: Connection, work: TransferWork | null): Promise<TransferSession> {
  const { server, address, timeoutMs, pinnedHostKey } = connection;
  const label = labelOf(server);
  const seen: Seen = { hostKey: null, keyRefused: false, error: undefined };
  const socket = new Socket();
  // ssh2 reports the socket's errors; these listeners keep a late one from being unhandled.
  socket.on('error', ignore);
  const client = new SftpClient('file-transfer', { error: ignore, end: ignore, close: ignore });
  client.on('error', (error: SshError) => {
    seen.error ??= error;
  });
  client.on('keyboard-interactive', (_name, _instructions, _language, prompts: unknown[], finish: (answers: string[]) => void) =>
    finish(prompts.map(() => server.password)),
  );
  const abort = () => socket.destroy();
  try {
    await withinTime(`Connecting to ${label} and signing in`, timeoutMs, abort, async (progress) => {
      client.on('ready', progress);
      socket.connect({ host: address, port: server.port });
      const sftp = await client.connect({
        sock: socket,
        username: server.user,
        password: server.password,
        tryKeyboard: true,
        readyTimeout: timeoutMs,
        hostVerifier: (key: Buffer): boolean => {
          seen.hostKey = hostKeyFingerprint(key);
          seen.keyRefused = pinnedHostKey !== null && seen.hostKey !== pinnedHostKey;
          return !seen.keyRefused;
        },
      });
      sftp.on('error', ignore);
    }).catch((error: unknown) => {
      throw connectionFailure(error, seen, connection);
    });
    if (work) await write(client, work, connection, abort);
    await withinTime(`Disconnecting from ${label}`, timeoutMs, abort, () => client.end()).catch(ignore);
    return { hostKey: seen.hostKey, secure: true };
  } finally {
    socket.destroy();
  }
}

/** Creates the folder if missing, then writes the file in place. Throws TransferError. */
async function write(client: SftpClient, work: TransferWork, connection: Connection, abort: () => void): Promise<void> {
  const { server, timeoutMs } = connection;
  const label = labelOf(server);
  const refused = (what: string) => (error: unknown) => {
    if (error instanceof TransferError) throw error;
    throw new TransferError(
      'offline',
      `The SFTP server ${label} refused to ${what} (${redacted(messageOf(error), server.password)})`,
    );
  };
  const directory = remoteDirectoryOf(work.directory);
  if (directory !== null && directory !== '/') {
    await withinTime(`Creating the folder ${directory} on ${label}`, timeoutMs, abort, () => client.mkdir(directory, true)).catch(
      refused(`create the folder ${directory}`),
    );
  }
  const remotePath = directory === null ? work.fileName : posix.join(directory, work.fileName);
  await withinTime(`Writing ${remotePath} on ${label}`, timeoutMs, abort, (progress) =>
    client.put(chunksOf(work.bytes, progress), remotePath),
  ).catch(refused(`write ${remotePath}`));
}

/** The bytes as a stream of chunks, calling `onChunk` each time the writer takes one. */
function chunksOf(bytes: Buffer, onChunk: () => void): Readable {
  let offset = 0;
  return new Readable({
    read() {
      onChunk();
      const end = Math.min(offset + CHUNK_BYTES, bytes.length);
      this.push(offset < bytes.length ? bytes.subarray(offset, end) : null);
      offset = end;
    },
  });
}

/** The TransferError a failed connection or sign-in is. */
function connectionFailure(error: unknown, seen: Seen, connection: Connection): TransferError {
  const { server, timeoutMs, pinnedHostKey } = connection;
  const label = labelOf(server);
  if (seen.keyRefused) {
    return new TransferError(
      'host_key_changed',
      `The SFTP server ${label} presented the host key ${seen.hostKey}, not the one pinned (${pinnedHostKey})`,
    );
  }
  if (error instanceof TransferError) return error;
  if (seen.error?.level === 'client-timeout') {
    return new TransferError('timeout', `Connecting to ${label} and signing in: no answer within ${timeoutMs} ms`);
  }
  if (seen.error?.level === 'client-authentication') {
    return new TransferError('invalid_credentials', `The SFTP server ${label} refused the user name or password`);
  }
  const cause = seen.error ?? error;
  const code = (cause as { code?: unknown } | undefined)?.code;
  const detail = typeof code === 'string' ? code : redacted(messageOf(cause), server.password);
  return new TransferError('offline', `Could not connect to the SFTP server ${label} (${detail})`);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
