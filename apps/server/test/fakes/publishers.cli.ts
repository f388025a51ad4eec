// Starts the fake publishers (Edulib and Le Livre Scolaire) for browser tests and manual runs:
//   npx tsx apps/server/test/fakes/publishers.cli.ts [port] [slowMs]
// Prints the variables to give the server; stops on SIGINT or SIGTERM.
// Modes switch with: curl -X POST 'http://127.0.0.1:{port}/__control/mode/{ok|some-errors|down|slow|garbage}[?publisher=edulib]'
import { startFakePublishers } from './publishers.js';

const port = Number(process.argv[2] ?? 0);
const slowMs = process.argv[3] === undefined ? undefined : Number(process.argv[3]);
const fake = await startFakePublishers({ port, slowMs });
console.log(
  `EDULIB_API_URL=${fake.edulibUrl} EDULIB_API_KEY=${fake.keys.edulib} LLS_API_URL=${fake.llsUrl} LLS_API_KEY=${fake.keys.lls}`,
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void fake.close().then(() => process.exit(0)));
}
