/**
 * How a connection to a school's server failed:
 * - `offline`: the name does not resolve, the connection is refused or lost, the server answers
 *   outside its protocol, refuses a step (a folder, a file), or its TLS certificate is not valid;
 * - `timeout`: a step (name resolution, connection, sign-in, a transfer step) got no answer in time;
 * - `invalid_credentials`: the server refused the user name or password;
 * - `address_refused`: the name resolves to an internal address that the configuration does not allow;
 * - `host_key_changed`: the SFTP server's key is not the one pinned at an earlier connection.
 */
export type TransferFailure = 'offline' | 'timeout' | 'invalid_credentials' | 'address_refused' | 'host_key_changed';

/**
 * The one error the file transfer throws. `message` is English, for logs, and never holds the
 * password; `failure` is what a caller turns into the reason the user reads.
 */
export class TransferError extends Error {
  constructor(
    readonly failure: TransferFailure,
    message: string,
  ) {
    super(message);
    this.name = 'TransferError';
  }
}

/**
 * `text` (a server's reply, a library's message) made fit for a TransferError's message: the
 * password replaced wherever it appears, one line, at most 200 characters.
 */
export function redacted(text: string, password: string): string {
  const hidden = password === '' ? text : text.split(password).join('***');
  const line = hidden.replace(/\s+/g, ' ').trim();
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}
