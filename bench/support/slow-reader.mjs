// The slow client of the documents bench's archive figure, in a process of its own, so that the
// server's resident memory holds the server alone: a reader in a thread of the server's process
// added its own isolate and buffers (10 to 30 MB) to the growth measured. Given one JSON argument
// ({ url, cookie, body }), it prints 'ready', waits for a line on its input, then posts the body
// and reads the answer 64 KiB at a time with a pause, as a slow network would, and prints
// { status, size, ms } as one JSON line (status 0 and `error` when the post failed).
import { request } from 'node:http';
import { createInterface } from 'node:readline';

const { url, cookie, body } = JSON.parse(process.argv[2]);
const lines = createInterface({ input: process.stdin });

lines.once('line', () => {
  const started = performance.now();
  const answer = (result) => {
    process.stdout.write(`${JSON.stringify({ ...result, ms: performance.now() - started })}\n`);
    lines.close();
  };
  const post = request(
    url,
    { method: 'POST', headers: { cookie, 'content-type': 'application/json', origin: new URL(url).origin } },
    (response) => {
      let size = 0;
      response.on('data', (chunk) => {
        size += chunk.length;
        response.pause();
        setTimeout(() => response.resume(), 1);
      });
      response.on('end', () => answer({ status: response.statusCode, size }));
      response.on('error', (error) => answer({ status: 0, size, error: String(error) }));
    },
  );
  post.on('error', (error) => answer({ status: 0, size: 0, error: String(error) }));
  post.end(body);
});
process.stdout.write('ready\n');
