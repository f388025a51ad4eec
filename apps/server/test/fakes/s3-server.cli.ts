// Starts the fake S3 store (s3rver behind the POST-policy front) for browser tests and manual runs:
//   npx tsx apps/server/test/fakes/s3-server.cli.ts [port] [bucket]
// Prints the variables to give the server; stops on SIGINT or SIGTERM, removing the objects' folder.
import { startTestS3Server } from './s3-server.js';

const port = Number(process.argv[2] ?? 0);
const bucket = process.argv[3];
const fake = await startTestS3Server({ port, ...(bucket === undefined ? {} : { bucket }) });
console.log(
  Object.entries(fake.env)
    .map(([name, value]) => `${name}=${value}`)
    .join(' '),
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void fake.close().then(() => process.exit(0)));
}
