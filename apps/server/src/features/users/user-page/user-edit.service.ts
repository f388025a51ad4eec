import {
  REQUIRED,
  cleanNames,
  meetsPasswordRules,
  profileNameOf,
  users,
  type NameRules,
  type UserPage,
  type UserPageUpdate,
} from '@console/contract';
import { writeAudit } from '#platform/audit/audit.js';
import { storePassword } from '#platform/auth/passwords.js';
import { deleteUserSessionRows, forgetUserSessions } from '#platform/auth/sessions.js';
import { editorLabel, type ServiceContext } from '#platform/context.js';
import type { Executor } from '#platform/db/client.js';
import { AppError, validationError } from '#platform/errors/app-error.js';
import { hasPrintablePassword } from '#features/auth/auth.policy.js';
import { planAccessEdits, SECRET_BEFORE, SECRET_CHANGED, writeAccessEdits } from './user-application-edit.service.js';
import { loadGlobalNameRules, updateUserRow } from './user-edit.repository.js';
import { presentPageOf, revealSecret } from './user-page.service.js';
import { findManageableUser, findReachableUser, type UserRecord } from '#platform/auth/access.js';
import { isLoginTaken } from '../users.repository.js';
import { loadSchoolNaming } from '../users.shared.js';
import { canEditUserPage, diffFields } from '../users.policy.js';

/** The translation key of the password rules (spec 1 §5), as the password-change form reports it. */
export const PASSWORD_RULES = 'password_rules';

/** What an edit of a user checks: their school's name rules and e-mail requirement; the global rules and none for staff without a school. */
export async function loadEditRules(db: Executor, uai: string | null): Promise<{ rules: NameRules; emailRequired: boolean }> {
  if (uai === null) return { rules: await loadGlobalNameRules(db), emailRequired: false };
  const { rules, emailRequired } = await loadSchoolNaming(db, uai);
  return { rules, emailRequired };
}

function loginTaken(): AppError {
  return new AppError('conflict', 'This login is taken', {
    reason: 'username_taken',
    fieldErrors: { 'informations.login': [users.USERNAME_TAKEN] },
  });
}

type PasswordChange = { values: { passwordHash: string | null; passwordEncrypted: string | null } } | null;

/**
 * The password the form asks to store: a printable one is required (stored encrypted; the same
 * value again is no change); a staff one is kept when blank, else must meet the password rules
 * and is hashed. Adds its field error to `fieldErrors`.
 */
async function planPasswordChange(
  ctx: ServiceContext,
  user: UserRecord,
  password: string | undefined,
  fieldErrors: Record<string, string[]>,
): Promise<PasswordChange> {
  const clear = password?.trim() ?? '';
  const isPrintable = hasPrintablePassword(profileNameOf(user.profileId) ?? 'Eleve');
  if (isPrintable) {
    if (clear === '') fieldErrors['informations.password'] = [REQUIRED];
    else if (clear !== revealSecret(ctx.env.encryptionKey, user.passwordEncrypted))
      return { values: await storePassword(ctx.env.encryptionKey, clear, true) };
    return null;
  }
  if (clear === '') return null;
  if (!meetsPasswordRules(clear)) {
    fieldErrors['informations.password'] = [PASSWORD_RULES];
    return null;
  }
  return { values: await storePassword(ctx.env.encryptionKey, clear, false) };
}

/**
 * Updates a user's access (names and login cleaned by the school's rules, password, e-mail) and
 * applications from the user page, in one transaction with one audit entry; nothing changed, no
 * write; a new password or login ends the user's other sessions. Throws `not_found` out of reach,
 * `forbidden` for a pupil or teacher on their own page or a user the caller may not act on,
 * `validation_failed` with field errors, `conflict` for a login taken. Answers the fresh page.
 */
