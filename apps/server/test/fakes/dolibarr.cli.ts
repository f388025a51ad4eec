// Starts the fake Dolibarr for browser tests and manual runs:
//   npx tsx apps/server/test/fakes/dolibarr.cli.ts [port] [slowMs]
// Prints the variables to give the server; stops on SIGINT or SIGTERM.
// Control: curl -X POST 'http://127.0.0.1:{port}/__control/mode/{ok|slow|down}'
//          curl -X PUT -d '{"status":2}' 'http://127.0.0.1:{port}/__control/proposals/{uai}'
import { startFakeDolibarr } from './dolibarr.js';

const port = Number(process.argv[2] ?? 0);
const slowMs = process.argv[3] === undefined ? undefined : Number(process.argv[3]);
const fake = await startFakeDolibarr({ port, slowMs });
console.log(`DOLIBARR_URL=${fake.url} DOLIBARR_API_KEY=${fake.apiKey}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void fake.close().then(() => process.exit(0)));
}
