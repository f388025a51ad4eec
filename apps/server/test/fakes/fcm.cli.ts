// Starts the fake FCM (and its OAuth token endpoint) for benchmarks and manual runs:
//   npx tsx apps/server/test/fakes/fcm.cli.ts <service-account-file> [port]
// Writes a service account whose token_uri is the fake's to that file, prints the fake's address
// on a line of its own, counts messages without keeping them; stops on SIGINT or SIGTERM.
import { writeFileSync } from 'node:fs';
import { startFakeFcm } from './fcm.js';

const file = process.argv[2];
if (!file) throw new Error('usage: fcm.cli.ts <service-account-file> [port]');
const fake = await startFakeFcm({ port: Number(process.argv[3] ?? 0), keepReceived: false });
writeFileSync(file, JSON.stringify(fake.serviceAccount));
console.log(fake.url);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void fake.close().then(() => process.exit(0)));
}
