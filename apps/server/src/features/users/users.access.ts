import { nameRulesOf, type NameRules, type SchoolUser } from '@console/contract';
import { eq, sql } from 'drizzle-orm';
import { schoolScopeCondition } from '../../platform/auth/school-scope.js';
import { assertMayActOnUsers } from '../../platform/auth/user-access.js';
import type { Actor } from '../../platform/context.js';
import type { Executor } from '../../platform/db/client.js';
import { regexSettings, schools, users } from '../../platform/db/schema/index.js';
import { AppError } from '../../platform/errors/app-error.js';
import { presentSchoolUsers } from '../schools/schools.presenter.js';
import { listUserRows } from '../schools/schools.repository.js';

/**
 * What every users-area service shares: reaching users within the caller's schools (404 for
 * anything else, whether unknown or out of reach, so that nothing tells one from the other) and
 * acting only on those whose account is not above the caller's (403, platform/auth/user-access.ts),
 * reading grid rows, and a school's name rules.
 */

export type UserRecord = typeof users.$inferSelect;

export const userNotFound = () => new AppError('not_found', 'No such user');

/**
 * The users of `ids` the caller may act on, locked for update within the caller's transaction, in
 * the order of `ids`. Throws `not_found` when any id is unknown or out of reach, `forbidden` when
 * the caller may not act on one of them (platform/auth/user-access.ts): a bulk action touching one
 * such user changes nobody.
 */
export async function lockManageableUsers(tx: Executor, actor: Actor, ids: readonly number[]): Promise<UserRecord[]> {
  const rows = await selectReachableUsers(tx, actor, ids, true);
  await assertMayActOnUsers(tx, actor, rows);
  return rows;
}

/**
 * The same users as `lockManageableUsers`, without a lock: for actions that read users and change
 * nothing of them (mailing them, calling an outside service), so that no lock is held meanwhile.
 */
export async function readManageableUsers(db: Executor, actor: Actor, ids: readonly number[]): Promise<UserRecord[]> {
  const rows = await selectReachableUsers(db, actor, ids, false);
  await assertMayActOnUsers(db, actor, rows);
  return rows;
}

async function selectReachableUsers(
  db: Executor,
  actor: Actor,
  ids: readonly number[],
  forUpdate: boolean,
): Promise<UserRecord[]> {
  const unique = [...new Set(ids)];
  const query = db
    .select()
    .from(users)
    .where(sql`${users.id} = any(${sql.param(unique)}::int[]) and ${schoolScopeCondition(actor, users.uai)}`);
  const rows = forUpdate ? await query.for('update') : await query;
  if (rows.length !== unique.length) throw userNotFound();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return unique.map((id) => byId.get(id)!);
}

type FindOptions = { allowSelf?: boolean; forUpdate?: boolean };

/**
 * One user the caller reaches, to read: a user of their schools, or themself when `allowSelf`
 * (the user page). Throws `not_found` otherwise.
 */
export async function findReachableUser(
  db: Executor,
  actor: Actor,
  id: number,
  { allowSelf = false, forUpdate = false }: FindOptions = {},
): Promise<UserRecord> {
  const selfCondition = allowSelf ? sql`${users.id} = ${actor.id} or ` : sql``;
  const query = db
    .select()
    .from(users)
    .where(sql`${users.id} = ${id} and (${selfCondition}${schoolScopeCondition(actor, users.uai)})`)
    .limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw userNotFound();
  return row;
}

/**
 * One user the caller reaches and may act on (themself included when `allowSelf`). Throws
 * `not_found` out of reach, `forbidden` when the caller may not act on them.
 */
export async function findManageableUser(db: Executor, actor: Actor, id: number, options: FindOptions = {}): Promise<UserRecord> {
  const row = await findReachableUser(db, actor, id, options);
  await assertMayActOnUsers(db, actor, [row]);
  return row;
}

/** The grid rows of some users (after a change), in the grid's order (last name, first name). */
export async function readGridRows(db: Executor, ids: readonly number[]): Promise<SchoolUser[]> {
  if (ids.length === 0) return [];
  return presentSchoolUsers(await listUserRows(db, { ids }));
}

/** One grid row; throws `not_found` when the user is gone. */
export async function readGridRow(db: Executor, id: number): Promise<SchoolUser> {
  const [row] = await readGridRows(db, [id]);
  if (!row) throw userNotFound();
  return row;
}

export type SchoolNaming = { rules: NameRules; extension: string; emailRequired: boolean; name: string };

/** A school's name rules (global regex settings, its own login pattern), extension and e-mail requirement. */
export async function loadSchoolNaming(db: Executor, uai: string): Promise<SchoolNaming> {
  const [[school], regexRows] = await Promise.all([
    db
      .select({
        name: schools.name,
        extension: schools.extension,
        regexEstab: schools.regexEstab,
        emailRequired: schools.emailRequired,
      })
      .from(schools)
      .where(eq(schools.uai, uai))
      .limit(1),
    db.select().from(regexSettings),
  ]);
  if (!school) throw new AppError('not_found', 'No such school');
  const rules = nameRulesOf({
    regexGlobal: regexRows.map((row) => ({
      field: row.fieldName,
      conversion: row.regexConversion,
      special: row.regexSpecial,
      structure: row.regexStructure,
    })),
    regexEstab: school.regexEstab,
  });
  return { rules, extension: school.extension, emailRequired: school.emailRequired, name: school.name };
}

/** Whether a login is taken by another user (case-insensitive, as the unique index compares; the bin counts too). */
export async function isLoginTaken(db: Executor, login: string, exceptUserId?: number): Promise<boolean> {
  const result = await db.execute<{ taken: boolean }>(sql`
    select exists (select 1 from users where lower(login) = lower(${login}) and id <> ${exceptUserId ?? 0})
      or exists (select 1 from deleted_users where lower(login) = lower(${login}) and user_id <> ${exceptUserId ?? 0}) as taken`);
  return Boolean(result.rows[0]?.taken);
}

/** "Firstname Lastname" of the caller, as createdBy, updatedBy and deletedBy hold it. */
export function editorLabel(actor: Pick<Actor, 'firstname' | 'lastname'>): string {
  return `${actor.firstname} ${actor.lastname}`.trim();
}
