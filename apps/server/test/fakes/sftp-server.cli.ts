// Starts the fake SFTP server for browser tests and manual runs:
//   npx tsx apps/server/test/fakes/sftp-server.cli.ts [port] [user] [password]
// The user and password default to SFTP_FAKE_USER and SFTP_FAKE_PASSWORD, then 'asm' and 'asm-password'.
// Prints one line of JSON, {"port":…,"root":…,"hostKey":…} (root: the folder the files land in;
// hostKey: the key's SHA256 fingerprint); stops on SIGINT or SIGTERM, removing that folder.
import { startTestSftpServer } from './sftp-server.js';

const port = Number(process.argv[2] ?? 0);
const user = process.argv[3] ?? process.env.SFTP_FAKE_USER ?? 'asm';
const password = process.argv[4] ?? process.env.SFTP_FAKE_PASSWORD ?? 'asm-password';
const fake = await startTestSftpServer({ port, user, password });
console.log(JSON.stringify({ port: fake.port, root: fake.root, hostKey: fake.hostKey }));
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void fake.close().then(() => process.exit(0)));
}
