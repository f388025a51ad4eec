export type ApplicationCount = { name: string; count: number };

/**
 * The `top` most used applications, most used first (ties keep their given order). With an
 * `othersLabel`, the applications left over follow as one group of that name summing their users,
 * unless they have none; without it they are left out. Throws a RangeError when `top` is not a
 * positive integer.
 */
export function groupTopApplications(
  usersApp: readonly ApplicationCount[],
  top: number,
  othersLabel?: string,
): ApplicationCount[] {
  if (!Number.isInteger(top) || top < 1) throw new RangeError(`top must be a positive integer, got ${top}`);
  const sorted = [...usersApp].sort((first, second) => second.count - first.count);
  const kept = sorted.slice(0, top);
  if (othersLabel === undefined) return kept;
  const othersCount = sorted.slice(top).reduce((sum, application) => sum + application.count, 0);
  return othersCount > 0 ? [...kept, { name: othersLabel, count: othersCount }] : kept;
}
