import type { users } from '@console/contract';
import type { PneAccount, PneAccountResult } from '#adapters/pne/index.js';

/** What the PNE service answered for one account we sent, or undefined when it left it out. */
export type PneOutcome = { account: PneAccount; result: PneAccountResult | undefined };

/**
 * The 207 answer's items: each account with a rejected key or refused as a whole, with the keys
 * in error (every key sent when the account was refused without key details). The service's words
 * as it gave them; what the server says itself as a problem code the browser translates. Never a password.
 */
export function presentPneRejections(outcomes: readonly PneOutcome[]): users.PneAnswer['data'] {
  return outcomes.flatMap(({ account, result }): users.PneAnswer['data'] => {
    if (!result) {
      const keys = account.keys.map((key) => ({ key, error: '', problem: 'no_answer' as const }));
      return [{ username: account.username, message: '', problem: 'no_answer', keys }];
    }
    const keyErrors = result.keys.flatMap((key) => (key.activated ? [] : [{ key: key.key, error: key.error ?? '' }]));
    if (result.accepted && keyErrors.length === 0) return [];
    const said = result.message
      ? { message: result.message }
      : {
          message: '',
          problem: 'keys_rejected' as const,
          counts: { rejected: keyErrors.length, total: account.keys.length },
        };
    const keys = keyErrors.length > 0 ? keyErrors : account.keys.map((key) => ({ key, error: result.message ?? '' }));
    return [{ username: account.username, ...said, keys }];
  });
}
