import { schoolSettings } from '@console/contract';
import { writeAudit } from '#platform/audit/audit.js';
import { requireReachableSchool, schoolNotFound } from '#platform/auth/access.js';
import { requireRight } from '#platform/auth/rights.js';
import { decryptSecret, encryptSecret } from '#platform/auth/secrets.js';
import type { ServiceContext } from '#platform/context.js';
import type { Executor } from '#platform/db/client.js';
import { validationError } from '#platform/errors/app-error.js';
import { canEditSchoolParams, planParamsChange, type SecretRequest } from './school-settings.policy.js';
import { listAsmHistory } from './asm/asm.repository.js';
import {
  planDefaultApplications,
  readDefaultApplications,
  writeDefaultApplications,
} from './default-applications/default-applications.service.js';
import {
  isSecretSet,
  platformValuesByIdOf,
  presentDeploymentOptions,
  presentSchoolParams,
  SECRET_PATHS,
  storedAsmOf,
  storedSecretOf,
  type AsmFields,
} from './school-settings.presenter.js';
import {
  findSchoolSettings,
  listDeploymentOptions,
  lockSchoolSettings,
  materialTypeExists,
  mdmExists,
  readPlatformSettings,
  updateSchoolSettings,
  upsertSchoolPlatforms,
  type SchoolSettingsRow,
} from './school-settings.repository.js';

type SchoolSecret = schoolSettings.SchoolSecret;

/** The prefix of a sealed secret (`encryptSecret`); a stored value without it is a legacy clear one. */
const SEALED_PREFIX = 'v1:';

/**
 * Throws `not_found` unless the caller reaches the school (unknown or out of reach alike), then
 * `forbidden` without adminTabs at Lecture: the second right of every school settings route,
 * which the route's own right (ParamEtablissement) cannot name (the contract's school-settings
 * routes say so).
 */
export async function requireSchoolSettingsAccess(ctx: ServiceContext, db: Executor, uai: string): Promise<void> {
  await requireReachableSchool({ db, actor: ctx.actor }, uai);
  requireRight(ctx.actor, 'adminTabs', 'Lecture');
}

async function readSchoolParams(
  ctx: ServiceContext,
  db: Executor,
  school: SchoolSettingsRow,
): Promise<schoolSettings.SchoolParams> {
  const [{ catalogue, schoolRows }, asmHistory, defaults] = [
    await readPlatformSettings(db, school.uai),
    await listAsmHistory(db, school.uai),
    await readDefaultApplications(db, school.uai),
  ];
  return {
    ...presentSchoolParams(school, catalogue, schoolRows, { canEdit: canEditSchoolParams(ctx.actor.rights) }, asmHistory),
    ...defaults,
  };
}

/** A school's settings (see `requireSchoolSettingsAccess` for what it throws). */
export async function getSchoolParams(ctx: ServiceContext, uai: string): Promise<schoolSettings.SchoolParams> {
  await requireSchoolSettingsAccess(ctx, ctx.db, uai);
  const school = await findSchoolSettings(ctx.db, uai);
  // Deleted since the check.
  if (!school) throw schoolNotFound();
  return readSchoolParams(ctx, ctx.db, school);
}

/**
 * The clear value of a stored secret, or null when unset. A value without the sealed prefix is a
 * legacy clear one (stored before secrets were sealed) and is answered as it is. Throws when a
 * sealed value was altered or the key changed.
 */
export function clearSecretOf(key: Buffer, stored: unknown): string | null {
  if (!isSecretSet(stored)) return null;
  if (typeof stored !== 'string') return String(stored);
  return stored.startsWith(SEALED_PREFIX) ? decryptSecret(key, stored) : stored;
}

/** Whether a request changes the stored secret: a removal of a set one, or another clear value. */
function changesSecret(key: Buffer, stored: unknown, request: SecretRequest): boolean {
  if (request.value === null) return isSecretSet(stored);
  try {
    return clearSecretOf(key, stored) !== request.value;
  } catch {
    // An unreadable stored value is replaced.
    return true;
  }
}

/** A copy of a deployment with a secret set to `stored`, or removed when undefined; other keys kept. */
function withStoredSecret(
  deployment: Record<string, unknown>,
  name: SchoolSecret,
  stored: string | undefined,
): Record<string, unknown> {
  const [first, second] = SECRET_PATHS[name];
  const next = { ...deployment };
  if (second === undefined) {
    if (stored === undefined) delete next[first];
    else next[first] = stored;
    return next;
  }
  const parent = next[first];
  const inner: Record<string, unknown> =
    typeof parent === 'object' && parent !== null && !Array.isArray(parent) ? { ...parent } : {};
  if (stored === undefined) delete inner[second];
  else inner[second] = stored;
  next[first] = inner;
  return next;
}

