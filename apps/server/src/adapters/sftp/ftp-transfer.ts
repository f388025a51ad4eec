import { isIP } from 'node:net';
import { Readable } from 'node:stream';
import type { ConnectionOptions } from 'node:tls';
import { Client, FTPError } from 'basic-ftp';
import { labelOf, remoteDirectoryOf, type Connection, type TransferWork } from './connection.js';
import { withinTime } from './deadline.js';
import type { TransferSession } from './file-transfer.js';
import { redacted, TransferError } from './transfer-error.js';

/** Replies to USER or PASS that refuse the credentials (430 is a common extension of RFC 959's 530). */
const CREDENTIALS_REFUSED = new Set([430, 530]);
/** "Service not available, closing control connection": the server is going away, not refusing TLS. */
const CLOSING = 421;

/**
 * One FTP session (basic-ftp), always on the checked address:
 * - TLS first: the control connection asks AUTH TLS, checking the certificate against the host
 *   name the administrator gave (`servername`), not the address connected to. When the server
 *   answers AUTH TLS with a refusal (500, 502, 504, 534… any negative reply but 421), the
 *   connection is closed and made again in plain, and the session says `secure: false`; a TLS
 *   handshake that fails, a certificate that is not valid, is `offline`: never a downgrade then.
 * - Passive data connections go to the control connection's address, never to the address a
 *   PASV reply announces (basic-ftp's `allowSeparateTransferHost: false`: EPSV carries a port
 *   only, and a PASV reply naming another host is refused rather than followed).
 * Each step is limited by `timeoutMs` (`withinTime`, which also covers the TLS handshake that
 * basic-ftp's own per-command timeout leaves unlimited); the transfer by `timeoutMs` without
 * progress. Throws TransferError.
 */
export async function runFtpSession(connection: Connection, work: TransferWork | null): Promise<TransferSession> {
  const { client, secure } = await signIn(connection);
  try {
    if (work) await write(client, work, connection);
    return { hostKey: null, secure };
  } finally {
    client.close();
  }
}

/** A signed-in client, over TLS when the server takes AUTH TLS. Throws TransferError. */
async function signIn(connection: Connection): Promise<{ client: Client; secure: boolean }> {
  const { server, timeoutMs } = connection;
  const label = labelOf(server);
  let client = await connect(connection);
  let secure = true;
  let action = 'start TLS';
  try {
    const tlsRefused = await withinTime(
      `Starting TLS with ${label}`,
      timeoutMs,
      () => client.close(),
      async () => {
        try {
          await client.useTLS(tlsOptionsOf(server.host));
          return false;
        } catch (error) {
          if (error instanceof FTPError && error.code !== CLOSING) return true;
          throw error;
        }
      },
    );
    if (tlsRefused) {
      client.close();
      secure = false;
      client = await connect(connection);
    }
    const signedIn = client;
    action = 'sign in';
    await withinTime(
      `Signing in to ${label}`,
      timeoutMs,
      () => signedIn.close(),
      async () => {
        await signedIn.sendIgnoringError('OPTS UTF8 ON');
        await signedIn.login(server.user, server.password);
      },
    );
    return { client, secure };
  } catch (error) {
    client.close();
    throw ftpFailure(error, connection, action);
  }
}

/** A client connected to the checked address, the server's greeting read. Throws TransferError. */
async function connect(connection: Connection): Promise<Client> {
  const { server, address, timeoutMs } = connection;
  const client = new Client(timeoutMs, { allowSeparateTransferHost: false });
  try {
    await withinTime(
      `Connecting to ${labelOf(server)}`,
      timeoutMs,
      () => client.close(),
      () => client.connect(address, server.port),
    );
    return client;
  } catch (error) {
    client.close();
    throw ftpFailure(error, connection, 'connect');
  }
}

/**
 * The TLS options of the control and data connections: the certificate is checked against the
 * host name given (`servername`, also sent as SNI), or against the IP literal given.
 */
function tlsOptionsOf(host: string): ConnectionOptions {
  return isIP(host) ? { host } : { host, servername: host };
}

/** Creates the folder if missing, enters it, and writes the file there. Throws TransferError. */
async function write(client: Client, work: TransferWork, connection: Connection): Promise<void> {
  const { server, timeoutMs } = connection;
  const label = labelOf(server);
  const abort = () => client.close();
  try {
    await withinTime(`Preparing the transfer with ${label}`, timeoutMs, abort, () => client.useDefaultSettings());
  } catch (error) {
    throw ftpFailure(error, connection, 'start a transfer');
  }
  const directory = remoteDirectoryOf(work.directory);
  if (directory !== null) {
    try {
      await withinTime(`Creating the folder ${directory} on ${label}`, timeoutMs, abort, () => client.ensureDir(directory));
    } catch (error) {
      throw ftpFailure(error, connection, `create or enter the folder ${directory}`);
    }
  }
  try {
    await withinTime(`Writing ${work.fileName} on ${label}`, timeoutMs, abort, async (progress) => {
      client.trackProgress(progress);
      await client.uploadFrom(Readable.from(work.bytes), work.fileName);
    });
  } catch (error) {
    throw ftpFailure(error, connection, `write ${work.fileName}`);
  } finally {
    client.trackProgress();
  }
}

/** The TransferError a basic-ftp failure is, `action` saying what was being done ("sign in"). */
function ftpFailure(error: unknown, connection: Connection, action: string): TransferError {
  if (error instanceof TransferError) return error;
  const { server, timeoutMs } = connection;
  const label = labelOf(server);
  const message = redacted(error instanceof Error ? error.message : String(error), server.password);
  if (error instanceof FTPError) {
    if (action === 'sign in' && CREDENTIALS_REFUSED.has(error.code)) {
      return new TransferError('invalid_credentials', `The FTP server ${label} refused the user name or password`);
    }
    return new TransferError('offline', `The FTP server ${label} refused to ${action} (${message})`);
  }
  if (/\bTimeout \((control|data) socket\)/.test(message)) {
    return new TransferError('timeout', `Could not ${action} with ${label}: no answer within ${timeoutMs} ms`);
  }
  const code = (error as { code?: unknown } | null)?.code;
  const detail = typeof code === 'string' && code !== '0' ? code : message;
  return new TransferError('offline', `Could not ${action} with the FTP server ${label} (${detail})`);
}
