/**
 * Sending one e-mail, whatever carries it: `.eml` files in DATA_DIR/outbox by default, an SMTP
 * server when SMTP_URL is set (see index.ts).
 */
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
};

export type MailSender = {
  kind: 'outbox' | 'smtp';
  /** Hands one message over for delivery. Throws MailUnavailableError when it was not taken. */
  send(message: MailMessage): Promise<void>;
  /** Releases pooled connections; later sends are not expected. */
  close(): Promise<void>;
};

/** The message was not taken: the SMTP server is down, slow or refused it, or the outbox cannot be written. */
export class MailUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MailUnavailableError';
  }
}
