// A probe in its own thread: another user's requests, sent one after another with a pause between
// them until the main thread says stop, each one's latency kept. The server runs on the main
// thread: while something holds its event loop, the probe's requests wait, and their latencies
// show it.
import { parentPort, workerData } from 'node:worker_threads';

const { urls, headers, pauseMs } = workerData;
const latencies = Object.fromEntries(urls.map((url) => [url, []]));
const statuses = {};
let stopped = false;
parentPort.once('message', () => (stopped = true));

const pause = () => new Promise((resolve) => setTimeout(resolve, pauseMs));

parentPort.postMessage({ started: true });
while (!stopped) {
  for (const url of urls) {
    const started = performance.now();
    let status;
    try {
      const response = await fetch(url, { headers });
      await response.arrayBuffer();
      status = response.status;
    } catch (error) {
      // No answer at all (undici gives up after 300 s without headers): a failure, timed as long as it waited.
      status = error?.cause?.code ?? 'no answer';
    }
    latencies[url].push(performance.now() - started);
    statuses[status] = (statuses[status] ?? 0) + 1;
  }
  await pause();
}
parentPort.postMessage({ latencies, statuses });
