import { describe, expect, it } from 'vitest';
import { UNKNOWN_PLATFORM } from './platforms.js';
import {
  defaultPurgeStart,
  nextRunAt,
  occurrenceAt,
  PURGE_LABEL_REQUIRED,
  PURGE_START_REQUIRED,
  PURGE_UAIS_REQUIRED,
  purgeTaskCreateSchema,
  purgeTaskUpdateSchema,
  type PurgeInterval,
  type PurgeTiming,
} from './token-purges.js';

const MINUTE = 60_000;
const DAY = 86_400_000;
const START = new Date('2026-01-10T08:00:00.000Z');
const LAST = new Date('2026-03-01T08:00:00.000Z');

function timing(overrides: Partial<PurgeTiming> = {}): PurgeTiming {
  return { enable: true, startDate: START, lastExecution: LAST, intervalField: 'DAY', intervalValue: 1, ...overrides };
}

describe('the next run of a purge task', () => {
  it.each<[string, Partial<PurgeTiming>, Date | null]>([
    ['disabled: none', { enable: false }, null],
    ['disabled and never run: none', { enable: false, lastExecution: null }, null],
    ['never run: its start date', { lastExecution: null }, START],
    ['never run, IMMEDIATE: its start date', { lastExecution: null, intervalField: 'IMMEDIATE' }, START],
    [
      'start moved after the last run: the new start date',
      { startDate: new Date('2026-04-01T06:00:00.000Z') },
      new Date('2026-04-01T06:00:00.000Z'),
    ],
    ['IMMEDIATE after a run: none', { intervalField: 'IMMEDIATE' }, null],
  ])('%s', (_case, overrides, expected) => {
    expect(nextRunAt(timing(overrides))).toEqual(expected);
  });

  it.each<[PurgeInterval, number, number]>([
    ['MINUTE', 1, 60_000],
    ['DAY', 1, 86_400_000],
    ['WEEK', 1, 7 * 86_400_000],
    ['MONTH', 1, 2_629_746_000],
    ['YEAR', 1, 31_556_952_000],
    ['MINUTE', 15, 15 * 60_000],
    ['DAY', 3, 3 * 86_400_000],
    ['WEEK', 2, 14 * 86_400_000],
    ['MONTH', 6, 6 * 2_629_746_000],
  ])('%s × %i: the last run plus %i ms', (intervalField, intervalValue, length) => {
    expect(nextRunAt(timing({ intervalField, intervalValue }))).toEqual(new Date(LAST.getTime() + length));
  });

  it('counts an interval value of 0 or below as 1', () => {
    expect(nextRunAt(timing({ intervalValue: 0 }))).toEqual(new Date(LAST.getTime() + DAY));
    expect(nextRunAt(timing({ intervalValue: -4 }))).toEqual(new Date(LAST.getTime() + DAY));
  });

  it('follows the interval when the start date is the last run itself', () => {
    expect(nextRunAt(timing({ startDate: LAST }))).toEqual(new Date(LAST.getTime() + DAY));
  });
});

describe('the occurrence a run stands for', () => {
  const due = new Date('2026-03-01T08:00:00.000Z');
  const at = (offset: number) => new Date(due.getTime() + offset);

  it.each<[string, PurgeInterval, number, number, number]>([
    ['on time: the due time', 'DAY', 1, 0, 0],
    ['early: the due time', 'DAY', 1, -5 * MINUTE, 0],
    ['late within one interval: the due time', 'DAY', 1, 5 * 3_600_000, 0],
    ['three days and a bit late: the third missed day', 'DAY', 1, 3 * DAY + 7 * MINUTE, 3 * DAY],
    ['exactly two days late: the second day', 'DAY', 1, 2 * DAY, 2 * DAY],
    ['every 2 days, five days late: the grid point four days on', 'DAY', 2, 5 * DAY, 4 * DAY],
    ['every 15 minutes, 40 minutes late: 30 minutes on', 'MINUTE', 15, 40 * MINUTE, 30 * MINUTE],
    ['weekly, 20 days late: two weeks on', 'WEEK', 1, 20 * DAY, 14 * DAY],
    ['monthly, 70 days late: two months on', 'MONTH', 1, 70 * DAY, 2 * 2_629_746_000],
    ['yearly, 400 days late: one year on', 'YEAR', 1, 400 * DAY, 31_556_952_000],
    ['IMMEDIATE, however late: the due time', 'IMMEDIATE', 1, 90 * DAY, 0],
  ])('%s', (_case, intervalField, intervalValue, lateness, expectedOffset) => {
    expect(occurrenceAt({ intervalField, intervalValue }, due, at(lateness))).toEqual(at(expectedOffset));
  });
});

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
