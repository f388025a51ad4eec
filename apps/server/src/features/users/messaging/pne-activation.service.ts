import { users as contract } from '@console/contract';
import { PNE_BATCH_SIZE, PneUnavailableError, type PneAccount, type PneKeyActivator } from '#adapters/pne/index.js';
import { writeAudit } from '#platform/audit/audit.js';
import { readManageableUsersByLogin, type UserRecord } from '#platform/auth/access.js';
import type { ServiceContext } from '#platform/context.js';
import { AppError } from '#platform/errors/app-error.js';
import { NOTHING_SENT } from '#platform/http/idempotency.js';
import { presentPneRejections, type PneOutcome } from './pne-activation.presenter.js';
import { findEducadhocApplicationId } from './user-messaging.repository.js';
import { readPrintablePassword } from './user-messaging.service.js';
import { readGridRows } from '../users.shared.js';

export type PneContext = ServiceContext & { pne: PneKeyActivator | undefined };

export type PneActivationRequest = { username: string; password?: string; keys?: string[] };

/** An Educadhoc code holds one key or several, separated by commas, semicolons or spaces. */
export function splitEducadhocKeys(code: string | null | undefined): string[] {
  return (code ?? '').split(/[,;\s]+/).filter((key) => key !== '');
}

/**
 * Activates teachers' Educadhoc keys on the PNE service. Every username must be a user the
 * caller reaches (else `not_found`) and may act on (else `forbidden`), and a teacher with an Educadhoc code (else `bad_request`);
 * the password defaults to the stored one and the keys to the code. Answers status 200 when
 * every key is activated, 207 with the rejected accounts and keys otherwise. Throws
 * `service_unavailable` when the service is not configured or gives no usable answer; the
 * audit entry records the usernames and the results, never a password.
 */
export async function activatePneKeys(
  ctx: PneContext,
  requests: PneActivationRequest[],
): Promise<{ status: 200 | 207; answer: contract.PneAnswer }> {
  const usernames = requests.map((request) => request.username.toLowerCase());
  if (new Set(usernames).size !== usernames.length)
    throw new AppError('bad_request', 'Each username may appear once', { reason: 'duplicate_username' });
  const records = await readManageableUsersByLogin(
    ctx.db,
    ctx.actor,
    requests.map((request) => request.username),
  );
  const codes = await readEducadhocCodes(ctx, records);
  if (!ctx.pne)
    throw new AppError('service_unavailable', 'PNE key activation is not configured on this server (PNE_API_URL, PNE_API_KEY)', {
      reason: 'pne_not_configured',
      [NOTHING_SENT]: true,
    });

  const accounts: PneAccount[] = requests.map((request, index) => {
    const record = records[index]!;
    return {
      username: record.login,
      password: request.password?.trim() ? request.password : (readPrintablePassword(ctx.env.encryptionKey, record) ?? ''),
      keys: request.keys && request.keys.length > 0 ? request.keys : splitEducadhocKeys(codes.get(record.id)),
    };
  });

  const outcomes: PneOutcome[] = [];
  try {
    for (let start = 0; start < accounts.length; start += PNE_BATCH_SIZE) {
      const batch = accounts.slice(start, start + PNE_BATCH_SIZE);
      const results = new Map((await ctx.pne.activateKeys(batch)).map((result) => [result.username.toLowerCase(), result]));
      for (const account of batch) outcomes.push({ account, result: results.get(account.username.toLowerCase()) });
    }
  } catch (error) {
    if (!(error instanceof PneUnavailableError)) throw error;
    await auditActivation(ctx, records, outcomes, error.reason);
    throw new AppError(
      'service_unavailable',
      `${error.message}. ${outcomes.length} of ${accounts.length} accounts were handled before.`,
      { reason: 'pne_unavailable', params: { handled: outcomes.length, total: accounts.length }, failure: error.reason },
    );
  }
  await auditActivation(ctx, records, outcomes, null);
  const data = presentPneRejections(outcomes);
  return { status: data.length > 0 ? 207 : 200, answer: { data } };
}

/** The Educadhoc code of each user; throws `bad_request` naming those who are not teachers with one. */
async function readEducadhocCodes(ctx: PneContext, records: UserRecord[]): Promise<Map<number, string | null>> {
  const [rows, educadhocId] = await Promise.all([
    readGridRows(
      ctx.db,
      records.map((record) => record.id),
    ),
    findEducadhocApplicationId(ctx.db),
  ]);
  const refused = rows.filter((row) => row.profile !== 'Enseignant' || !contract.hasEducadhocCode(row, educadhocId));
  if (refused.length > 0) {
    throw new AppError('bad_request', 'Only teachers with an Educadhoc code can have their PNE keys activated', {
      reason: 'pne_teachers_only',
      usernames: refused.map((row) => row.login),
    });
  }
  return new Map(rows.map((row) => [row.id, row.applications[String(educadhocId)]?.code ?? null]));
}

async function auditActivation(
  ctx: PneContext,
  records: UserRecord[],
  outcomes: PneOutcome[],
  failure: string | null,
): Promise<void> {
  const uais = new Set(records.map((record) => record.uai));
  await writeAudit(ctx.db, {
    actor: ctx.actor,
    action: 'pne_activation',
    entity: 'user',
    uai: uais.size === 1 ? [...uais][0] : null,
    after: {
      usernames: records.map((record) => record.login),
      failure,
      results: outcomes.map(({ account, result }) => ({
        username: account.username,
        accepted: result?.accepted ?? null,
        message: result?.message ?? null,
        keys: account.keys.map((key) => {
          const keyResult = result?.keys.find((candidate) => candidate.key === key);
          return { key, activated: keyResult?.activated ?? null, error: keyResult?.error ?? null };
        }),
      })),
    },
  });
}
