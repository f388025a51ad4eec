import { describe, expect, it } from 'vitest';
import { groupTopApplications, type ApplicationCount } from './group-top-applications';

const apps = (...entries: [string, number][]): ApplicationCount[] => entries.map(([name, count]) => ({ name, count }));

describe('groupTopApplications', () => {
  it.each<[string, ApplicationCount[], number, string | undefined, ApplicationCount[]]>([
    ['nothing to group', [], 5, 'Autres', []],
    ['fewer applications than the top', apps(['Edulib', 40], ['Kwyk', 12]), 5, 'Autres', apps(['Edulib', 40], ['Kwyk', 12])],
    [
      'exactly the top',
      apps(['A', 5], ['B', 4], ['C', 3], ['D', 2], ['E', 1]),
      5,
      'Autres',
      apps(['A', 5], ['B', 4], ['C', 3], ['D', 2], ['E', 1]),
    ],
    [
      'the rest summed into one group',
      apps(['A', 60], ['B', 50], ['C', 40], ['D', 30], ['E', 20], ['F', 10], ['G', 7]),
      5,
      'Autres',
      apps(['A', 60], ['B', 50], ['C', 40], ['D', 30], ['E', 20], ['Autres', 17]),
    ],
    [
      'an unsorted list sorted first',
      apps(['Kwyk', 3], ['Edulib', 90], ['Nathan', 12]),
      2,
      'Others',
      apps(['Edulib', 90], ['Nathan', 12], ['Others', 3]),
    ],
    [
      'ties kept in their given order',
      apps(['Bordas', 8], ['Anglais', 8], ['Zeta', 8]),
      2,
      'Autres',
      apps(['Bordas', 8], ['Anglais', 8], ['Autres', 8]),
    ],
    ['no group when the rest has no user', apps(['A', 9], ['B', 0], ['C', 0]), 1, 'Autres', apps(['A', 9])],
    ['the rest left out without a label', apps(['A', 9], ['B', 5], ['C', 2]), 2, undefined, apps(['A', 9], ['B', 5])],
    ['a top of one', apps(['A', 1_000_000], ['B', 250_000], ['C', 1]), 1, 'Autres', apps(['A', 1_000_000], ['Autres', 250_001])],
  ])('%s', (_case, usersApp, top, othersLabel, expected) => {
    expect(groupTopApplications(usersApp, top, othersLabel)).toEqual(expected);
  });

  it('leaves the given list untouched', () => {
    const usersApp = apps(['B', 1], ['A', 2]);
    groupTopApplications(usersApp, 1, 'Autres');
    expect(usersApp).toEqual(apps(['B', 1], ['A', 2]));
  });

  it.each([0, -1, 2.5, Number.NaN])('refuses a top of %s', (top) => {
    expect(() => groupTopApplications(apps(['A', 1]), top, 'Autres')).toThrow(RangeError);
  });
});
