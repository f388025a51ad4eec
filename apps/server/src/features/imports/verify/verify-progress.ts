import type { imports } from '@console/contract';

/**
 * How far the verifications running in this process are, by caller and school, for the import
 * view to show a long one at work, and again when it is opened anew (issue 31 §1). In memory, as
 * the confirmation's (confirm/confirm-progress.ts): a verification belongs to the process that
 * runs it and writes nothing but its batch at the end.
 */

type Phase = NonNullable<imports.ImportVerification['phase']>;
type Running = { phase: Phase; done: number; total: number };

/** What a verification's worker reports: its phase and lines done out of the file's lines. */
export type VerifyProgressReport = Running;

const running = new Map<string, Running>();
const keyOf = (userId: number, uai: string) => `${userId}\u0000${uai}`;

export const verifyProgress = {
  /** A verification starts: the file is being read. Its handle reports and ends it; a later one of the same caller and school replaces it. */
  start(userId: number, uai: string): { report: (progress: VerifyProgressReport) => void; end: () => void } {
    const key = keyOf(userId, uai);
    const own: Running = { phase: 'read', done: 0, total: 0 };
    running.set(key, own);
    return {
      report: (progress) => Object.assign(own, progress),
      end: () => {
        if (running.get(key) === own) running.delete(key);
      },
    };
  },
  /** The caller's verification at work in the school, if any. */
  of(userId: number, uai: string): imports.ImportVerification {
    const progress = running.get(keyOf(userId, uai));
    return progress ? { running: true, ...progress } : { running: false, phase: null, done: 0, total: 0 };
  },
};
