// Many Socket.IO clients in their own thread (their own heap), so that the caller measures the
// server's heap only. Each client connects with its cookie, prepares its school and asks for it,
// as the tracker does; the thread reports once every client has its school's data, then holds
// the connections until told to close them.
import { parentPort, workerData } from 'node:worker_threads';
import { io } from 'socket.io-client';

const { base, path, clients, concurrency } = workerData;
const sockets = [];
let failures = 0;

async function openClient({ cookie, uai }) {
  const socket = io(base, { path, transports: ['websocket'], extraHeaders: { cookie }, reconnection: false });
  sockets.push(socket);
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), 30_000);
    socket.once('connect_error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.once('workflow.uai.data', () => {
      clearTimeout(timer);
      resolve();
    });
    socket.once('workflow.ready', () => socket.emit('workflow.uai', { uai, userId: 0 }));
    socket.once('connect', () => socket.emit('workflow.prepare', { uais: [uai] }));
  }).catch(() => failures++);
}

let next = 0;
async function lane() {
  while (next < clients.length) await openClient(clients[next++]);
}
const started = performance.now();
await Promise.all(Array.from({ length: concurrency }, lane));
parentPort.postMessage({
  kind: 'connected',
  connected: sockets.filter((socket) => socket.connected).length,
  failures,
  ms: performance.now() - started,
});
parentPort.once('message', () => {
  for (const socket of sockets) socket.close();
  parentPort.postMessage({ kind: 'closed' });
});
