import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { tokenReport } from '../apps/routes.js';
import { exportSelectionSchema } from '../exports/routes.js';
import { importVerifyFieldsSchema } from '../imports/batch.js';
import { REQUIRED } from '../messages.js';
import { createSchoolBodySchema } from '../schools/new-school.js';
import { purgeUaisSchema } from '../settings/token-purges.js';
import { sheetsBodySchema } from '../sheets/routes.js';
import { newUserValuesSchema } from '../users/add-user.js';
import { UAI_FORMAT_MESSAGE, uaiParamsSchema } from './uai.js';

/** Each request that names a school, with the UAI put where it goes. */
const REQUESTS: [string, z.ZodType, (uai: unknown) => unknown, (issue: z.core.$ZodIssue) => boolean][] = [
  ['a :uai path parameter', uaiParamsSchema, (uai) => ({ uai }), (issue) => issue.path[0] === 'uai'],
  ['a new user', newUserValuesSchema, (uai) => ({ uai }), (issue) => issue.path[0] === 'uai'],
  ['an import file', importVerifyFieldsSchema, (uai) => ({ mode: 'users_initial', uai }), (issue) => issue.path[0] === 'uai'],
  ['a purge task', purgeUaisSchema, (uai) => [uai], () => true],
  ['the token report', tokenReport.query!, (uai) => ({ uai }), (issue) => issue.path[0] === 'uai'],
  ['an export', exportSelectionSchema, (uai) => ({ uai, userIds: [1] }), (issue) => issue.path[0] === 'uai'],
  ['sheets', sheetsBodySchema, (uai) => ({ uai }), (issue) => issue.path[0] === 'uai'],
  [
    'a new foreign school',
    createSchoolBodySchema,
    (uai) => ({ uai, isEtabExist: false, state: {} }),
    (issue) => issue.path.length === 1 && issue.path[0] === 'uai',
  ],
];

/** Where a UAI may be left out: a purge's list holds strings only, the token report's school is optional. */
const OPTIONAL = ['a purge task', 'the token report'];

const messagesOn = (schema: z.ZodType, input: unknown, onUai: (issue: z.core.$ZodIssue) => boolean) => {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.filter(onUai).map((issue) => issue.message);
};

describe('a UAI in every request', () => {
  it.each(REQUESTS)('%s: not 7 digits and a letter, the one message', (_name, schema, put, onUai) => {
    for (const uai of ['0690001', '0690001AB', '069000AB', 'ABCDEFGH'])
      expect(messagesOn(schema, put(uai), onUai)).toEqual([UAI_FORMAT_MESSAGE]);
  });

  it.each(REQUESTS)('%s: trimmed and upper-cased, accepted', (_name, schema, put, onUai) => {
    expect(messagesOn(schema, put(' 0690001a '), onUai)).toEqual([]);
  });

  it.each(REQUESTS.filter(([name]) => !OPTIONAL.includes(name)))('%s: missing, required', (_name, schema, put, onUai) => {
    expect(messagesOn(schema, put(undefined), onUai)).toEqual([REQUIRED]);
  });
});
