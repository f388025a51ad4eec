/**
 * How far the confirmations running in this process are: lines applied out of the lines to apply,
 * by import number. The history shows it (`progress`), so that the import view, left and opened
 * again, still shows a long confirmation at work. In memory: a confirmation belongs to the process
 * that runs it, and one a stop interrupted is taken back at start-up (apply-in-steps.ts).
 */

export type ConfirmProgress = { done: number; total: number };

const running = new Map<number, ConfirmProgress>();

export const confirmProgress = {
  start: (importNumber: number, total: number): void => void running.set(importNumber, { done: 0, total }),
  advance: (importNumber: number, done: number): void => {
    const progress = running.get(importNumber);
    if (progress) progress.done = done;
  },
  end: (importNumber: number): void => void running.delete(importNumber),
  /** A copy of the progress of a confirmation running now; undefined for any other import. */
  of: (importNumber: number): ConfirmProgress | undefined => {
    const progress = running.get(importNumber);
    return progress && { ...progress };
  },
};
