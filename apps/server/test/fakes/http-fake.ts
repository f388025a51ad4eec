import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/** Answers JSON, as the documented services do. */
export function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  response.end(JSON.stringify(body));
}

/** A request's JSON body; undefined when it is not JSON. */
export async function readJsonBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return undefined;
  }
}

/** Runs `answer` after `delayMs` unless the client has left meanwhile; `closeFake` drops the pending ones. */
export function answerAfter(response: ServerResponse, delayMs: number, timers: Set<NodeJS.Timeout>, answer: () => void): void {
  const timer = setTimeout(() => {
    timers.delete(timer);
    if (!response.destroyed) answer();
  }, delayMs);
  timers.add(timer);
}

/**
 * Answers in the failure modes the fakes share: `down` a 503 text, `garbage` an HTML maintenance
 * page, `slow` `answer` after `slow.delayMs`; in any other mode `answer` at once.
 */
export function answerInMode(
  response: ServerResponse,
  mode: string,
  answer: () => void,
  slow: { delayMs: number; timers: Set<NodeJS.Timeout> },
): void {
  switch (mode) {
    case 'down':
      response.writeHead(503, { 'content-type': 'text/plain' });
      response.end('Service Unavailable');
      return;
    case 'garbage':
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html><body>Maintenance</body></html>');
      return;
    case 'slow':
      return answerAfter(response, slow.delayMs, slow.timers, answer);
    default:
      return answer();
  }
}

/** Starts a fake's server on `port` (0: a free one) and answers its origin and port. */
export async function listenFake(
  server: Server,
  options: { port?: number; host?: string },
): Promise<{ origin: string; port: number }> {
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
