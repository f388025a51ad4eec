import { sheets as contract } from '@console/contract';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, injectAs, requestOf, type TestContext } from '#test/context.js';
import { arrangeTwoSchools, buildManyUsers } from '#test/users-factories.js';
import { countPages } from './sheets.test-support.js';

/**
 * Issue 31 §7: 1,000 sheets took 5 to 9 s behind one toast. While they are drawn, the caller can
 * ask how many are; the drawing paces with the reader, so a download not read yet holds it
 * part way, where the count is read.
 */

let t: TestContext;
let home: string;
let cookies: Awaited<ReturnType<typeof arrangeTwoSchools>>['cookies'];
let pupilIds: number[];

const SHEETS = 1000;

beforeAll(async () => {
  t = await createTestContext();
  ({ home, cookies } = await arrangeTwoSchools(t));
  pupilIds = await buildManyUsers(t.db, t.env.encryptionKey, { uai: home, count: SHEETS });
});
afterAll(() => t.close());

async function progressOf(cookie: string): Promise<contract.SheetsProgress> {
  const response = await injectAs(t.app, cookie, { ...requestOf(contract.getSheetsProgress), query: { uai: home } });
  expect(response.statusCode, response.body).toBe(200);
  return contract.sheetsProgressSchema.parse(response.json());
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('GET /sheets/progress', () => {
  it('counts the sheets drawn of a download under way, for its caller only, then nothing once all are drawn', async () => {
    expect(await progressOf(cookies.direction)).toEqual({ running: false, drawn: 0, total: 0 });
    const response = await injectAs(t.app, cookies.direction, {
      ...requestOf(contract.generateSheets, { type: 'deploy' }),
      payload: { uai: home, list: pupilIds },
      payloadAsStream: true,
    });
    expect(response.statusCode).toBe(200);

    // Not read yet: the drawing goes on until a megabyte waits, then holds; the count stops moving.
    let seen = await progressOf(cookies.direction);
    for (let settled = 0; settled < 3;) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const next = await progressOf(cookies.direction);
      settled = next.drawn === seen.drawn && next.drawn > 0 ? settled + 1 : 0;
      seen = next;
    }
    expect(seen.running).toBe(true);
    expect(seen.total).toBe(SHEETS);
    expect(seen.drawn).toBeGreaterThan(0);
    expect(seen.drawn).toBeLessThan(SHEETS);
    expect(await progressOf(cookies.manager)).toMatchObject({ running: false });

    const pdf = await readAll(response.stream());
    expect(countPages(pdf)).toBe(SHEETS);
    expect(await progressOf(cookies.direction)).toEqual({ running: false, drawn: 0, total: 0 });
  });
});
