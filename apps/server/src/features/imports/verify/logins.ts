import type { LoginProposal } from '@console/contract';
import type { Executor } from '#platform/db/client.js';
import { findTakenLogins } from '../imports.repository.js';

/** Numbers asked beyond a group's unsettled lines, for the few an account already holds. */
const SPARE_NUMBERS = 8;

/** Of some logins (lower case), those an account holds: one query whatever their number. */
export type TakenLoginsLookup = (logins: readonly string[]) => Promise<Set<string>>;

const candidateOf = (proposal: LoginProposal, number: number) =>
  number === 1 ? proposal.stem + proposal.tail : `${proposal.stem}${number}${proposal.tail}`;

/**
 * The lines whose proposals give the same logins (the same stem and tail in lower case, as the
 * unique index compares logins), and the group's counter: the next number its lines may take
 * (1 is the plain login) and, this round, the first number not asked.
 */
type Group = { lines: number[]; settled: number; next: number; askedUntil: number; span: number };

const groupKey = (proposal: LoginProposal) => `${proposal.stem.toLowerCase()}\u0000${proposal.tail.toLowerCase()}`;

/**
 * The logins of new users without one in the file, by the school's rules (spec 2 §2.5): each
 * proposal as it is, else numbered 2, 3… before the school's tail, the first free one — free of
 * accounts (live or in the bin) and of the file's other logins (`reserved`, lower case, which
 * this fills in). Lines are served in file order, so that the first 'jean.dupont' of a file gets
 * the plain login and its namesakes the next free numbers.
 *
 * Linear in the lines, however many share a name: the lines of one proposal share a counter kept
 * in memory, and each round asks, in one query, each unsettled group's next numbers, as many as it
 * has lines left and a few more. A round settles every group whose numbers are mostly free; a
 * group whose numbers were all taken asks twice as many the next round.
 */
export async function allocateLogins(
  db: Executor,
  proposals: readonly LoginProposal[],
  reserved: Set<string>,
): Promise<string[]> {
  return allocateLoginsWith((logins) => findTakenLogins(db, logins), proposals, reserved);
}

/** `allocateLogins` with the taken logins read by `findTaken` (a query in the product). */
export async function allocateLoginsWith(
  findTaken: TakenLoginsLookup,
  proposals: readonly LoginProposal[],
  reserved: Set<string>,
): Promise<string[]> {
  const logins: (string | undefined)[] = proposals.map(() => undefined);
  const groups = new Map<string, Group>();
  const groupOf: Group[] = proposals.map((proposal, index) => {
    const key = groupKey(proposal);
    let group = groups.get(key);
    if (group === undefined) {
      group = { lines: [], settled: 0, next: 1, askedUntil: 1, span: 0 };
      groups.set(key, group);
    }
    group.lines.push(index);
    return group;
  });
  let pending = proposals.map((_proposal, index) => index);
  while (pending.length > 0) {
    const asked = new Set<string>();
    for (const group of new Set(pending.map((index) => groupOf[index]!))) {
      const left = group.lines.length - group.settled;
      // A lone line asks its plain login only; most are free.
      group.span = group.next === 1 && left === 1 ? 1 : Math.max(group.span * 2, left + SPARE_NUMBERS);
      group.askedUntil = group.next + group.span;
      const proposal = proposals[group.lines[group.settled]!]!;
      for (let number = group.next; number < group.askedUntil; number++) asked.add(candidateOf(proposal, number).toLowerCase());
    }
    const taken = await findTaken([...asked]);
    const unsettled: number[] = [];
    for (const index of pending) {
      const group = groupOf[index]!;
      let found: string | undefined;
      // A group whose asked numbers ran out keeps its later lines for the next round, in file order.
      if (group.lines[group.settled] === index) {
        while (found === undefined && group.next < group.askedUntil) {
          const candidate = candidateOf(proposals[index]!, group.next);
          const key = candidate.toLowerCase();
          group.next += 1;
          if (candidate !== '' && !taken.has(key) && !reserved.has(key)) found = candidate;
        }
      }
      if (found === undefined) {
        unsettled.push(index);
      } else {
        logins[index] = found;
        group.settled += 1;
        reserved.add(found.toLowerCase());
      }
    }
    pending = unsettled;
  }
  return logins as string[];
}
