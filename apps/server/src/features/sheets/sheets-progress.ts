import type { sheets as contract } from '@console/contract';
import { ProgressBoard } from '#platform/progress/progress-board.js';

/**
 * How far the sheets each caller asked for a school are drawn (issue 31 §7: 1,000 sheets by class
 * took 5 to 9 s behind one toast), for the PDF menu's toast to count them. Drawing paces with the
 * reader: a download that stops leaves its entry, which a minute without a sheet ends.
 */
const board = new ProgressBoard<{ drawn: number; total: number }>({ staleMs: 60_000 });

export const sheetsProgress = {
  /** Sheets of `total` users start to be drawn; `drew` counts one, the last ends the entry; `end` ends it sooner (a failure). */
  start(userId: number, uai: string, total: number): { drew: () => void; end: () => void } {
    const handle = board.start(userId, uai, { drawn: 0, total });
    let drawn = 0;
    return {
      drew: () => {
        drawn += 1;
        if (drawn >= total) handle.end();
        else handle.report({ drawn, total });
      },
      end: handle.end,
    };
  },
  of(userId: number, uai: string): contract.SheetsProgress {
    const progress = board.of(userId, uai);
    return progress ? { running: true, ...progress } : { running: false, drawn: 0, total: 0 };
  },
};
