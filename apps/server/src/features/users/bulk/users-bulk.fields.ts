import { PROFILES, profileNameOf, users as contract, type BulkUpdate, type ProfileName } from '@console/contract';
import { auditUserChanges } from '#platform/audit/audit.js';
import { editorLabel, type ServiceContext } from '#platform/context.js';
import type { Executor } from '#platform/db/client.js';
import { validationError } from '#platform/errors/app-error.js';
import type { UserRecord } from '#platform/auth/access.js';
import { nextStdValue, normaliseStdValue, PROFILE_CHANGE_REFUSED, type BulkOutcome, type StdValue } from './users-bulk.policy.js';
import { writeUserColumn } from './users-bulk.repository.js';
import { buildFieldsUndo } from './users-undo.policy.js';

type StdUpdate = Extract<BulkUpdate, { type: 'std' }>;

/** A user's value of a std column, as the bulk change and its undo speak of it (the profile by name). */
export function stdValueOf(user: UserRecord, column: contract.BulkStdColumn): StdValue {
  switch (column) {
    case 'profile':
      return profileNameOf(user.profileId) ?? null;
    case 'adminMode':
      return user.adminMode;
    default:
      return user[column];
  }
}

/** The value as stored: the profile as its id. */
function storedValueOf(column: contract.BulkStdColumn, value: StdValue): StdValue {
  return column === 'profile' && typeof value === 'string' ? PROFILES[value as ProfileName] : value;
}

/** Writes each user's new value of a column and answers one audit entry per changed user. */
export async function writeFieldValues(
  tx: Executor,
  ctx: ServiceContext,
  column: contract.BulkStdColumn,
  changes: readonly { user: UserRecord; before: StdValue; after: StdValue }[],
  action: string,
): Promise<BulkOutcome['audit']> {
  const changed = changes.filter((change) => change.before !== change.after);
  await writeUserColumn(
    tx,
    column,
    changed.map((change) => ({ id: change.user.id, value: storedValueOf(column, change.after) })),
    editorLabel(ctx.actor),
  );
  return auditUserChanges(
    ctx.actor,
    action,
    changed.map((change) => ({
      id: change.user.id,
      uai: change.user.uai,
      before: { [column]: change.before },
      after: { [column]: change.after },
    })),
  );
}

/**
 * A std change (comment, subject, class, level, profile, admin mode) on the selected users.
 * Throws `validation_failed` (fieldErrors.value) for a value the column refuses, or a profile
 * change on a selection holding anyone but pupils and teachers.
 */
export async function changeField(
  tx: Executor,
  ctx: ServiceContext,
  selected: readonly UserRecord[],
  update: StdUpdate,
): Promise<BulkOutcome> {
  const normalised = normaliseStdValue(update.column, update.value, update.column === 'className' ? update.option : undefined);
  if (!normalised.ok) throw validationError({ value: [normalised.error] });
  if (update.column === 'profile') {
    const selection = selected.map((user) => ({
      id: user.id,
      profile: profileNameOf(user.profileId) ?? 'Administrateur',
      disabled: user.disabled,
      adminMode: user.adminMode,
      email: user.email,
      applications: {},
    }));
    const target = normalised.value as ProfileName;
    if (!contract.canBulkChangeProfile(selection) || !contract.assignableProfiles(ctx.actor.profile).includes(target)) {
      throw validationError({ value: [PROFILE_CHANGE_REFUSED] });
    }
  }
  const option = update.column === 'className' ? update.option : undefined;
  const changes = selected.map((user) => {
    const before = stdValueOf(user, update.column);
    return { user, before, after: nextStdValue(update.column, normalised.value, option, before) };
  });
  const audit = await writeFieldValues(tx, ctx, update.column, changes, 'bulk_update');
  return {
    payload: buildFieldsUndo(
      update.column,
      changes.map((change) => ({ id: change.user.id, before: change.before, after: change.after })),
    ),
    audit,
  };
}
