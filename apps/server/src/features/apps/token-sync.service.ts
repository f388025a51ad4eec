import { apps } from '@console/contract';
import {
  PUBLISHER_BATCH_SIZE,
  PublisherUnavailableError,
  type PublisherFailure,
  type TokenCheckResult,
  type TokenVerifier,
} from '#adapters/publishers/index.js';
import { writeAudit } from '#platform/audit/audit.js';
import { oneSchoolScope, requireReachableSchool, schoolScopeOf } from '#platform/auth/access.js';
import type { ServiceContext } from '#platform/context.js';
import { isDatabaseUnreachable } from '#platform/db/availability.js';
import { countTokenStatuses, PUBLISHER_PLATFORMS, readSyncTarget } from './apps.policy.js';
import { presentSyncOutcome, type SyncOutcome } from './token-sync.presenter.js';
import {
  listApplicationIdsOfPlatform,
  listEnabledAccesses,
  listSchoolsWithEnabledAccesses,
  writeTokenStatuses,
  type EnabledAccess,
  type TokenStatus,
} from './token-sync.repository.js';

/** The publishers' clients, undefined for a publisher that is not configured. */
export type TokenSyncContext = ServiceContext & { verifiers: Partial<Record<apps.Publisher, TokenVerifier>> };

/** Asks the publisher about every distinct login of the school, PUBLISHER_BATCH_SIZE per call. Throws PublisherUnavailableError. */
async function checkSchool(
  verifier: TokenVerifier,
  uai: string,
  accesses: EnabledAccess[],
): Promise<Map<string, TokenCheckResult>> {
  // One publisher account per login: a user with two applications of the publisher is asked about once.
  const byLogin = new Map<string, { login: string; code: string | null }>();
  for (const access of accesses) {
    const key = access.login.toLowerCase();
    if (!byLogin.has(key)) byLogin.set(key, { login: access.login, code: access.code });
  }
  const wanted = [...byLogin.values()];
  const results = new Map<string, TokenCheckResult>();
  for (let start = 0; start < wanted.length; start += PUBLISHER_BATCH_SIZE) {
    for (const result of await verifier.verifyTokens(uai, wanted.slice(start, start + PUBLISHER_BATCH_SIZE))) {
      const key = result.login.toLowerCase();
      if (byLogin.has(key)) results.set(key, result);
    }
  }
  return results;
}

async function synchronise(ctx: TokenSyncContext, publisher: apps.Publisher, target: string): Promise<SyncOutcome> {
  const wanted = readSyncTarget(target);
  if (wanted.kind === 'school') await requireReachableSchool(ctx, wanted.uai);
  const verifier = ctx.verifiers[publisher];
  if (!verifier) return { kind: 'not_configured' };
  const applicationIds = await listApplicationIdsOfPlatform(ctx.db, PUBLISHER_PLATFORMS[publisher]);
  if (applicationIds.length === 0) return { kind: 'no_application' };
  const scope = wanted.kind === 'all' ? schoolScopeOf(ctx.actor) : oneSchoolScope(wanted.uai);
  const uais = await listSchoolsWithEnabledAccesses(ctx.db, applicationIds, scope);
  if (uais.length === 0) return { kind: 'nothing_to_check' };

  let checked = 0;
  let errors = 0;
  let schools = 0;
  for (const uai of uais) {
    try {
      const written = await synchroniseSchool(ctx, publisher, verifier, uai, applicationIds);
      if (written.kind === 'failed') return { kind: 'failed', reason: written.reason, checked, schools };
      checked += written.checked;
      errors += written.errors;
      schools++;
    } catch (error) {
      // Schools already written stay written: a failure then says so rather than answering an error
      // that would hide them (and invite a retry that checks them all again).
      if (schools > 0 && isDatabaseUnreachable(error)) return { kind: 'interrupted', checked, schools };
      throw error;
    }
  }
  return { kind: 'done', checked, errors, schools };
}

/** One school: asks the publisher, then records its word and an audit entry in one transaction. */
async function synchroniseSchool(
  ctx: TokenSyncContext,
  publisher: apps.Publisher,
  verifier: TokenVerifier,
  uai: string,
  applicationIds: number[],
): Promise<{ kind: 'written'; checked: number; errors: number } | { kind: 'failed'; reason: PublisherFailure }> {
  const accesses = await listEnabledAccesses(ctx.db, uai, applicationIds);
  let results: Map<string, TokenCheckResult>;
  try {
    results = await checkSchool(verifier, uai, accesses);
  } catch (error) {
    if (error instanceof PublisherUnavailableError) return { kind: 'failed', reason: error.reason };
    throw error;
  }
  const statuses: TokenStatus[] = accesses.flatMap((access) => {
    const result = results.get(access.login.toLowerCase());
    if (!result) return [];
    return [
      {
        userId: access.userId,
        applicationId: access.applicationId,
        validToken: result.valid ? apps.VALID_TOKEN : (result.message ?? 'Jeton refusé'),
      },
    ];
  });
  const after = new Map(statuses.map((status) => [`${status.userId}:${status.applicationId}`, status.validToken]));
  await ctx.db.transaction(async (tx) => {
    await writeTokenStatuses(tx, statuses);
    await writeAudit(tx, {
      actor: ctx.actor,
      action: 'token_sync',
      entity: 'school',
      entityId: uai,
      uai,
      before: countTokenStatuses(
        accesses.map((access) => access.validToken),
        apps.VALID_TOKEN,
      ),
      after: {
        publisher,
        ...countTokenStatuses(
          accesses.map((access) => after.get(`${access.userId}:${access.applicationId}`) ?? access.validToken),
          apps.VALID_TOKEN,
        ),
      },
    });
  });
  return {
    kind: 'written',
    checked: statuses.length,
    errors: statuses.filter((status) => status.validToken !== apps.VALID_TOKEN).length,
  };
}

/**
 * Synchronises a publisher's tokens for one school or for all the caller's schools ('all'):
 * reads the enabled accesses to the publisher's applications, asks the publisher in batches,
 * and records its word on each access (`valid_token`, `token_checked_at`) in one transaction per
 * school, with an audit entry of the counts. Throws `not_found` for a school out of reach. A
 * publisher not configured, down, slow or refusing the key gives ok:false; then the school being
 * checked and those after it are left as they were.
 */
export async function syncPublisherTokens(
  ctx: TokenSyncContext,
  input: { publisher: apps.Publisher; target: string },
): Promise<apps.SyncTokensAnswer> {
  return presentSyncOutcome(input.publisher, await synchronise(ctx, input.publisher, input.target));
}
