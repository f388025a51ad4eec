import type { users } from '@console/contract';
import type { PneAccount, PneAccountResult } from '#adapters/pne/index.js';

/** What the PNE service answered for one account we sent, or undefined when it left it out. */
export type PneOutcome = { account: PneAccount; result: PneAccountResult | undefined };

const NO_ANSWER = "Le service PNE n'a pas répondu pour ce compte.";

/**
 * The 207 answer's items: each account with a rejected key or refused as a whole, with the keys
 * in error (every key sent when the account was refused without key details). Never a password.
 */
export function presentPneRejections(outcomes: readonly PneOutcome[]): users.PneAnswer['data'] {
  return outcomes.flatMap(({ account, result }) => {
    if (!result)
      return [{ username: account.username, message: NO_ANSWER, keys: account.keys.map((key) => ({ key, error: NO_ANSWER })) }];
    const keyErrors = result.keys.flatMap((key) => (key.activated ? [] : [{ key: key.key, error: key.error ?? '' }]));
    if (result.accepted && keyErrors.length === 0) return [];
    const message = result.message ?? `${keyErrors.length} clé(s) sur ${account.keys.length} non activée(s).`;
    const keys = keyErrors.length > 0 ? keyErrors : account.keys.map((key) => ({ key, error: message }));
    return [{ username: account.username, message, keys }];
  });
}
