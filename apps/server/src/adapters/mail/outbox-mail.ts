import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTransport } from 'nodemailer';
import { MailUnavailableError, type MailSender } from './mail-sender.js';

let sequence = 0;

/**
 * A file name that sorts in sending order and never collides, even between instances sharing
 * the folder: UTC time to the millisecond, a per-process sequence, random bytes.
 */
export function outboxFileName(now: Date): string {
  const time = now.toISOString().replace(/[-:]/g, '').replace('.', '');
  sequence = (sequence + 1) % 1_000_000;
  return `${time}-${String(sequence).padStart(6, '0')}-${randomBytes(4).toString('hex')}.eml`;
}

/**
 * The embedded mail sender: each message becomes one RFC 5322 file (CRLF line endings) in
 * `directory`, written under a temporary name and then renamed, so that a reader never sees
 * half a message.
 */
export function createOutboxMailSender(options: { directory: string; from: string }): MailSender {
  const composer = createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    kind: 'outbox',
    async send(message) {
      try {
        // Made at each send: whoever empties the outbox may remove the folder too.
        await mkdir(options.directory, { recursive: true });
        const info = await composer.sendMail({ from: options.from, ...message });
        const name = outboxFileName(new Date());
        const temporary = path.join(options.directory, `.${name}.part`);
        await writeFile(temporary, info.message as Buffer, { flag: 'wx', mode: 0o600 });
        await rename(temporary, path.join(options.directory, name));
      } catch (error) {
        throw new MailUnavailableError('The outbox folder cannot be written', { cause: error });
      }
    },
    async close() {
      composer.close();
    },
  };
}
