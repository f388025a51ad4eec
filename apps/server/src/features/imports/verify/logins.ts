import type { LoginProposal } from '@console/contract';
import type { Executor } from '../../../platform/db/client.js';
import { findTakenLogins } from '../imports.repository.js';

/** Numbers tried at once for a login found taken: one query settles most collisions. */
const NUMBERS_PER_ROUND = 8;

const candidateOf = (proposal: LoginProposal, number: number) =>
  number === 1 ? proposal.stem + proposal.tail : `${proposal.stem}${number}${proposal.tail}`;

/**
 * The logins of new users without one in the file, by the school's rules (spec 2 §2.5): each
 * proposal as it is, else numbered 2, 3… before the school's tail, the first free one — free of
 * accounts (live or in the bin) and of the file's other logins (`reserved`, lower case, which
 * this fills in). Lines are served in file order, so that the first 'jean.dupont' of a file gets
 * the plain login. One query a round, each asking every unsettled line's next numbers.
 */
export async function allocateLogins(db: Executor, proposals: readonly LoginProposal[], reserved: Set<string>): Promise<string[]> {
  const logins: (string | undefined)[] = proposals.map(() => undefined);
  const next = proposals.map(() => 1);
  let pending = proposals.map((_proposal, index) => index);
  while (pending.length > 0) {
    const asked = pending.flatMap((index) =>
      Array.from({ length: next[index] === 1 ? 1 : NUMBERS_PER_ROUND }, (_unused, offset) => candidateOf(proposals[index]!, next[index]! + offset).toLowerCase()),
    );
    const taken = await findTakenLogins(db, [...new Set(asked)]);
    const unsettled: number[] = [];
    for (const index of pending) {
      const count = next[index] === 1 ? 1 : NUMBERS_PER_ROUND;
      let found: string | undefined;
      for (let offset = 0; offset < count && found === undefined; offset += 1) {
        const candidate = candidateOf(proposals[index]!, next[index]! + offset);
        const key = candidate.toLowerCase();
        if (candidate !== '' && !taken.has(key) && !reserved.has(key)) found = candidate;
      }
      if (found === undefined) {
        // The plain login is taken: numbers start at 2.
        next[index] = next[index] === 1 ? 2 : next[index]! + count;
        unsettled.push(index);
      } else {
        logins[index] = found;
        reserved.add(found.toLowerCase());
      }
    }
    pending = unsettled;
  }
  return logins as string[];
}
