// A load generator in its own thread, so that the server's event loop (measured by the caller)
// carries only the server's work. Sends `concurrency` requests at a time for `durationMs`.
import { parentPort, workerData } from 'node:worker_threads';

const { url, method, headers, bodies, concurrency, durationMs } = workerData;
const latencies = [];
const serverTimes = [];
const statuses = {};
const deadline = performance.now() + durationMs;
let next = 0;

async function loop() {
  while (performance.now() < deadline) {
    const body = bodies ? bodies[next++ % bodies.length] : undefined;
    const started = performance.now();
    const response = await fetch(url, { method, headers, body });
    await response.arrayBuffer();
    latencies.push(performance.now() - started);
    const timing = /dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '');
    if (timing) serverTimes.push(Number(timing[1]));
    statuses[response.status] = (statuses[response.status] ?? 0) + 1;
  }
}

await Promise.all(Array.from({ length: concurrency }, loop));
parentPort.postMessage({ latencies, serverTimes, statuses, seconds: durationMs / 1000 });
