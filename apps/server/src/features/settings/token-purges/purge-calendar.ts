import type { settings } from '@console/contract';
import { DateTime, type DurationLikeObject } from 'luxon';

/**
 * When a purge task runs (spec 2 §4), in calendar terms in the console's time zone (TIME_ZONE,
 * Europe/Paris by default): a daily purge at 06:00 stays at 06:00 across a daylight-saving change,
 * a monthly one started on the 31st runs on the last day of shorter months and on the 31st again
 * after them, a yearly one started on 29 February runs on the 28th in other years. A MINUTE
 * interval (kept from stored tasks) is counted in minutes.
 */

/** What decides when a task runs next. */
export type PurgeTiming = {
  enable: boolean;
  startDate: Date;
  lastExecution: Date | null;
  intervalField: settings.PurgeInterval;
  intervalValue: number;
};

type Step = Pick<PurgeTiming, 'startDate' | 'intervalField' | 'intervalValue'>;

const UNIT: Record<Exclude<settings.PurgeInterval, 'IMMEDIATE' | 'MINUTE'>, keyof DurationLikeObject> = {
  DAY: 'days',
  WEEK: 'weeks',
  MONTH: 'months',
  YEAR: 'years',
};

/**
 * The run after one at `from`: one interval on in the calendar of `zone`, then back on the start
 * date's day of the month (as near as the month allows) and time of day, so that neither a short
 * month nor a time skipped by a daylight-saving change moves the later runs.
 */
function stepFrom(task: Step, from: Date, zone: string): Date {
  const count = Math.max(1, task.intervalValue);
  if (task.intervalField === 'IMMEDIATE') throw new Error('an IMMEDIATE task has no next run');
  if (task.intervalField === 'MINUTE') return new Date(from.getTime() + count * 60_000);
  const start = DateTime.fromJSDate(task.startDate, { zone });
  let next = DateTime.fromJSDate(from, { zone }).plus({ [UNIT[task.intervalField]]: count });
  if (task.intervalField === 'MONTH' || task.intervalField === 'YEAR') {
    next = next.set({ day: Math.min(start.day, next.daysInMonth ?? start.day) });
  }
  return next.set({ hour: start.hour, minute: start.minute, second: start.second, millisecond: start.millisecond }).toJSDate();
}

/**
 * When a task runs next: null ('ø') when disabled or when an IMMEDIATE task has run; its start
 * date when it has not run since that date (a start moved later waits for it); else its last
 * execution plus the interval, in calendar terms.
 */
export function nextRunAt(task: PurgeTiming, zone: string): Date | null {
  if (!task.enable) return null;
  if (task.lastExecution === null || task.startDate.getTime() > task.lastExecution.getTime()) return task.startDate;
  if (task.intervalField === 'IMMEDIATE') return null;
  return stepFrom(task, task.lastExecution, zone);
}

/**
 * The occurrence a run at `now` stands for, for a task due at `due`: the latest run time not after
 * `now` counted from `due`, so that the occurrences missed while no server ran collapse into one run
 * and the next one stays on the task's calendar.
 */
export function occurrenceAt(task: Step, due: Date, now: Date, zone: string): Date {
  if (task.intervalField === 'IMMEDIATE' || now.getTime() <= due.getTime()) return due;
  if (task.intervalField === 'MINUTE') {
    const step = Math.max(1, task.intervalValue) * 60_000;
    return new Date(due.getTime() + Math.floor((now.getTime() - due.getTime()) / step) * step);
  }
  // A day at least apart: a server stopped for ten years walks 3,653 days, a few milliseconds.
  let occurrence = due;
  for (let next = stepFrom(task, due, zone); next.getTime() <= now.getTime(); next = stepFrom(task, next, zone))
    occurrence = next;
  return occurrence;
}
