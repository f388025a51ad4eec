import { describe, expect, it } from 'vitest';
import { allocateLoginsWith } from './logins.js';

/** Accounts holding some logins, and the queries asked of them (each a list of lower-case logins). */
function accounts(held: Iterable<string>) {
  const logins = new Set([...held].map((login) => login.toLowerCase()));
  const queries: string[][] = [];
  return {
    queries,
    findTaken: async (asked: readonly string[]) => {
      queries.push([...asked]);
      return new Set(asked.filter((login) => logins.has(login)));
    },
  };
}

const proposal = (stem: string, tail = '.moulin') => ({ stem, tail });

describe('logins made by the rules for new users', () => {
  it('gives the first line of a name its plain login, its namesakes the next free numbers in file order', async () => {
    const held = accounts(['jean.dupont.moulin', 'jean.dupont3.moulin', 'LEA.ANDRE.moulin']);
    const reserved = new Set(['jean.dupont5.moulin']);
    const logins = await allocateLoginsWith(
      held.findTaken,
      [
        proposal('jean.dupont'),
        proposal('lea.andre'),
        proposal('jean.dupont'),
        proposal('jean.dupont'),
        proposal('zoe.roux'),
        proposal('jean.dupont'),
      ],
      reserved,
    );
    expect(logins).toEqual([
      'jean.dupont2.moulin',
      'lea.andre2.moulin',
      'jean.dupont4.moulin',
      'jean.dupont6.moulin',
      'zoe.roux.moulin',
      'jean.dupont7.moulin',
    ]);
    expect(reserved).toEqual(new Set(['jean.dupont5.moulin', ...logins]));
  });

  it('compares logins in lower case, as the unique index does, and keeps each line its own case', async () => {
    const held = accounts([]);
    const logins = await allocateLoginsWith(
      held.findTaken,
      [proposal('Jean.Dupont', ''), proposal('jean.dupont', '')],
      new Set(),
    );
    expect(logins).toEqual(['Jean.Dupont', 'jean.dupont2']);
  });

  it('never gives a login another name numbered into (a1 numbered 2 is a12)', async () => {
    const held = accounts(['a1', 'a', ...Array.from({ length: 10 }, (_unused, index) => `a${index + 2}`)]);
    const logins = await allocateLoginsWith(
      held.findTaken,
      [proposal('a1', ''), proposal('a', ''), proposal('a', '')],
      new Set(),
    );
    expect(new Set(logins).size).toBe(3);
    expect(logins).toEqual(['a12', 'a13', 'a14']);
  });

  it('settles 5,000 namesakes in one query, and again in a few when an earlier import took their numbers', async () => {
    const namesakes = Array.from({ length: 5_000 }, () => proposal('lea.andre'));
    const fresh = accounts([]);
    const first = await allocateLoginsWith(fresh.findTaken, namesakes, new Set());
    expect(first[0]).toBe('lea.andre.moulin');
    expect(first[4_999]).toBe('lea.andre5000.moulin');
    expect(fresh.queries.length).toBe(1);

    // The same file again: every number up to 5,000 is held.
    const again = accounts(first);
    const second = await allocateLoginsWith(again.findTaken, namesakes, new Set());
    expect(second[0]).toBe('lea.andre5001.moulin');
    expect(second[4_999]).toBe('lea.andre10000.moulin');
    expect(again.queries.length).toBeLessThanOrEqual(3);
    // Each query asks about as many logins as lines are left: the work grows with the lines, not their square.
    expect(again.queries.flat().length).toBeLessThanOrEqual(4 * namesakes.length);
  });

  it('asks a lone name its plain login only, and the next numbers when it is taken', async () => {
    const held = accounts(['eva.roux.moulin']);
    const logins = await allocateLoginsWith(held.findTaken, [proposal('eva.roux'), proposal('ines.leroy')], new Set());
    expect(logins).toEqual(['eva.roux2.moulin', 'ines.leroy.moulin']);
    expect(held.queries[0]).toEqual(['eva.roux.moulin', 'ines.leroy.moulin']);
    expect(held.queries.length).toBe(2);
  });
});
