import { REQUIRED, schoolSettings, users as contract, type BulkUpdate } from '@console/contract';
import { auditUserChanges, type AuditEntry } from '#platform/audit/audit.js';
import { decryptSecret, encryptSecret } from '#platform/auth/secrets.js';
import { editorLabel, type ServiceContext } from '#platform/context.js';
import type { Executor } from '#platform/db/client.js';
import { validationError } from '#platform/errors/app-error.js';
import type { UserRecord } from '#platform/auth/access.js';
import { auditOfAccess, type BulkOutcome } from './users-bulk.policy.js';
import { listAccesses, markUsersEdited, upsertAccesses } from './users-bulk.repository.js';
import {
  findApplicationWithPlatform,
  listSchoolPlatformSettings,
  type ApplicationWithPlatform,
  type SchoolPlatformSettings,
} from '../user-catalogue.repository.js';
import { buildApplicationsUndo, type StoredAccess } from './users-undo.policy.js';

type AppUpdate = Extract<BulkUpdate, { type: 'app' }>;

/**
 * The credential fields of an application row (its own flags, its platform's scheme and code
 * flags) for a user of a school: the school's own settings of the platform, when it has them,
 * override the catalogue's (`schoolSettings.schoolCredentialInputs`).
 */
export function credentialFieldsOfRow(
  row: ApplicationWithPlatform,
  school: SchoolPlatformSettings | undefined,
): contract.CredentialFields {
  const inputs = schoolSettings.schoolCredentialInputs(
    {
      urlSchemeLoginRequired: row.url_scheme_login_required,
      urlSchemePwdRequired: row.url_scheme_pwd_required,
      urlSchemeCodeYesNo: row.url_scheme_code_yes_no,
      urlSchemeCodeRequired: row.url_scheme_code_required,
      applicationCodeYesNo: row.application_code_yes_no,
      applicationCodeRequired: row.application_code_required,
      commonCode: row.common_code,
    },
    {
      platformCodeYesNo: row.platform_code_yes_no,
      platformCodeRequired: row.platform_code_required,
      commonCode: row.platform_common_code,
    },
    school?.get(row.platform_id),
  );
  return contract.credentialFieldsOf(inputs.application, inputs.platform);
}

/** The application access audit entries: never a password, only whether one is stored. */
export function auditAccesses(
  ctx: ServiceContext,
  action: string,
  applicationName: string,
  changes: readonly { user: Pick<UserRecord, 'id' | 'uai'>; before: StoredAccess | null; after: StoredAccess | null }[],
): AuditEntry[] {
  return auditUserChanges(
    ctx.actor,
    action,
    changes.map((change) => ({
      id: change.user.id,
      uai: change.user.uai,
      before: auditOfAccess(applicationName, change.before),
      after: {
        ...auditOfAccess(applicationName, change.after),
        ...(change.before?.passwordEncrypted !== change.after?.passwordEncrypted && { passwordChanged: true }),
      },
    })),
  );
}

/** The stored ciphertext for a given platform password: the stored one kept when the clear value is the same. */
function sealPassword(key: Buffer, given: string | null | undefined, stored: string | null): string | null {
  if (given == null) return stored;
  if (stored !== null) {
    try {
      if (decryptSecret(key, stored) === given) return stored;
    } catch {
      // An unreadable stored value is replaced by the given one.
    }
  }
  return encryptSecret(key, given);
}

/** An enabled access with the given credentials, else the stored ones; the code defaults to the common one. */
function enabledAccess(
  ctx: ServiceContext,
  fields: contract.CredentialFields,
  given: contract.GivenCredentials | undefined,
  stored: StoredAccess | undefined,
): StoredAccess {
  return {
    status: 1,
    login: given?.login ?? stored?.login ?? null,
    passwordEncrypted: sealPassword(ctx.env.encryptionKey, given?.password, stored?.passwordEncrypted ?? null),
    keys: given?.keys ?? stored?.keys ?? fields.commonCode,
    validToken: stored?.validToken ?? null,
    tokenCheckedAt: stored?.tokenCheckedAt ?? null,
  };
}

/**
 * An application change on the selected users: insert enables it (status 1) with each user's
 * given or stored credentials, delete disables it (status 0). Throws `validation_failed` for an
 * unknown application (fieldErrors.idApp) or when a user lacks a required credential
 * (fieldErrors `value.<idUser>.<loginPlateforme|passwordPlateforme|keys>`, the names of `value`'s entries): then nobody changes.
 */
export async function changeApplication(
  tx: Executor,
  ctx: ServiceContext,
  selected: readonly UserRecord[],
  update: AppUpdate,
): Promise<BulkOutcome> {
  const application = await findApplicationWithPlatform(tx, update.idApp);
  if (!application) throw validationError({ idApp: [contract.UNKNOWN_APPLICATION] });
  const stored = await listAccesses(
    tx,
    selected.map((user) => user.id),
    application.id,
  );
  // Each user's school may have its own settings of the platform: the schools' rows are read in one query.
  const settings =
    update.column === 'delete'
      ? new Map<string, SchoolPlatformSettings>()
      : await listSchoolPlatformSettings(
          tx,
          selected.map((user) => user.uai),
        );
  const given = new Map(
    update.value.map((entry) => [entry.idUser, contract.credentialsOf(entry, contract.CREDENTIAL_NAMES.grid)]),
  );
  const fieldErrors: Record<string, string[]> = {};
  const changes = selected.map((user) => {
    const before = stored.get(user.id) ?? null;
    if (update.column === 'delete') return { user, before, after: before && { ...before, status: 0 } };
    const fields = credentialFieldsOfRow(application, user.uai === null ? undefined : settings.get(user.uai));
    const after = enabledAccess(ctx, fields, given.get(user.id), before ?? undefined);
    const missing = contract.missingCredentials(fields, {
      login: after.login,
      password: given.get(user.id)?.password,
      keys: after.keys,
      hasStoredPassword: after.passwordEncrypted !== null,
    });
    const paths = contract.credentialErrorPaths(`value.${user.id}.`, contract.CREDENTIAL_NAMES.grid);
    for (const field of missing) fieldErrors[paths[field]] = [REQUIRED];
    return { user, before, after };
  });
  if (Object.keys(fieldErrors).length > 0) throw validationError(fieldErrors);
  const payload = buildApplicationsUndo(
    application.id,
    changes.map((change) => ({ id: change.user.id, before: change.before, after: change.after })),
  );
  const changedIds = new Set(payload.users.map((user) => user.id));
  const changed = changes.filter((change) => changedIds.has(change.user.id));
  await upsertAccesses(
    tx,
    application.id,
    changed.flatMap((change) => (change.after ? [{ id: change.user.id, access: change.after }] : [])),
  );
  await markUsersEdited(tx, [...changedIds], editorLabel(ctx.actor));
  return { payload, audit: auditAccesses(ctx, 'bulk_update', application.name, changed) };
}
