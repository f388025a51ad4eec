import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createKeepAliveClient, parseJson } from './keep-alive-client.js';

let server: Server | undefined;

async function listen(handler: Parameters<typeof createServer>[1]): Promise<string> {
  server = createServer(handler);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`;
}

afterEach(async () => {
  const open = server;
  server = undefined;
  if (!open) return;
  open.closeAllConnections();
  await new Promise((resolve) => open.close(resolve));
});

describe('createKeepAliveClient', () => {
  it('posts the body with its length and answers status, headers and text over one kept connection', async () => {
    const sockets = new Set<unknown>();
    const seen: { length: string | undefined; body: string; auth: string | undefined }[] = [];
    const url = await listen((request, response) => {
      sockets.add(request.socket);
      let body = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => (body += chunk));
      request.on('end', () => {
        seen.push({ length: request.headers['content-length'], body, auth: request.headers.authorization });
        response.writeHead(429, { 'retry-after': '7', 'content-type': 'application/json' });
        response.end('{"error":{"status":"RESOURCE_EXHAUSTED"}}');
      });
    });
    const client = createKeepAliveClient(url, { maxSockets: 1, timeoutMs: 10_000 });
    for (let round = 0; round < 3; round++) {
      const answer = await client.post({ authorization: 'Bearer a' }, '{"title":"Rentrée"}');
      expect(answer.status).toBe(429);
      expect(answer.header('Retry-After')).toBe('7');
      expect(answer.header('x-none')).toBeNull();
      expect(parseJson<{ error: { status: string } }>(answer.text)?.error.status).toBe('RESOURCE_EXHAUSTED');
    }
    client.close();
    // 'é' is two bytes in UTF-8: the length is the bytes', not the characters'.
    expect(seen).toEqual(Array(3).fill({ length: '20', body: '{"title":"Rentrée"}', auth: 'Bearer a' }));
    expect(sockets.size).toBe(1);
  });

  it('rejects when no answer comes in time, and when nothing listens', async () => {
    const url = await listen(() => {
      // Never answers.
    });
    const client = createKeepAliveClient(url, { maxSockets: 2, timeoutMs: 200 });
    await expect(client.post({}, '{}')).rejects.toThrow(/timeout/i);
    client.close();
    const nobody = createKeepAliveClient('http://127.0.0.1:9/send', { maxSockets: 1, timeoutMs: 10_000 });
    await expect(nobody.post({}, '{}')).rejects.toThrow();
    nobody.close();
  });

  it('reads a body that is not JSON as undefined', () => {
    expect(parseJson('<html>Bad gateway</html>')).toBeUndefined();
  });
});
