// Starts the fake PNE key-activation service for browser tests and manual runs:
//   npx tsx apps/server/test/fakes/pne.cli.ts [port] [slowMs]
// Prints the variables to give the server; stops on SIGINT or SIGTERM.
// Keys ending in -0000 or containing EXPIRE are refused (a 207 in the console).
// Modes switch with: curl -X POST 'http://127.0.0.1:{port}/__control/mode/{ok|down|slow|garbage}'
import { startFakePne } from './pne.js';

const port = Number(process.argv[2] ?? 0);
const slowMs = process.argv[3] === undefined ? undefined : Number(process.argv[3]);
const fake = await startFakePne({ port, slowMs });
console.log(`PNE_API_URL=${fake.url} PNE_API_KEY=${fake.apiKey}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void fake.close().then(() => process.exit(0)));
}