export async function updateUserPage(ctx: ServiceContext, id: number, body: UserPageUpdate): Promise<UserPage> {
  // Everything the answer needs is read inside the transaction: once it commits, nothing can fail it.
  const { outcome, page } = await ctx.db.transaction(async (tx) => {
    if (!canEditUserPage(ctx.actor, id))
      throw new AppError('forbidden', 'This page may not be edited', { reason: 'page_not_editable' });
    const user = await findManageableUser(tx, ctx.actor, id, { allowSelf: true, forUpdate: true });
    const profile = profileNameOf(user.profileId) ?? 'Eleve';
    const { rules, emailRequired } = await loadEditRules(tx, user.uai);
    const { informations } = body;
    const { cleaned, missing } = cleanNames(
      { firstname: informations.firstName, lastname: informations.lastName, login: informations.login },
      rules,
    );
    const names = { firstname: cleaned.firstname!, lastname: cleaned.lastname!, login: cleaned.login! };
    const fieldErrors = users.missingNameErrors(missing, users.NAME_FIELD_PATHS.userPage);
    const email = body.informations.email;
    const missingEmail = users.missingEmailMessage(profile, emailRequired, email);
    if (missingEmail !== null) fieldErrors['informations.email'] = [missingEmail];
    const password = await planPasswordChange(ctx, user, body.informations.password, fieldErrors);
    const accessPlan = await planAccessEdits(
      tx,
      ctx.env.encryptionKey,
      user,
      body.applications.map((item, index) => {
        const given = users.credentialsOf(item, users.CREDENTIAL_NAMES.userPage);
        return {
          applicationId: item.applicationId,
          request: { status: item.status, ...given },
          paths: {
            application: `applications.${index}.applicationId`,
            ...users.credentialErrorPaths(`applications.${index}.`, users.CREDENTIAL_NAMES.userPage),
          },
        };
      }),
    );
    Object.assign(fieldErrors, accessPlan.fieldErrors);
    if (Object.keys(fieldErrors).length > 0) throw validationError(fieldErrors);
    if (names.login !== user.login && (await isLoginTaken(tx, names.login, user.id))) throw loginTaken();

    const fields = diffFields(
      { firstname: user.firstname, lastname: user.lastname, login: user.login, email: user.email },
      { ...names, email },
    );
    const present = async (outcome: 'unchanged' | 'changed' | 'credentials_changed') => ({
      outcome,
      page: await presentPageOf(ctx, tx, await findReachableUser(tx, ctx.actor, id, { allowSelf: true })),
    });
    if (!fields && !password && accessPlan.edits.length === 0) return present('unchanged');
    const accessAudit = await writeAccessEdits(tx, ctx.env.encryptionKey, user.id, accessPlan.edits);
    await updateUserRow(tx, user.id, {
      ...(fields && { ...names, email }),
      ...password?.values,
      updatedAt: new Date(),
      updatedBy: editorLabel(ctx.actor),
    });
    await writeAudit(tx, {
      actor: ctx.actor,
      action: 'update',
      entity: 'user',
      entityId: user.id,
      uai: user.uai,
      before: {
        ...fields?.before,
        ...(password && { password: SECRET_BEFORE }),
        ...(accessPlan.edits.length > 0 && { applications: accessAudit.before }),
      },
      after: {
        ...fields?.after,
        ...(password && { password: SECRET_CHANGED }),
        ...(accessPlan.edits.length > 0 && { applications: accessAudit.after }),
      },
    });
    const credentialsChanged = password !== null || names.login !== user.login;
    // A reset password or login ends the user's other sessions, as their own password change does.
    if (credentialsChanged) await deleteUserSessionRows(tx, id, ctx.actor.sessionId);
    return present(credentialsChanged ? 'credentials_changed' : 'changed');
  });
  if (outcome === 'credentials_changed') forgetUserSessions(ctx.db, id, { ended: true, exceptSessionId: ctx.actor.sessionId });
  else if (outcome === 'changed') forgetUserSessions(ctx.db, id, { ended: false });
  return page;
}
