import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server (smtp-server) on a free local port, keeping every message it accepts.
 * Plain SMTP without authentication (STARTTLS is not offered, so that the client needs no
 * certificate); the recipients given to `refuseRecipients` get a temporary failure (451), as a
 * relay that stops taking mail would answer. `onMessage` runs as each message is accepted.
 */
export type ReceivedMail = { from: string | null; to: string[]; raw: string };

export type TestSmtpServer = {
  /** To put in SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  refuseRecipients: (addresses: string[]) => void;
  close: () => Promise<void>;
};

export async function startTestSmtpServer(options: { onMessage?: (mail: ReceivedMail) => void } = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const refused = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 100,
    onRcptTo(address, _session, callback) {
      if (!refused.has(address.address.toLowerCase())) return callback();
      callback(Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : null;
        const mail = {
          from,
          to: session.envelope.rcptTo.map((address) => address.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        received.push(mail);
        options.onMessage?.(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseRecipients: (addresses) => {
      refused.clear();
      for (const address of addresses) refused.add(address.toLowerCase());
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
