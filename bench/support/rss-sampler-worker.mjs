// Samples the process' resident memory every few milliseconds from its own thread, so that the
// peak is seen even while the main thread runs a long synchronous step. Answers the peak (bytes)
// to any message, and stops.
import { parentPort } from 'node:worker_threads';

let peak = process.memoryUsage.rss();
const timer = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage.rss());
}, 5);

parentPort.once('message', () => {
  clearInterval(timer);
  parentPort.postMessage(Math.max(peak, process.memoryUsage.rss()));
});
parentPort.postMessage('started');
