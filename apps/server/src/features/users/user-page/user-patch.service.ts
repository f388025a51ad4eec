import {
  cleanNames,
  compareFrench,
  generatePrintablePassword,
  PROFILES,
  profileNameOf,
  signsInByLink,
  users,
  type SchoolUser,
  type UserPatch,
  type ProfileName,
} from '@console/contract';
import { writeAudit } from '#platform/audit/audit.js';
import { storePassword } from '#platform/auth/passwords.js';
import { randomToken, secureIntegers } from '#platform/auth/secrets.js';
import { deleteUserSessionRows, forgetUserSessions } from '#platform/auth/sessions.js';
import { editorLabel, type ServiceContext } from '#platform/context.js';
import type { Executor } from '#platform/db/client.js';
import type { users as userTable } from '#platform/db/schema/index.js';
import { AppError, validationError } from '#platform/errors/app-error.js';
import { planAccessEdits, SECRET_BEFORE, SECRET_CHANGED, writeAccessEdits } from './user-application-edit.service.js';
import {
  addManagedSchool,
  listManagedSchools,
  listSchoolOptionRows,
  removeManagedSchools,
  replaceUserOptions,
  updateUserRow,
} from './user-edit.repository.js';
import { loadEditRules } from './user-edit.service.js';
import { listUserOptions } from './user-page.repository.js';
import { revealSecret } from './user-page.service.js';
import { findManageableUser, type UserRecord } from '#platform/auth/access.js';
import { readGridRow } from '../users.shared.js';
import {
  diffFields,
  findForeignOptions,
  hasDuplicateOption,
  passwordTransitionOf,
  refuseProfileChange,
} from '../users.policy.js';

/** An option id that is not an option of the user's school. */
export const UNKNOWN_OPTION = 'users.errors.unknown_option';

type UserValues = Partial<typeof userTable.$inferInsert>;

/** What one part of a grid edit changes: the user row's columns, and the audit log's before and after. */
type PartChange = { values: UserValues; before: Record<string, unknown>; after: Record<string, unknown> } | null;

/**
 * The stored password and manager schools that follow a profile change: printable (encrypted)
 * to staff hashes the same password; staff to pupil or teacher gets a new printable password;
 * a new Gestionnaire manages the user's school; a former one manages none. A staff member who
 * becomes a pupil or teacher gets a new sign-in link: a token kept from before was never meant
 * to open an account and may have been seen.
 */
async function followProfileChange(ctx: ServiceContext, tx: Executor, user: UserRecord, from: ProfileName, to: ProfileName) {
  const values: UserValues = { profileId: PROFILES[to] };
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  const key = ctx.env.encryptionKey;
  const transition = passwordTransitionOf(from, to);
  if (transition !== 'none') {
    const printable =
      transition === 'hash_printable' ? revealSecret(key, user.passwordEncrypted) : generatePrintablePassword(secureIntegers);
    Object.assign(
      values,
      printable === null
        ? { passwordHash: null, passwordEncrypted: null }
        : await storePassword(key, printable, transition === 'generate_printable'),
    );
    before.password = SECRET_BEFORE;
    after.password = SECRET_CHANGED;
  }
  if (!signsInByLink(from) && signsInByLink(to)) {
    values.linkToken = randomToken();
    before.linkToken = SECRET_BEFORE;
    after.linkToken = SECRET_CHANGED;
  }
  if (from === 'Gestionnaire') {
    before.managedSchools = await listManagedSchools(tx, user.id);
    after.managedSchools = [];
    await removeManagedSchools(tx, user.id);
  }
  if (to === 'Gestionnaire' && user.uai !== null) {
    before.managedSchools = [];
    after.managedSchools = [user.uai];
    await addManagedSchool(tx, user.id, user.uai);
  }
  return { values, before, after };
}

/**
 * Some fields of a user (names cleaned by the school's rules). Throws `forbidden` for a profile
 * the caller may not give or their own, `validation_failed` for a blank cleaned name or a
 * manager or school administrator left without e-mail.
 */
async function patchInformations(
  ctx: ServiceContext,
  tx: Executor,
  user: UserRecord,
  value: users.InformationsPatch,
): Promise<PartChange> {
  const currentProfile = profileNameOf(user.profileId) ?? 'Eleve';
  const nextProfile = value.profile ?? currentProfile;
  const refusal = refuseProfileChange(ctx.actor, { id: user.id, profile: currentProfile }, nextProfile);
  if (refusal === 'own_profile') throw new AppError('forbidden', 'Nobody changes their own profile', { reason: 'own_profile' });
  if (refusal === 'not_assignable')
    throw new AppError('forbidden', `This profile change is not allowed to ${ctx.actor.profile}`, {
      reason: 'profile_not_assignable',
    });

  const next: users.InformationsPatch = { ...value };
  const fieldErrors: Record<string, string[]> = {};
  // The school's rules are read only when a name or the e-mail is edited (a level or a class needs none).
  const needsRules = value.firstname !== undefined || value.lastname !== undefined || value.email !== undefined;
  const edit = needsRules ? await loadEditRules(tx, user.uai) : undefined;
  if (edit) {
    const { cleaned, missing } = cleanNames({ firstname: value.firstname, lastname: value.lastname }, edit.rules);
    Object.assign(next, cleaned);
    Object.assign(fieldErrors, users.missingNameErrors(missing, users.NAME_FIELD_PATHS.grid));
  }
  // The school's requirement holds on an edit of the e-mail (no clearing it); a grid edit of another
  // field of a user stored without one is not refused for a field the grid cannot fill in.
  const email = value.email !== undefined ? value.email : user.email;
  const missingEmail = users.missingEmailMessage(nextProfile, Boolean(edit?.emailRequired) && value.email !== undefined, email);
  if (missingEmail !== null) fieldErrors.email = [missingEmail];
  if (Object.keys(fieldErrors).length > 0) throw validationError(fieldErrors);

  const current: Record<users.EditableField, unknown> = {
    lastname: user.lastname,
    firstname: user.firstname,
    level: user.level,
    className: user.className,
    profile: currentProfile,
    tabletNumber: user.tabletNumber,
    comment: user.comment,
    subject: user.subject,
    email: user.email,
    adminMode: user.adminMode,
  };
  const fields = diffFields(current, next);
  if (!fields) return null;
  // The editable fields other than the profile are the user table's columns of the same name.
  const { profile: _profile, ...columns } = fields.after;
  const change = { values: columns as UserValues, before: fields.before, after: fields.after };
  if (nextProfile === currentProfile) return change;
  const followed = await followProfileChange(ctx, tx, user, currentProfile, nextProfile);
  return {
    values: { ...change.values, ...followed.values },
    before: { ...change.before, ...followed.before },
    after: { ...change.after, ...followed.after },
  };
}

