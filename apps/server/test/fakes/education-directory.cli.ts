// Starts the fake education directory for browser tests and manual runs:
//   npx tsx apps/server/test/fakes/education-directory.cli.ts [port] [slowMs]
// Prints the base URL to put in EDUCATION_DIRECTORY_URL; stops on SIGINT or SIGTERM.
// Modes switch with: curl -X POST http://127.0.0.1:{port}/__control/mode/{normal|empty|slow|error|rate-limited|garbage|wrong-shape}
import { startFakeEducationDirectory } from './education-directory.js';

const port = Number(process.argv[2] ?? 0);
const slowMs = process.argv[3] === undefined ? undefined : Number(process.argv[3]);
const fake = await startFakeEducationDirectory({ port, slowMs });
console.log(fake.url);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void fake.close().then(() => process.exit(0)));
}
