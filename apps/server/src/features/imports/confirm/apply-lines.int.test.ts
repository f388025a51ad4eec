import { imports } from '@console/contract';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '#test/context.js';
import { buildSchool, buildUser } from '#test/factories.js';
import type { DatabaseHandle } from '#platform/db/client.js';
import { AppError } from '#platform/errors/app-error.js';
import type { PlannedCreate } from '../plan.js';
import { checkLinesInParts } from './apply-lines.js';

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

/** A planned new user of a file's line: only its login matters to the check. */
const creating = (line: number, login: string) => ({ kind: 'create', line, fields: { login } }) as PlannedCreate;

describe('checkLinesInParts', () => {
  it('names every stale line of every part, in line order, and passes a plan the school still allows', async () => {
    const { uai } = await buildSchool(handle.db, { name: 'Collège Jean Moulin' });
    const lines = Array.from({ length: 25 }, (_unused, index) => creating(index + 2, `partie.${index + 1}`));
    await checkLinesInParts(handle.db, uai, lines, 10);
    // Taken since the verification: a login in the first part and one in the third.
    for (const login of ['partie.3', 'partie.24']) await buildUser(handle.db, randomBytes(32), { profile: 'Eleve', uai, login });
    const error = await checkLinesInParts(handle.db, uai, lines, 10).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      code: 'conflict',
      details: { reason: 'import_stale', params: { count: 2 } },
      extra: {
        errors: [
          { msg: imports.IMPORT_ERRORS.loginTaken, line: 4, params: { login: 'partie.3' } },
          { msg: imports.IMPORT_ERRORS.loginTaken, line: 25, params: { login: 'partie.24' } },
        ],
      },
    });
  });
});
