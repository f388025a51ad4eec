import type { settings } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { nextRunAt, occurrenceAt, type PurgeTiming } from './purge-calendar.js';

const PARIS = 'Europe/Paris';
const MINUTE = 60_000;
const DAY = 86_400_000;
const START = new Date('2026-01-10T08:00:00.000Z');
/** 09:00 in Paris (winter time, UTC+1). */
const LAST = new Date('2026-03-01T08:00:00.000Z');

const iso = (text: string) => new Date(text);

function timing(overrides: Partial<PurgeTiming> = {}): PurgeTiming {
  return { enable: true, startDate: START, lastExecution: LAST, intervalField: 'DAY', intervalValue: 1, ...overrides };
}

/** The runs of a task from its start: its start date, then each next run after the previous one. */
function runsOf(task: Omit<PurgeTiming, 'enable' | 'lastExecution'>, count: number): string[] {
  const runs = [task.startDate];
  while (runs.length < count) runs.push(nextRunAt({ ...task, enable: true, lastExecution: runs.at(-1)! }, PARIS)!);
  return runs.map((run) => run.toISOString());
}

describe('the next run of a purge task', () => {
  it.each<[string, Partial<PurgeTiming>, Date | null]>([
    ['disabled: none', { enable: false }, null],
    ['disabled and never run: none', { enable: false, lastExecution: null }, null],
    ['never run: its start date', { lastExecution: null }, START],
    ['never run, IMMEDIATE: its start date', { lastExecution: null, intervalField: 'IMMEDIATE' }, START],
    [
      'start moved after the last run: the new start date',
      { startDate: iso('2026-04-01T06:00:00.000Z') },
      iso('2026-04-01T06:00:00.000Z'),
    ],
    ['IMMEDIATE after a run: none', { intervalField: 'IMMEDIATE' }, null],
  ])('%s', (_case, overrides, expected) => {
    expect(nextRunAt(timing(overrides), PARIS)).toEqual(expected);
  });

  it.each<[settings.PurgeInterval, number, string]>([
    ['MINUTE', 1, '2026-03-01T08:01:00.000Z'],
    ['MINUTE', 15, '2026-03-01T08:15:00.000Z'],
    ['DAY', 1, '2026-03-02T08:00:00.000Z'],
    ['DAY', 3, '2026-03-04T08:00:00.000Z'],
    ['WEEK', 2, '2026-03-15T08:00:00.000Z'],
    // 09:00 in Paris, in summer time (UTC+2) from 29 March.
    ['MONTH', 1, '2026-04-01T07:00:00.000Z'],
    ['MONTH', 6, '2026-09-01T07:00:00.000Z'],
    ['YEAR', 1, '2027-03-01T08:00:00.000Z'],
  ])('%s × %i after 1 March 2026, 09:00 in Paris: %s', (intervalField, intervalValue, expected) => {
    const startDate = iso('2026-01-01T08:00:00.000Z');
    expect(nextRunAt(timing({ startDate, intervalField, intervalValue }), PARIS)?.toISOString()).toBe(expected);
  });

  it('counts an interval value of 0 or below as 1', () => {
    expect(nextRunAt(timing({ intervalValue: 0 }), PARIS)).toEqual(new Date(LAST.getTime() + DAY));
    expect(nextRunAt(timing({ intervalValue: -4 }), PARIS)).toEqual(new Date(LAST.getTime() + DAY));
  });

  it('follows the interval when the start date is the last run itself', () => {
    expect(nextRunAt(timing({ startDate: LAST }), PARIS)).toEqual(new Date(LAST.getTime() + DAY));
  });
});

