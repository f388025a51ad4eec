import { createTransport } from 'nodemailer';
import { MailUnavailableError, type MailSender } from './mail-sender.js';

/** Connections the pool opens at most: enough for a class's mailing, gentle on a shared relay. */
const MAX_CONNECTIONS = 3;

/**
 * Sends through an SMTP server (`smtp://` with STARTTLS when offered, `smtps://` for implicit
 * TLS; credentials in the URL) over pooled connections. `timeoutMs` bounds the connection, the
 * greeting and every exchange, so that a server that hangs fails the send instead of the request.
 */
export function createSmtpMailSender(options: { url: string; from: string; timeoutMs: number }): MailSender {
  const transport = createTransport({
    pool: true,
    url: options.url,
    maxConnections: MAX_CONNECTIONS,
    connectionTimeout: options.timeoutMs,
    greetingTimeout: options.timeoutMs,
    socketTimeout: options.timeoutMs,
    dnsTimeout: options.timeoutMs,
  });
  return {
    kind: 'smtp',
    async send(message) {
      try {
        await transport.sendMail({ from: options.from, ...message });
      } catch (error) {
        throw new MailUnavailableError(`The SMTP server did not take the message (${describeFailure(error)})`, { cause: error });
      }
    },
    async close() {
      transport.close();
    },
  };
}

/** The failure's code and SMTP reply code, never the URL (it may hold credentials). */
function describeFailure(error: unknown): string {
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  return [typeof code === 'string' ? code : 'error', typeof responseCode === 'number' ? String(responseCode) : null]
    .filter(Boolean)
    .join(' ');
}
