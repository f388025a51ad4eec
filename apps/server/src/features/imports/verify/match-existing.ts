import { PROFILES, toSearchKey, type imports } from '@console/contract';
import { listActionableUserIds } from '#platform/auth/access.js';
import { listSchoolUsersOfProfiles, type MatchableUserRow } from '../imports.repository.js';
import type { PlanContext } from './plan-context.js';

type InitialLine = Extract<imports.ImportedLine, { mode: 'users_initial' }>;
type UpdateLine = Extract<imports.ImportedLine, { mode: 'users_update' }>;

/** How a new-users line names a user already in the school. */
export type ExistingMatch = { userId: number; by: 'login' | 'names' };

/** A new-users line as the matching reads it: its names cleaned by the school's rules, the login it gives (cleaned) or null. */
export type MatchDraft = { source: InitialLine; firstname: string; lastname: string; login: string | null };

const nameKey = (profileId: number, lastname: string, firstname: string) =>
  `${profileId}\u0000${toSearchKey(lastname.trim())}\u0000${toSearchKey(firstname.trim())}`;

/** Whether a line and a user of the same names are in the same place: the same level or class, or, when the line gives neither, anywhere. */
function samePlace(source: InitialLine, user: MatchableUserRow): boolean {
  const { level, class: className } = source.informations;
  if (level === null && className === null) return true;
  if (level !== null && level === user.level) return true;
  return className !== null && user.class_name !== null && className.toLowerCase() === user.class_name.toLowerCase();
}

/**
 * The lines of a new-users file that name a user already in the school (spec 3 §2.8; seen: the
 * same file verified again would have created every pupil twice, each with a `2` in its login):
 * a line giving a login names that login's user; a line without one names the user of the same
 * profile and names (accents and case aside) in the same level or class. Each user is named once,
 * in file order, so that two namesakes of a class already there match two users and a third is
 * new. Only users the caller may act on are named: the others stay as they are. Two queries,
 * whatever the number of lines.
 */
export async function matchExistingUsers(plan: PlanContext, drafts: readonly MatchDraft[]): Promise<Map<number, ExistingMatch>> {
  const { db, actor } = plan.ctx;
  const profileIds = [...new Set(drafts.map((draft) => PROFILES[draft.source.informations.profile]))];
  const rows = await listSchoolUsersOfProfiles(db, plan.uai, profileIds);
  const actionable = await listActionableUserIds(
    db,
    actor,
    rows.map((row) => ({ id: row.id, profileId: row.profile_id })),
  );
  const byLogin = new Map<string, MatchableUserRow>();
  const byName = new Map<string, MatchableUserRow[]>();
  for (const row of rows) {
    if (!actionable.has(row.id)) continue;
    byLogin.set(row.login.toLowerCase(), row);
    const key = nameKey(row.profile_id, row.lastname, row.firstname);
    const namesakes = byName.get(key);
    if (namesakes) namesakes.push(row);
    else byName.set(key, [row]);
  }
  const claimed = new Set<number>();
  const matches = new Map<number, ExistingMatch>();
  // A login names its user whatever the names; a line giving a login no user of the school holds is a new account.
  for (const draft of drafts) {
    const user = draft.login === null ? undefined : byLogin.get(draft.login.toLowerCase());
    if (!user || claimed.has(user.id)) continue;
    claimed.add(user.id);
    matches.set(draft.source.line, { userId: user.id, by: 'login' });
  }
  for (const draft of drafts) {
    if (draft.login !== null) continue;
    const key = nameKey(PROFILES[draft.source.informations.profile], draft.lastname, draft.firstname);
    const user = byName.get(key)?.find((candidate) => !claimed.has(candidate.id) && samePlace(draft.source, candidate));
    if (!user) continue;
    claimed.add(user.id);
    matches.set(draft.source.line, { userId: user.id, by: 'names' });
  }
  return matches;
}

/**
 * A matched new-users line as the update of its user: the values the line gives (an empty cell
 * changes nothing, as in an update file), the Admin mode only when the file says it, the options
 * only when the line names some, never the login (the user keeps theirs).
 */
export function asUpdateLine(source: InitialLine, userId: number): UpdateLine {
  const { informations } = source;
  const changes: UpdateLine['changes'] = {
    profile: informations.profile,
    lastName: informations.lastName,
    firstName: informations.firstName,
  };
  for (const field of ['password', 'level', 'class', 'subject', 'email', 'comment', 'tabletNumber'] as const) {
    const value = informations[field];
    if (value !== null) changes[field] = value;
  }
  if (source.adminModeGiven) changes.adminMode = informations.adminMode;
  return {
    mode: 'users_update',
    line: source.line,
    userId,
    login: null,
    changes,
    options: source.options.length > 0 ? source.options : null,
    applications: source.applications,
  };
}
