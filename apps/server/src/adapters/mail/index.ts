import path from 'node:path';
import type { Env } from '#platform/config/env.js';
import type { MailSender } from './mail-sender.js';
import { createOutboxMailSender } from './outbox-mail.js';
import { createSmtpMailSender } from './smtp-mail.js';

export { createOutboxMailSender } from './outbox-mail.js';
export { createSmtpMailSender } from './smtp-mail.js';
export * from './mail-sender.js';

type MailEnv = Pick<Env, 'SMTP_URL' | 'MAIL_FROM' | 'SMTP_TIMEOUT_MS' | 'dataDir'>;

/** The folder of the embedded sender's `.eml` files. */
export function outboxDirectory(env: Pick<Env, 'dataDir'>): string {
  return path.join(env.dataDir, 'outbox');
}

/** SMTP when SMTP_URL is set, else `.eml` files in DATA_DIR/outbox. */
export function createMailSender(env: MailEnv): MailSender {
  if (env.SMTP_URL) return createSmtpMailSender({ url: env.SMTP_URL, from: env.MAIL_FROM, timeoutMs: env.SMTP_TIMEOUT_MS });
  return createOutboxMailSender({ directory: outboxDirectory(env), from: env.MAIL_FROM });
}
