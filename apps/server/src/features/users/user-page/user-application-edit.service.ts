import { REQUIRED, users } from '@console/contract';
import { encryptSecret } from '#platform/auth/secrets.js';
import type { Executor } from '#platform/db/client.js';
import { listCatalogueApplications } from '../user-catalogue.repository.js';
import { upsertUserAccess } from './user-edit.repository.js';
import { listUserAccesses } from './user-page.repository.js';
import { revealSecret } from './user-page.service.js';
import { planAccessChange, type AccessPlan, type AccessRequest, type StoredAccess } from '../users.policy.js';
import { readTogether } from '#platform/db/reads.js';

/** A platform password sent while one is stored (spec 3 §5: not editable once it exists). */
export const PLATFORM_PASSWORD_EXISTS = 'users.errors.platform_password_exists';
/** What the audit log holds in place of a secret: the field is named, its value never. */
export const SECRET_BEFORE = '[secret]';
export const SECRET_CHANGED = '[changed]';

/** Where an error of an edit is reported: the field path of each credential in the caller's body. */
export type AccessErrorPaths = Record<'application' | users.CredentialField, string>;

export type AccessEdit = { applicationId: number; request: AccessRequest; paths: AccessErrorPaths };

type PlannedEdit = { applicationId: number; applicationName: string; stored: StoredAccess | undefined; plan: AccessPlan };

export type AccessEditPlan = { edits: PlannedEdit[]; fieldErrors: Record<string, string[]> };

/**
 * Plans application access edits of one user against the catalogue (with their school's own
 * platform settings) and their stored accesses:
 * what changes, and the field errors (unknown application, missing required credentials, a
 * stored platform password replaced). Writes nothing.
 */
export async function planAccessEdits(
  tx: Executor,
  key: Buffer,
  user: { id: number; uai: string | null },
  edits: readonly AccessEdit[],
): Promise<AccessEditPlan> {
  const [catalogue, accesses] = await readTogether(tx, [
    () => listCatalogueApplications(tx, user.uai),
    () => listUserAccesses(tx, user.id),
  ]);
  const applications = new Map(catalogue.map((application) => [application.id, application]));
  const storedById = new Map(
    accesses.map((access): [number, StoredAccess] => [
      access.applicationId,
      {
        status: access.status,
        login: access.login,
        keys: access.keys,
        hasPassword: access.passwordEncrypted !== null,
        password: revealSecret(key, access.passwordEncrypted),
      },
    ]),
  );
  const fieldErrors: Record<string, string[]> = {};
  const planned: PlannedEdit[] = [];
  for (const edit of edits) {
    const application = applications.get(edit.applicationId);
    if (!application) {
      fieldErrors[edit.paths.application] = [users.UNKNOWN_APPLICATION];
      continue;
    }
    const stored = storedById.get(edit.applicationId);
    const plan = planAccessChange(application.fields, stored, edit.request);
    for (const problem of plan.problems) {
      fieldErrors[edit.paths[problem.field]] = [problem.reason === 'required' ? REQUIRED : PLATFORM_PASSWORD_EXISTS];
    }
    if (plan.isChanged) planned.push({ applicationId: edit.applicationId, applicationName: application.name, stored, plan });
  }
  return { edits: planned, fieldErrors };
}

/**
 * Writes planned access edits (platform passwords encrypted) and answers the audit log's before
 * and after, keyed by application name, with secrets named only.
 */
export async function writeAccessEdits(
  tx: Executor,
  key: Buffer,
  userId: number,
  edits: readonly PlannedEdit[],
): Promise<{ before: Record<string, unknown>; after: Record<string, unknown> }> {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const { applicationId, applicationName, stored, plan } of edits) {
    await upsertUserAccess(tx, userId, applicationId, {
      ...plan.next,
      ...(plan.newPassword !== undefined && { passwordEncrypted: encryptSecret(key, plan.newPassword) }),
    });
    before[applicationName] = stored ? { status: stored.status, login: stored.login, keys: stored.keys } : null;
    after[applicationName] = { ...plan.next, ...(plan.newPassword !== undefined && { password: SECRET_CHANGED }) };
  }
  return { before, after };
}
