import { imports, profileNameOf } from '@console/contract';
import { findSchoolUsers, type SchoolUserRow } from '../imports.repository.js';
import type { PlannedFields } from '../plan.js';
import { problemAt, type PlanContext } from './plan-context.js';

type KeyedLine = { line: number; userId: number | null; login: string | null };

/**
 * The users whose rows one query reads. The database answers on the main thread (on the embedded
 * default, PGlite runs the query there too: see platform/workers): the 50,000 users of a large
 * update, with their accesses, held it for more than a second at once and twice in memory (its
 * rows and their copy for the worker). A thousand at a time keeps each read under about 100 ms.
 */
export const USERS_PER_READ = 1_000;

/**
 * The users the lines of an update or teaching file name, by id or login, among the users of the
 * import's school only (a query per USERS_PER_READ keys): a user of another school is as unknown
 * as one that does not exist. With `oncePerUser`, a second line naming the same user (one by id, one by login) is a
 * problem naming the first.
 */
export async function resolveLineUsers<L extends KeyedLine>(
  plan: PlanContext,
  sources: readonly L[],
  options: { oncePerUser: boolean } = { oncePerUser: true },
): Promise<{ found: { source: L; user: SchoolUserRow }[]; problems: imports.ImportProblem[] }> {
  const ids = sources.flatMap((source) => (source.userId === null ? [] : [source.userId]));
  const logins = sources.flatMap((source) => (source.login === null ? [] : [source.login]));
  const users: SchoolUserRow[] = [];
  for (let start = 0; start < Math.max(ids.length, logins.length); start += USERS_PER_READ) {
    const end = start + USERS_PER_READ;
    users.push(
      ...(await findSchoolUsers(plan.ctx.db, plan.uai, { ids: ids.slice(start, end), logins: logins.slice(start, end) })),
    );
  }
  const byId = new Map(users.map((user) => [user.id, user]));
  const byLogin = new Map(users.map((user) => [user.login.toLowerCase(), user]));
  const problems: imports.ImportProblem[] = [];
  const found: { source: L; user: SchoolUserRow }[] = [];
  const firstLine = new Map<number, number>();
  for (const source of sources) {
    const user = source.userId !== null ? byId.get(source.userId) : byLogin.get(source.login!.toLowerCase());
    if (!user) {
      const field = source.userId !== null ? imports.fieldLabel('userId') : imports.fieldLabel('login');
      problems.push(problemAt(source.line, imports.IMPORT_ERRORS.unknownUser, field, { user: source.userId ?? source.login! }));
      continue;
    }
    const earlier = firstLine.get(user.id);
    if (options.oncePerUser && earlier !== undefined) {
      problems.push(problemAt(source.line, imports.IMPORT_ERRORS.duplicateUser, null, { line: earlier }));
      continue;
    }
    if (earlier === undefined) firstLine.set(user.id, source.line);
    found.push({ source, user });
  }
  return { found, problems };
}

/** A user of the school as the preview shows them once the planned `fields` are applied; the password only when given. */
export function informationsAfter(
  plan: PlanContext,
  user: SchoolUserRow,
  fields: Partial<PlannedFields>,
  password: string | null,
): imports.ImportUser['informations'] {
  return {
    uai: plan.uai,
    profile: profileNameOf(fields.profileId ?? user.profile_id)!,
    lastName: fields.lastname ?? user.lastname,
    firstName: fields.firstname ?? user.firstname,
    login: fields.login ?? user.login,
    password: plan.revealPasswords ? password : null,
    level: fields.level ?? user.level,
    class: fields.className ?? user.class_name,
    adminMode: fields.adminMode ?? user.admin_mode,
    subject: fields.subject ?? user.subject,
    email: fields.email ?? user.email,
  };
}