/** The fields naming the server an SFTP key was pinned for: changing one forgets the key. */
const SERVER_FIELDS = ['sftpUrl', 'sftpPort', 'isSftp'] as const;

/** The stored ASM settings with a change of the tab's fields; the pinned key forgotten when the server changes. */
function withAsmChange(stored: Record<string, unknown>, change: Partial<AsmFields>): Record<string, unknown> {
  const next: Record<string, unknown> = { ...stored, ...change };
  if (SERVER_FIELDS.some((field) => change[field] !== undefined)) delete next.hostKey;
  return next;
}

/**
 * The deployment with every legacy clear secret sealed, so that a write leaves no secret in
 * clear; the same object when there was none.
 */
function withSealedSecrets(key: Buffer, deployment: Record<string, unknown>): Record<string, unknown> {
  let next = deployment;
  for (const name of schoolSettings.SCHOOL_SECRETS) {
    const stored = storedSecretOf(next, name);
    if (!isSecretSet(stored) || (typeof stored === 'string' && stored.startsWith(SEALED_PREFIX))) continue;
    next = withStoredSecret(next, name, encryptSecret(key, String(stored)));
  }
  return next;
}

/**
 * Changes a school's settings, all or none, under a lock on the school's row (see
 * `requireSchoolSettingsAccess` for the access errors). Throws `validation_failed` with field
 * errors by path (an unknown platform, MDM or material type; linked toggles that cannot stand
 * together) and writes nothing then. A secret is stored sealed (AES-256-GCM), removed by an empty
 * text or null. Writes only what differs, with one audit entry of the changed fields (a secret
 * by its name only); nothing differing writes nothing. Answers the settings as read.
 */
export async function updateSchoolParams(
  ctx: ServiceContext,
  uai: string,
  update: schoolSettings.SchoolParamsUpdate,
): Promise<schoolSettings.SchoolParams> {
  const key = ctx.env.encryptionKey;
  return ctx.db.transaction(async (tx) => {
    await requireSchoolSettingsAccess(ctx, tx, uai);
    const school = await lockSchoolSettings(tx, uai);
    if (!school) throw schoolNotFound();
    const { catalogue, schoolRows } = await readPlatformSettings(tx, uai);
    const plan = planParamsChange(school, platformValuesByIdOf(catalogue, schoolRows), update);

    const fieldErrors = { ...plan.fieldErrors };
    const mdm = update.deployment?.mdm;
    if (mdm != null && !(await mdmExists(tx, mdm))) fieldErrors['deployment.mdm'] = [schoolSettings.UNKNOWN_MDM];
    const materialType = update.deployment?.materialType;
    if (materialType != null && !(await materialTypeExists(tx, materialType)))
      fieldErrors['deployment.materialType'] = [schoolSettings.UNKNOWN_MATERIAL];
    let defaults = await planDefaultApplications(tx, uai, update.defaultApplications);
    Object.assign(fieldErrors, defaults.fieldErrors);
    if (Object.keys(fieldErrors).length > 0) throw validationError(fieldErrors);

    const secrets = plan.secrets.filter((request) =>
      changesSecret(key, storedSecretOf(school.deployment, request.name), request),
    );
    const deploymentChanged = Object.keys(plan.deployment).length > 0 || Object.keys(plan.asm).length > 0 || secrets.length > 0;
    if (
      !deploymentChanged &&
      Object.keys(plan.columns).length === 0 &&
      plan.platforms.length === 0 &&
      defaults.changes.length === 0
    )
      return readSchoolParams(ctx, tx, school);

    let deployment: Record<string, unknown> = { ...school.deployment, ...plan.deployment };
    if (Object.keys(plan.asm).length > 0) deployment.asmInformations = withAsmChange(storedAsmOf(school.deployment), plan.asm);
    for (const { name, value } of secrets)
      deployment = withStoredSecret(deployment, name, value === null ? undefined : encryptSecret(key, value));
    // Any change of the school also seals the legacy clear secrets it still holds.
    const sealed = withSealedSecrets(key, deployment);
    await updateSchoolSettings(tx, uai, {
      ...plan.columns,
      ...((deploymentChanged || sealed !== deployment) && { deployment: sealed }),
    });
    await upsertSchoolPlatforms(tx, uai, plan.platforms);
    if (plan.platforms.length > 0 && update.defaultApplications !== undefined) {
      // The defaults are checked against the platform settings this change writes (rolled back when they fail).
      defaults = await planDefaultApplications(tx, uai, update.defaultApplications);
      if (Object.keys(defaults.fieldErrors).length > 0) throw validationError(defaults.fieldErrors);
    }
    await writeDefaultApplications(tx, uai, defaults);
    await writeAudit(tx, {
      actor: ctx.actor,
      action: 'update_params',
      entity: 'school',
      entityId: uai,
      uai,
      before: { ...plan.before, ...(defaults.changes.length > 0 && { defaultApplications: defaults.before }) },
      after: {
        ...plan.after,
        ...(defaults.changes.length > 0 && { defaultApplications: defaults.after }),
        ...(secrets.length > 0 && { secretsChanged: secrets.map((request) => request.name) }),
      },
    });
    // Read in the transaction: the answer is what was written, even if the database goes away after the commit.
    const saved = await findSchoolSettings(tx, uai);
    return readSchoolParams(ctx, tx, saved!);
  });
}