/**
 * A user's whole option list. Throws `conflict` (fieldErrors.options) when an option is given
 * twice, `validation_failed` when one is not an option of the user's school.
 */
async function patchOptions(
  tx: Executor,
  user: UserRecord,
  list: readonly { idOption: number; ordre: number }[],
): Promise<PartChange> {
  if (hasDuplicateOption(list))
    throw new AppError('conflict', 'An option is given twice', {
      reason: 'duplicate_option',
      fieldErrors: { options: [users.DUPLICATE_OPTION] },
    });
  const schoolOptions = user.uai === null ? [] : await listSchoolOptionRows(tx, user.uai);
  const names = new Map(schoolOptions.map((option) => [option.id, option.name]));
  if (findForeignOptions(list, new Set(names.keys())).length > 0) throw validationError({ options: [UNKNOWN_OPTION] });
  const stored = await listUserOptions(tx, user.id);
  const wanted = list
    .map((item) => ({ name: names.get(item.idOption)!, ordre: item.ordre }))
    .sort((left, right) => left.ordre - right.ordre || compareFrench(left.name, right.name));
  const fields = diffFields(
    { options: stored.map((option) => ({ name: option.name, ordre: option.ordre })) },
    { options: wanted },
  );
  if (!fields) return null;
  await replaceUserOptions(tx, user.id, list);
  return { values: {}, ...fields };
}

/** One application access of a user (status 1, 0 or 2 as `planAccessChange` reads them). Throws `validation_failed` with the body's field names. */
async function patchApplication(
  ctx: ServiceContext,
  tx: Executor,
  user: UserRecord,
  value: users.ApplicationPatch,
): Promise<PartChange> {
  const { informations } = value;
  const key = ctx.env.encryptionKey;
  const given = users.credentialsOf(informations, users.CREDENTIAL_NAMES.grid);
  const plan = await planAccessEdits(tx, key, user, [
    {
      applicationId: informations.idApplication,
      request: { status: informations.status, ...given },
      paths: { application: 'idApplication', ...users.credentialErrorPaths('', users.CREDENTIAL_NAMES.grid) },
    },
  ]);
  if (Object.keys(plan.fieldErrors).length > 0) throw validationError(plan.fieldErrors);
  if (plan.edits.length === 0) return null;
  const audit = await writeAccessEdits(tx, key, user.id, plan.edits);
  return { values: {}, before: { applications: audit.before }, after: { applications: audit.after } };
}

/**
 * One grid edit of a user of the caller's schools: some fields, the option list, or one
 * application. One transaction with `updatedAt`, `updatedBy` and one audit entry; nothing
 * changed, no write. A change of the stored password (a profile change) ends the user's other
 * sessions. Throws `not_found` out of reach, `forbidden` for a user the caller may not act on.
 * Answers the user's grid row.
 */
export async function patchUser(ctx: ServiceContext, id: number, patch: UserPatch): Promise<{ user: SchoolUser }> {
  // The answer is read inside the transaction: once it commits, nothing can fail it.
  const { outcome, row } = await ctx.db.transaction(async (tx) => {
    const user = await findManageableUser(tx, ctx.actor, id, { forUpdate: true });
    const answer = async (outcome: 'unchanged' | 'changed' | 'credentials_changed') => ({
      outcome,
      row: await readGridRow(tx, user.id),
    });
    let change: PartChange;
    switch (patch.key) {
      case 'informations':
        change = await patchInformations(ctx, tx, user, patch.value);
        break;
      case 'options':
        change = await patchOptions(tx, user, patch.value);
        break;
      case 'applications':
        change = await patchApplication(ctx, tx, user, patch.value);
        break;
    }
    if (!change) return answer('unchanged');
    await updateUserRow(tx, user.id, { ...change.values, updatedAt: new Date(), updatedBy: editorLabel(ctx.actor) });
    await writeAudit(tx, {
      actor: ctx.actor,
      action: 'update',
      entity: 'user',
      entityId: user.id,
      uai: user.uai,
      before: change.before,
      after: change.after,
    });
    const credentialsChanged = 'password' in change.after;
    if (credentialsChanged) await deleteUserSessionRows(tx, user.id, ctx.actor.sessionId);
    return answer(credentialsChanged ? 'credentials_changed' : 'changed');
  });
  if (outcome === 'credentials_changed') forgetUserSessions(ctx.db, id, { ended: true, exceptSessionId: ctx.actor.sessionId });
  else if (outcome === 'changed') forgetUserSessions(ctx.db, id, { ended: false });
  return { user: row };
}
