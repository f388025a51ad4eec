import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { JsonList, jsonAnswer } from './json-answer.js';

const bodyText = async (body: Buffer | Readable) => (Buffer.isBuffer(body) ? body.toString('utf8') : text(body));

describe('jsonAnswer', () => {
  it('sends a small answer as the bytes of its JSON', async () => {
    const answer = { importNumber: 3, users: [{ login: 'zoé’s' }], skipped: undefined };
    const body = jsonAnswer(answer);
    expect(Buffer.isBuffer(body)).toBe(true);
    expect(await bodyText(body)).toBe(JSON.stringify(answer));
  });

  it('streams an answer holding a long list, in parts, with the same text as JSON.stringify', async () => {
    const users = Array.from({ length: 2501 }, (_unused, index) => ({ line: index + 2, login: `élève’${index}`, note: null }));
    const answer = { importNumber: 7, users, empty: [], skipped: undefined, counts: { create: 2501 } };
    const body = jsonAnswer(answer);
    expect(body).toBeInstanceOf(Readable);
    const parts: Buffer[] = [];
    for await (const part of body as Readable) parts.push(part as Buffer);
    // The list goes out a thousand users at a time, never as one piece.
    expect(Math.max(...parts.map((part) => part.length))).toBeLessThan(Buffer.byteLength(JSON.stringify(users)) / 2);
    expect(Buffer.concat(parts).toString('utf8')).toBe(JSON.stringify(answer));
  });

  it('writes a long list that is the first or the only property', async () => {
    const list = Array.from({ length: 1001 }, (_unused, index) => index);
    expect(await bodyText(jsonAnswer({ list }))).toBe(JSON.stringify({ list }));
    expect(await bodyText(jsonAnswer({ list, after: 'x' }))).toBe(JSON.stringify({ list, after: 'x' }));
  });

  it('sends a list written while it was made as the same text, and JSON.stringify reads it alike', async () => {
    for (const length of [0, 1, 1000, 2501]) {
      const users = Array.from({ length }, (_unused, index) => ({ line: index + 2, login: `élève’${index}`, note: null }));
      const written = new JsonList<(typeof users)[number]>();
      for (const user of users) written.push(user);
      const answer = { importNumber: 7, users, counts: { create: length } };
      expect(await bodyText(jsonAnswer({ ...answer, users: written }))).toBe(JSON.stringify(answer));
      expect(JSON.stringify({ ...answer, users: written })).toBe(JSON.stringify(answer));
    }
  });
});
