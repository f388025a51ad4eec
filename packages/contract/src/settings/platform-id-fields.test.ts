import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { exportPlatform } from '../exports/routes.js';
import { REQUIRED } from '../messages.js';
import { generatePasswords } from '../users/routes.js';
import { newUserApplicationSchema } from '../users/add-user.js';
import { applicationUpdateSchema } from './applications.js';
import { INVALID_PLATFORM_ID, platformUpdateSchema, UNKNOWN_PLATFORM } from './platforms.js';
import { purgePreviewQuerySchema, purgeTaskCreateSchema } from './token-purges.js';

/** Each request that names an existing platform, with the id put where it goes. */
const REQUESTS: [string, z.ZodType, (id: unknown) => unknown, string][] = [
  ['an application', applicationUpdateSchema, (id) => ({ idPlateforme: id }), 'idPlateforme'],
  ['a purge task', purgeTaskCreateSchema, (platformId) => ({ platformId }), 'platformId'],
  ['a purge preview', purgePreviewQuerySchema, (platformId) => ({ platformId }), 'platformId'],
  ['a platform export', exportPlatform.body!, (platformId) => ({ platformId }), 'platformId'],
  ['generated passwords', generatePasswords.query!, (platformId) => ({ platformId }), 'platformId'],
  ['a new user access', newUserApplicationSchema, (platformId) => ({ platformId }), 'platformId'],
];

const messagesOn = (schema: z.ZodType, input: unknown, field: string) => {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.filter((issue) => issue.path[0] === field).map((issue) => issue.message);
};

const parsedId = (schema: z.ZodType, input: unknown, field: string) =>
  (schema.safeParse(input).data as Record<string, unknown> | undefined)?.[field];

describe('a platform id in every request', () => {
  it.each(REQUESTS)('%s: not the shape of an id, an unknown platform', (_name, schema, put, field) => {
    for (const id of ['', 'X', 'LLS 2020', '_LLS', 'É2020', 'A'.repeat(33)])
      expect(messagesOn(schema, put(id), field)).toEqual([UNKNOWN_PLATFORM]);
  });

  it.each(REQUESTS)('%s: trimmed and upper-cased, accepted', (_name, schema, put, field) => {
    expect(messagesOn(schema, put(' lls2020 '), field)).toEqual([]);
  });

  it.each(REQUESTS.filter(([name]) => name !== 'generated passwords'))('%s: missing, required', (_name, schema, put, field) => {
    expect(messagesOn(schema, put(undefined), field)).toEqual([REQUIRED]);
  });

  it('a request that parses hands the service the id as the catalogue stores it', () => {
    expect(parsedId(generatePasswords.query!, { platformId: ' edulib ' }, 'platformId')).toBe('EDULIB');
  });

  it("the catalogue's form, which chooses an id, calls a wrong one invalid", () => {
    expect(messagesOn(platformUpdateSchema, { idPlateforme: 'LLS 2020' }, 'idPlateforme')).toEqual([INVALID_PLATFORM_ID]);
    expect(messagesOn(platformUpdateSchema, { idPlateforme: ' lls2020 ' }, 'idPlateforme')).toEqual([]);
  });
});
