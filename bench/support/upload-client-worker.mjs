// The browser of the uploads bench, in its own thread, so that the server's event loop (on the
// main thread) carries only the server's work, as it does when a browser uploads. Holds the
// file (`workerData.bytes`) as one Blob, made once as a user picks a file once; for each
// message ({ url, fields }) it posts the ticket's fields then the file as multipart/form-data,
// as FormData does, and answers { status, ms }: the time from the post to the answer's end
// (status 0 and `error` when the post failed).
import { parentPort, workerData } from 'node:worker_threads';

const file = new Blob([workerData.bytes], { type: workerData.contentType });

parentPort.on('message', async ({ url, fields }) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', file, workerData.fileName);
  const started = performance.now();
  try {
    const answer = await fetch(url, { method: 'POST', body: form });
    await answer.arrayBuffer();
    parentPort.postMessage({ status: answer.status, ms: performance.now() - started });
  } catch (error) {
    parentPort.postMessage({ status: 0, ms: Number.NaN, error: String(error) });
  }
});
parentPort.postMessage({ ready: true });
