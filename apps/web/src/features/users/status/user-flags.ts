import type { SchoolApplication, SchoolUser } from '@console/contract';

const LLS_NAME = 'lelivrescolaire.fr';
const QUIZEO_NAME = 'quizeo';

function hasApplicationNamed(user: SchoolUser, applications: readonly SchoolApplication[], name: string): boolean {
  const application = applications.find((candidate) => candidate.name.trim().toLowerCase() === name);
  return application !== undefined && user.applications[String(application.idApplication)]?.status === 1;
}

/**
 * A user as `PATCH /users/deactivate` takes them: whether they have Lelivrescolaire.fr and
 * Quizeo enabled, found by name in the school's catalogue (their ids differ between deployments).
 */
export function deactivationEntryOf(user: SchoolUser, applications: readonly SchoolApplication[]) {
  return {
    id: user.id,
    lls: hasApplicationNamed(user, applications, LLS_NAME),
    quizeo: hasApplicationNamed(user, applications, QUIZEO_NAME),
  };
}
