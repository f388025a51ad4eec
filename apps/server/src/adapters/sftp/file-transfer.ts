import { createAddressGuard, resolveCheckedAddress, systemLookup, type Lookup } from './address-guard.js';
import { checkServer, checkTarget, type Connection, type TransferWork } from './connection.js';
import { runFtpSession } from './ftp-transfer.js';
import { runSftpSession } from './sftp-transfer.js';

export { TransferError, type TransferFailure } from './transfer-error.js';

/** The protocols a school's server may speak. */
export type TransferProtocol = 'sftp' | 'ftp';

/** A school's server, as its administrator names it. */
export type TransferServer = {
  protocol: TransferProtocol;
  /** A host name or an IP literal, without scheme nor port. */
  host: string;
  port: number;
  user: string;
  password: string;
};

/** What a successful connection saw. */
export type TransferSession = {
  /** SFTP: the server host key's fingerprint, 'SHA256:' + unpadded base64 of sha256 of the raw key blob (as OpenSSH prints it); FTP: null. */
  hostKey: string | null;
  /** SFTP: true; FTP: true when the session used TLS (explicit AUTH TLS), false when the password went in clear. */
  secure: boolean;
};

/** How a connection checks the server it reaches. */
export type TransferOptions = {
  /** The fingerprint pinned at a previous connection: a different key is refused with TransferError('host_key_changed') BEFORE the password is sent. null/undefined: any key is accepted and reported in the session. */
  pinnedHostKey?: string | null;
};

/**
 * Reaching a school's SFTP or FTP server, to test it or to leave a file there. Every connection
 * first resolves the host and refuses internal addresses (address-guard.ts), then connects to
 * the address it checked, never to the name again.
 */
export type FileTransfer = {
  /** Connects, signs in, disconnects. Throws TransferError, and RangeError for a port outside 1–65535. */
  ping(server: TransferServer, options?: TransferOptions): Promise<TransferSession>;
  /**
   * Connects, signs in, creates `directory` if missing (relative to the login folder, or
   * absolute; '' or '.' for the login folder itself), writes `fileName` in it with exactly
   * `bytes`, disconnects. The file is written in place under its final name, in one put (SFTP) or
   * STOR (FTP), not under a temporary name renamed afterwards: drop-box servers such as Apple's
   * may refuse renames or take any file that appears; a file of the same name is replaced.
   * Throws TransferError, and RangeError when `fileName` is not a plain file name, `directory`
   * holds a control character or the port is outside 1–65535 (a caller's mistake, found before
   * connecting).
   */
  upload(
    server: TransferServer,
    target: { directory: string; fileName: string; bytes: Buffer },
    options?: TransferOptions,
  ): Promise<TransferSession>;
};

/** How the file transfer is set up. */
export type FileTransferConfig = {
  /** Addresses or CIDR ranges (IPv4 or IPv6, such as '127.0.0.1' or '10.0.0.0/8') an operator allows although private. */
  allowedAddresses: readonly string[];
  /** Limit of each step (DNS, connection, sign-in, each transfer step). */
  timeoutMs: number;
  /** DNS resolution, for tests; default node:dns/promises lookup with {all: true}. */
  lookup?: (host: string) => Promise<{ address: string; family: number }[]>;
};

/**
 * The file transfer over SFTP (ssh2-sftp-client) and FTP (basic-ftp, explicit TLS when the server
 * offers it). Throws RangeError when an entry of `allowedAddresses` is neither an IP address nor
 * a CIDR range.
 */
export function createFileTransfer(config: FileTransferConfig): FileTransfer {
  const guard = createAddressGuard(config.allowedAddresses);
  const lookup: Lookup = config.lookup ?? systemLookup;
  const run = async (server: TransferServer, options: TransferOptions | undefined, work: TransferWork | null) => {
    checkServer(server);
    const address = await resolveCheckedAddress(server.host, { guard, lookup, timeoutMs: config.timeoutMs });
    const connection: Connection = {
      server,
      address,
      timeoutMs: config.timeoutMs,
      pinnedHostKey: options?.pinnedHostKey ?? null,
    };
    return server.protocol === 'sftp' ? runSftpSession(connection, work) : runFtpSession(connection, work);
  };
  return {
    ping: (server, options) => run(server, options, null),
    upload: async (server, target, options) => {
      checkTarget(target);
      return run(server, options, { directory: target.directory, fileName: target.fileName, bytes: target.bytes });
    },
  };
}
