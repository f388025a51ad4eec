import { describe, expect, it } from 'vitest';
import { readTextWithin } from './admin-call.js';

/** A body in chunks, without a Content-Length: the limit is found while reading. */
function streamed(chunks: string[]): Response {
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(stream);
}

describe('readTextWithin', () => {
  it('reads a body up to the limit as UTF-8', async () => {
    expect(await readTextWithin(streamed(['{"nom":', '"Chloé"}']), 16)).toBe('{"nom":"Chloé"}');
    expect(await readTextWithin(new Response(''), 0)).toBe('');
  });

  it('refuses a body past the limit while reading it', async () => {
    expect(await readTextWithin(streamed(['0123456789', '0123456789']), 15)).toBeUndefined();
  });

  it('refuses a body whose Content-Length passes the limit before reading it', async () => {
    let pulled = false;
    const stream = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          pulled = true;
          controller.enqueue(new Uint8Array(10));
          controller.close();
        },
      },
      { highWaterMark: 0 },
    );
    const response = new Response(stream, { headers: { 'content-length': '10' } });
    expect(await readTextWithin(response, 9)).toBeUndefined();
    expect(pulled).toBe(false);
  });
});
