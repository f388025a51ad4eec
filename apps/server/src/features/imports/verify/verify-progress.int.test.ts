import { imports } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, injectAs, requestOf, type TestContext } from '#test/context.js';
import { buildSchool, buildSignedInUsers } from '#test/factories.js';
import { postImportFile } from '../imports.test-support.js';

/**
 * Issue 31 §1: the browser shows how far a long verification is. While the caller's file is read
 * and planned (in a worker), the server answers the caller's progress in that school, and nobody
 * else's.
 */

let t: TestContext;
let home: string;
let cookies: Record<'direction' | 'colleague', string>;

const LINES = 4000;
const BIG_FILE = ['Profil;Nom;Prénom;Niveau', ...Array.from({ length: LINES }, (_, index) => `Eleve;Nom${index};Élève;6e`)].join(
  '\n',
);

const progressOf = async (cookie: string): Promise<imports.ImportVerification> => {
  const response = await injectAs(t.app, cookie, { ...requestOf(imports.getImportVerification), query: { uai: home } });
  expect(response.statusCode, response.body).toBe(200);
  return imports.importVerificationSchema.parse(response.json());
};

beforeAll(async () => {
  t = await createTestContext();
  home = (await buildSchool(t.db, { name: 'Collège Jean Moulin', extension: 'moulin' })).uai;
  const signedIn = await buildSignedInUsers(t, {
    direction: { profile: 'Administrateur établissement', uai: home },
    colleague: { profile: 'Administrateur établissement', uai: home },
  });
  cookies = signedIn.cookies;
});
afterAll(() => t.close());

describe('GET /users/batch/verification', () => {
  it('answers nothing running when the caller verifies nothing', async () => {
    expect(await progressOf(cookies.direction)).toEqual({ running: false, phase: null, done: 0, total: 0 });
  });

  it('follows a long verification from its reading to its lines planned, for its author only', async () => {
    let finished = false;
    const verification = postImportFile(
      t,
      cookies.direction,
      { name: 'eleves.csv', bytes: Buffer.from(BIG_FILE, 'utf8') },
      { mode: 'users_initial', uai: home },
    ).finally(() => (finished = true));
    const seen: imports.ImportVerification[] = [];
    const othersSeen: imports.ImportVerification[] = [];
    while (!finished) {
      const progress = await progressOf(cookies.direction);
      if (!finished) seen.push(progress);
      othersSeen.push(await progressOf(cookies.colleague));
      // As the browser asks: now and then, letting the worker's messages (macrotasks) through.
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect((await verification).statusCode).toBe(200);

    // Before the file is received and after the batch is stored, nothing runs; in between, it does.
    const first = seen.findIndex((progress) => progress.running);
    const running = seen.slice(first, seen.findLastIndex((progress) => progress.running) + 1);
    expect(first).toBeGreaterThanOrEqual(0);
    expect(running.every((progress) => progress.running)).toBe(true);
    // Read first, then planned, never beyond the file's lines, never going back.
    const order = running.map((progress) => (progress.phase === 'read' ? 0 : 1) * (LINES + 1) + progress.done);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(running.some((progress) => progress.phase === 'plan')).toBe(true);
    for (const progress of running.filter((entry) => entry.phase === 'plan')) {
      expect(progress.total).toBe(LINES);
      expect(progress.done).toBeLessThanOrEqual(LINES);
    }
    expect(othersSeen.every((progress) => !progress.running)).toBe(true);
    expect(await progressOf(cookies.direction)).toMatchObject({ running: false });
  });

  it('ends with a refused file too', async () => {
    const refused = await postImportFile(
      t,
      cookies.direction,
      { name: 'eleves.csv', bytes: Buffer.from('Profil;Nom;Prénom;Niveau\nEleve;;Zoé;7ème', 'utf8') },
      { mode: 'users_initial', uai: home },
    );
    expect(refused.statusCode).toBe(400);
    expect(await progressOf(cookies.direction)).toMatchObject({ running: false });
  });
});
