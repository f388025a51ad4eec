import { describe, expect, it } from 'vitest';
import { UNKNOWN_PLATFORM } from './platforms.js';
import {
  defaultPurgeStart,
  PURGE_LABEL_REQUIRED,
  PURGE_START_REQUIRED,
  PURGE_UAIS_REQUIRED,
  purgeTaskCreateSchema,
  purgeTaskUpdateSchema,
} from './token-purges.js';

describe('the start date the form proposes', () => {
  it.each([
    ['2026-11-26T10:17:42.518Z', '2026-11-26T10:17:00.000Z'],
    ['2026-11-26T10:17:00.000Z', '2026-11-26T10:17:00.000Z'],
    ['2026-12-31T23:59:59.999Z', '2026-12-31T23:59:00.000Z'],
  ])('at %s: %s', (now, expected) => {
    expect(defaultPurgeStart(new Date(now)).toISOString()).toBe(expected);
  });

  it('leaves the date it is given unchanged', () => {
    const now = new Date('2026-11-26T10:17:42.518Z');
    defaultPurgeStart(now);
    expect(now.toISOString()).toBe('2026-11-26T10:17:42.518Z');
  });

  it('is now by default, seconds zeroed', () => {
    const before = Date.now();
    const start = defaultPurgeStart();
    expect(start.getSeconds()).toBe(0);
    expect(start.getMilliseconds()).toBe(0);
    expect(before - start.getTime()).toBeLessThan(60_000 + 1_000);
  });
});

const TASK = {
  eventName: 'Purge Edulib',
  platformId: 'EDULIB',
  startDate: '2026-11-26T10:00:00.000Z',
  intervalField: 'DAY',
  uais: ['0750001A'],
};

/** Each refused field's path and message key. */
function problemsOf(
  value: object,
  schema: typeof purgeTaskCreateSchema | typeof purgeTaskUpdateSchema = purgeTaskCreateSchema,
): [string, string][] {
  const parsed = schema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
}

describe('a purge task to create', () => {
  it('accepts a complete task, its label trimmed and its platform in capitals', () => {
    expect(purgeTaskCreateSchema.parse({ ...TASK, eventName: '  Purge Edulib ', platformId: 'edulib' })).toEqual(TASK);
  });

  it.each<[string, object, [string, string][]]>([
    ['no label', { eventName: '' }, [['eventName', PURGE_LABEL_REQUIRED]]],
    ['a blank label', { eventName: '   ' }, [['eventName', PURGE_LABEL_REQUIRED]]],
    ['no start date', { startDate: '' }, [['startDate', PURGE_START_REQUIRED]]],
    ['a start date that is no date', { startDate: 'demain' }, [['startDate', PURGE_START_REQUIRED]]],
    ['no platform', { platformId: '' }, [['platformId', UNKNOWN_PLATFORM]]],
  ])('refuses %s', (_case, overrides, expected) => {
    expect(problemsOf({ ...TASK, ...overrides })).toEqual(expected);
  });

  it.each(['MINUTE', 'HOUR', 'day'])('refuses the frequency %s', (intervalField) => {
    expect(problemsOf({ ...TASK, intervalField }).map(([path]) => path)).toEqual(['intervalField']);
  });

  it.each(['IMMEDIATE', 'DAY', 'WEEK', 'MONTH', 'YEAR'])('accepts the frequency %s', (intervalField) => {
    expect(problemsOf({ ...TASK, intervalField })).toEqual([]);
  });

  it.each<[string, unknown, [string, string][]]>([
    ['an empty list of schools', [], [['uais', PURGE_UAIS_REQUIRED]]],
    ['a UAI badly written, by its place in the list', ['0750001A', '0750001'], [['uais.1', 'school.errors.uai_format']]],
  ])('refuses %s with its message key', (_case, uais, expected) => {
    expect(problemsOf({ ...TASK, uais })).toEqual(expected);
  });

  it.each<[string, unknown]>([
    ['another word than all', 'tous'],
    ['no schools at all', undefined],
  ])('refuses %s', (_case, uais) => {
    expect(problemsOf({ ...TASK, uais }).map(([path]) => path)).toEqual(['uais']);
  });

  it("accepts 'all' schools", () => {
    expect(purgeTaskCreateSchema.parse({ ...TASK, uais: 'all' }).uais).toBe('all');
  });

  it('keeps each school once, in capitals', () => {
    expect(purgeTaskCreateSchema.parse({ ...TASK, uais: ['0750001a', '0750002B', ' 0750001A '] }).uais).toEqual([
      '0750001A',
      '0750002B',
    ]);
  });

  it('accepts a start date with an offset', () => {
    expect(problemsOf({ ...TASK, startDate: '2026-11-26T11:00:00+01:00' })).toEqual([]);
  });
});

describe('a purge task to change', () => {
  it('keeps a stored MINUTE, which creation refuses', () => {
    expect(purgeTaskUpdateSchema.parse({ ...TASK, intervalField: 'MINUTE', enable: false })).toMatchObject({
      intervalField: 'MINUTE',
      enable: false,
    });
  });

  it('needs enable', () => {
    expect(problemsOf(TASK, purgeTaskUpdateSchema).map(([path]) => path)).toEqual(['enable']);
  });

  it('checks the label, start date and schools as creation does', () => {
    expect(problemsOf({ ...TASK, eventName: '', startDate: '', uais: [], enable: true }, purgeTaskUpdateSchema)).toEqual([
      ['eventName', PURGE_LABEL_REQUIRED],
      ['startDate', PURGE_START_REQUIRED],
      ['uais', PURGE_UAIS_REQUIRED],
    ]);
  });
});
