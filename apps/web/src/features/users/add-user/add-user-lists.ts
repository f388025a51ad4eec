import { compareFrench, type School, type SchoolApplication, type SchoolUser } from '@console/contract';

/** What the add-user form offers (spec 3 §4 "Add user"), derived from the school's non-disabled users. */
export type AddUserChoices = {
  levels: string[];
  classes: string[];
  subjects: string[];
  /** Option names, sorted by name. */
  options: string[];
  /** Applications, in their catalogue order. */
  applications: SchoolApplication[];
};

function distinctSorted(values: readonly (string | null)[]): string[] {
  const found = new Set<string>();
  for (const value of values) {
    const trimmed = value?.trim();
    if (trimmed) found.add(trimmed);
  }
  return [...found].sort(compareFrench);
}

/**
 * Levels and subjects come from every active user; classes, options and applications from the
 * chosen level's users. A level nobody has yet (just added) offers no class, but the school's
 * options and the whole catalogue, so that its first user can still be equipped.
 */
export function addUserChoicesOf(
  school: Pick<School, 'options' | 'applications'> & { users: readonly SchoolUser[] },
  level: string,
): AddUserChoices {
  const active = school.users.filter((user) => !user.disabled);
  const chosenLevel = level.trim();
  const levelUsers = chosenLevel ? active.filter((user) => user.level?.trim() === chosenLevel) : [];
  const isScoped = levelUsers.length > 0;
  const catalogue = [...school.applications].sort((first, second) => first.order - second.order);
  return {
    levels: distinctSorted(active.map((user) => user.level)),
    classes: chosenLevel
      ? distinctSorted(levelUsers.map((user) => user.className))
      : distinctSorted(active.map((user) => user.className)),
    subjects: distinctSorted(active.map((user) => user.subject)),
    options: isScoped
      ? distinctSorted(levelUsers.flatMap((user) => user.options))
      : distinctSorted(school.options.map((option) => option.name)),
    applications: isScoped
      ? catalogue.filter((application) =>
          levelUsers.some((user) => user.applications[String(application.idApplication)]?.status === 1),
        )
      : catalogue,
  };
}
