import { TransferError } from './transfer-error.js';

/**
 * Runs one step of a connection (`step` names it in the message, "Signing in to host:22") and
 * gives it `timeoutMs` without progress: `work` may call `progress()` when something moved (a
 * chunk written), which gives it `timeoutMs` again. Past the limit, `abort` runs (it must release
 * the sockets the step holds) and the step rejects with TransferError('timeout'); whatever `work`
 * settles with later is ignored, so a late failure is never unhandled. Answers what `work`
 * answers, or rejects with what it throws.
 */
export function withinTime<T>(
  step: string,
  timeoutMs: number,
  abort: () => void,
  work: (progress: () => void) => Promise<T>,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    const finish = (settle: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      settle();
    };
    const expire = () =>
      finish(() => {
        try {
          abort();
        } finally {
          reject(new TransferError('timeout', `${step}: no answer within ${timeoutMs} ms`));
        }
      });
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(expire, timeoutMs);
    };
    arm();
    Promise.resolve()
      .then(() =>
        work(() => {
          if (!settled) arm();
        }),
      )
      .then(
        (value) => finish(() => resolve(value)),
        (error: unknown) => finish(() => reject(error)),
      );
  });
}
