// The sending end of the uploads bench, in its own thread, so that the server's event loop (on
// the main thread) carries only the server's work, as it does when a browser uploads. Holds the
// file (`workerData.bytes`); for each message ({ url, fields }) it posts the ticket's fields then
// the file as multipart/form-data, the bytes a browser's FormData puts on the wire, and answers
// { status, ms }: the time from the post to the answer's end (status 0 and `error` when the post
// failed). It writes the body to the socket with node:http, as a browser's network stack (native
// code) does, rather than with Node's fetch and FormData: those turn the file into a web stream
// of small chunks in JavaScript, which cost this thread more than the server's whole receiving
// end does, so they measured the client. What a real browser adds is measured apart, in Chromium.
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const file = Buffer.from(workerData.bytes);

/** The body's head (each field, then the file part's headers) and tail, as FormData writes them. */
function multipartAround(fields) {
  const boundary = `----formdata-bench-${randomBytes(8).toString('hex')}`;
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const fileHeaders =
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${workerData.fileName}"\r\n` +
    `Content-Type: ${workerData.contentType}\r\n\r\n`;
  return { boundary, head: Buffer.from(parts.join('') + fileHeaders), tail: Buffer.from(`\r\n--${boundary}--\r\n`) };
}

parentPort.on('message', ({ url, fields }) => {
  const { boundary, head, tail } = multipartAround(fields);
  const started = performance.now();
  const failed = (error) => parentPort.postMessage({ status: 0, ms: Number.NaN, error: String(error) });
  const post = request(
    url,
    {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': head.length + file.length + tail.length,
      },
    },
    (answer) => {
      answer.resume();
      answer.once('end', () => parentPort.postMessage({ status: answer.statusCode, ms: performance.now() - started }));
      answer.once('error', failed);
    },
  );
  post.once('error', failed);
  post.write(head);
  post.write(file);
  post.end(tail);
});
parentPort.postMessage({ ready: true });