/**
 * One secret of a school in clear, or null when unset (see `requireSchoolSettingsAccess` for the
 * access errors). The audit log records who asked for which secret, never its value.
 */
export async function revealSchoolSecret(
  ctx: ServiceContext,
  uai: string,
  name: SchoolSecret,
): Promise<{ value: string | null }> {
  await requireSchoolSettingsAccess(ctx, ctx.db, uai);
  const school = await findSchoolSettings(ctx.db, uai);
  if (!school) throw schoolNotFound();
  const value = clearSecretOf(ctx.env.encryptionKey, storedSecretOf(school.deployment, name));
  await writeAudit(ctx.db, {
    actor: ctx.actor,
    action: 'reveal_secret',
    entity: 'school',
    entityId: uai,
    uai,
    after: { secret: name },
  });
  return { value };
}

/** The MDMs and material types a deployment is chosen among, each by label. */
export async function getDeploymentOptions(ctx: ServiceContext): Promise<schoolSettings.DeploymentOptions> {
  return presentDeploymentOptions(await listDeploymentOptions(ctx.db));
}

/** Whether the school's EcoleDirecte token is set, for the EcoleDirecte tab: the school's reach only, no adminTabs. */
export async function getEcoleDirecteStatus(ctx: ServiceContext, uai: string): Promise<schoolSettings.EcoleDirecteStatus> {
  await requireReachableSchool({ db: ctx.db, actor: ctx.actor }, uai);
  const school = await findSchoolSettings(ctx.db, uai);
  if (!school) throw schoolNotFound();
  return {
    tokenSet: isSecretSet(storedSecretOf(school.deployment, 'ecoleDirecteApiKey')),
    canEdit: canEditSchoolParams(ctx.actor.rights),
  };
}

/**
 * Saves the school's EcoleDirecte token from the EcoleDirecte tab (spec 2 §2.11), sealed as the
 * settings' secrets are, under the school's lock; an empty text removes it. Needs the school's
 * reach only (the tab is the one a school administrator without adminTabs has); the route's
 * right is ParamEtablissement at Ecriture. Audited by the secret's name when it changes.
 */
export async function saveEcoleDirecteToken(
  ctx: ServiceContext,
  uai: string,
  token: string,
): Promise<schoolSettings.EcoleDirecteStatus> {
  const key = ctx.env.encryptionKey;
  await ctx.db.transaction(async (tx) => {
    await requireReachableSchool({ db: tx, actor: ctx.actor }, uai);
    const school = await lockSchoolSettings(tx, uai);
    if (!school) throw schoolNotFound();
    const request: SecretRequest = { name: 'ecoleDirecteApiKey', value: token === '' ? null : token };
    if (!changesSecret(key, storedSecretOf(school.deployment, request.name), request)) return;
    const deployment = withStoredSecret(
      school.deployment,
      request.name,
      request.value === null ? undefined : encryptSecret(key, request.value),
    );
    await updateSchoolSettings(tx, uai, { deployment: withSealedSecrets(key, deployment) });
    await writeAudit(tx, {
      actor: ctx.actor,
      action: 'update_params',
      entity: 'school',
      entityId: uai,
      uai,
      after: { secretsChanged: [request.name] },
    });
  });
  return getEcoleDirecteStatus(ctx, uai);
}