describe('the calendar of a purge, in Paris', () => {
  it('a daily purge at 06:00 stays at 06:00 across both daylight-saving changes', () => {
    expect(runsOf({ startDate: iso('2026-03-28T05:00:00.000Z'), intervalField: 'DAY', intervalValue: 1 }, 3)).toEqual([
      '2026-03-28T05:00:00.000Z',
      '2026-03-29T04:00:00.000Z',
      '2026-03-30T04:00:00.000Z',
    ]);
    expect(runsOf({ startDate: iso('2026-10-24T04:00:00.000Z'), intervalField: 'DAY', intervalValue: 1 }, 3)).toEqual([
      '2026-10-24T04:00:00.000Z',
      '2026-10-25T05:00:00.000Z',
      '2026-10-26T05:00:00.000Z',
    ]);
  });

  it('a daily purge at 02:30 runs at 03:30 the night 02:30 does not exist, then at 02:30 again', () => {
    expect(runsOf({ startDate: iso('2026-03-28T01:30:00.000Z'), intervalField: 'DAY', intervalValue: 1 }, 3)).toEqual([
      '2026-03-28T01:30:00.000Z',
      '2026-03-29T01:30:00.000Z',
      '2026-03-30T00:30:00.000Z',
    ]);
  });

  it('a weekly purge keeps its weekday and time across the change', () => {
    expect(runsOf({ startDate: iso('2026-03-23T17:00:00.000Z'), intervalField: 'WEEK', intervalValue: 1 }, 2)).toEqual([
      '2026-03-23T17:00:00.000Z',
      '2026-03-30T16:00:00.000Z',
    ]);
  });

  it('a monthly purge started on the 31st runs on the last day of shorter months, and on the 31st after them', () => {
    expect(runsOf({ startDate: iso('2026-01-31T08:00:00.000Z'), intervalField: 'MONTH', intervalValue: 1 }, 5)).toEqual([
      '2026-01-31T08:00:00.000Z',
      '2026-02-28T08:00:00.000Z',
      '2026-03-31T07:00:00.000Z',
      '2026-04-30T07:00:00.000Z',
      '2026-05-31T07:00:00.000Z',
    ]);
  });

  it('twelve monthly runs end on the same day and time a year on, without drifting', () => {
    const runs = runsOf({ startDate: iso('2026-01-15T05:00:00.000Z'), intervalField: 'MONTH', intervalValue: 1 }, 13);
    expect(runs.at(-1)).toBe('2027-01-15T05:00:00.000Z');
  });

  it('a yearly purge started on 29 February runs on the 28th in other years, and on the 29th in leap years', () => {
    expect(runsOf({ startDate: iso('2028-02-29T07:00:00.000Z'), intervalField: 'YEAR', intervalValue: 1 }, 5)).toEqual([
      '2028-02-29T07:00:00.000Z',
      '2029-02-28T07:00:00.000Z',
      '2030-02-28T07:00:00.000Z',
      '2031-02-28T07:00:00.000Z',
      '2032-02-29T07:00:00.000Z',
    ]);
  });

  it("is counted in the console's time zone: 06:00 in Réunion, which has no summer time, is 02:00 UTC all year", () => {
    const task = { enable: true, startDate: iso('2026-03-28T02:00:00.000Z'), intervalField: 'DAY', intervalValue: 1 } as const;
    expect(nextRunAt({ ...task, lastExecution: task.startDate }, 'Indian/Reunion')?.toISOString()).toBe(
      '2026-03-29T02:00:00.000Z',
    );
  });
});

describe('the occurrence a run stands for', () => {
  const due = iso('2026-03-01T08:00:00.000Z');
  const step = { startDate: due, intervalValue: 1 };
  const at = (offset: number) => new Date(due.getTime() + offset);

  it.each<[string, settings.PurgeInterval, number, number, string]>([
    ['on time: the due time', 'DAY', 1, 0, '2026-03-01T08:00:00.000Z'],
    ['early: the due time', 'DAY', 1, -5 * MINUTE, '2026-03-01T08:00:00.000Z'],
    ['late within one interval: the due time', 'DAY', 1, 5 * 3_600_000, '2026-03-01T08:00:00.000Z'],
    ['three days and a bit late: the third missed day', 'DAY', 1, 3 * DAY + 7 * MINUTE, '2026-03-04T08:00:00.000Z'],
    ['exactly two days late: the second day', 'DAY', 1, 2 * DAY, '2026-03-03T08:00:00.000Z'],
    ['every 2 days, five days late: the run four days on', 'DAY', 2, 5 * DAY, '2026-03-05T08:00:00.000Z'],
    ['every 15 minutes, 40 minutes late: 30 minutes on', 'MINUTE', 15, 40 * MINUTE, '2026-03-01T08:30:00.000Z'],
    ['weekly, 20 days late: two weeks on', 'WEEK', 1, 20 * DAY, '2026-03-15T08:00:00.000Z'],
    ['daily, a month late: the last day, at 09:00 summer time', 'DAY', 1, 30 * DAY + 12 * 3_600_000, '2026-03-31T07:00:00.000Z'],
    ['monthly, 70 days late: two months on, at 09:00 summer time', 'MONTH', 1, 70 * DAY, '2026-05-01T07:00:00.000Z'],
    ['yearly, 400 days late: one year on', 'YEAR', 1, 400 * DAY, '2027-03-01T08:00:00.000Z'],
    ['IMMEDIATE, however late: the due time', 'IMMEDIATE', 1, 90 * DAY, '2026-03-01T08:00:00.000Z'],
  ])('%s', (_case, intervalField, intervalValue, lateness, expected) => {
    expect(occurrenceAt({ ...step, intervalField, intervalValue }, due, at(lateness), PARIS).toISOString()).toBe(expected);
  });
});
