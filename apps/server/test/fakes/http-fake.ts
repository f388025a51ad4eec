import type { Server, ServerResponse } from 'node:http';

/** Answers JSON, as the documented services do. */
export function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  response.end(JSON.stringify(body));
}

/** Starts a fake's server on `port` (0: a free one) and answers its origin and port. */
export async function listenFake(server: Server, options: { port?: number; host?: string }): Promise<{ origin: string; port: number }> {
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, resolve);
  });
  const port = (server.address() as { port: number }).port;
  return { origin: `http://${host}:${port}`, port };
}

/** Stops a fake: its pending slow answers, its open connections, then the server. */
export function closeFake(server: Server, timers: Set<NodeJS.Timeout>): Promise<void> {
  for (const timer of timers) clearTimeout(timer);
  timers.clear();
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
}
