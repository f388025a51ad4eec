import type { imports } from '@console/contract';
import { ProgressBoard } from '#platform/progress/progress-board.js';

/**
 * How far the verifications running in this process are, by caller and school, for the import
 * view to show a long one at work, and again when it is opened anew (issue 31 §1). The
 * confirmation's is kept apart (confirm/confirm-progress.ts): it is read by import number.
 */

type Phase = NonNullable<imports.ImportVerification['phase']>;

/** What a verification's worker reports: its phase and lines done out of the file's lines. */
export type VerifyProgressReport = { phase: Phase; done: number; total: number };

/** A verification always ends (verify-import.ts, in a finally); the limit only bounds what a crash could leave. */
const board = new ProgressBoard<VerifyProgressReport>({ staleMs: 30 * 60_000 });

export const verifyProgress = {
  /** A verification starts: the file is being read. Its handle reports and ends it. */
  start: (userId: number, uai: string) => board.start(userId, uai, { phase: 'read', done: 0, total: 0 }),
  /** The caller's verification at work in the school, if any. */
  of(userId: number, uai: string): imports.ImportVerification {
    const progress = board.of(userId, uai);
    return progress ? { running: true, ...progress } : { running: false, phase: null, done: 0, total: 0 };
  },
};
