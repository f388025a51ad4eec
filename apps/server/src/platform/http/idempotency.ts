import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '@console/contract';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '#platform/context.js';
import type { Database } from '#platform/db/client.js';
import { idempotentRequests } from '#platform/db/schema/index.js';
import { AppError, validationError } from '#platform/errors/app-error.js';

/** A key as clients make them: a UUID, maybe with a suffix naming the variant of the action. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9._:-]{8,200}$/;
/** How long a key is remembered: far longer than any retry. */
const KEPT_HOURS = 24;

/**
 * Set to true in the details of a 5xx AppError when the failure sent nothing (the mail server
 * refused the first message): a repeat with the same key then runs again instead of getting it.
 */
export const NOTHING_SENT = 'nothingSent';

type Outcome<T> = { kind: 'answered'; answer: T } | { kind: 'replayed'; status: number; body: unknown };

function fingerprintOf(request: FastifyRequest): string {
  return createHash('sha256')
    .update(JSON.stringify(request.body ?? null))
    .digest('hex');
}

/**
 * Runs a request that sends something outside at most once per `Idempotency-Key` of its caller
 * (IETF draft "The Idempotency-Key HTTP Header Field"): the key is recorded before `run`, and the
 * answer after it. A repeat with the same key and body gets the first answer again (and
 * `Idempotent-Replayed: true`) without running; with another body, 422 `idempotency_key_reused`;
 * while the first runs, or when it ended without knowing what it sent (an unknown failure, the
 * database lost), 409 `conflict` with reason `request_already_received`: sending again could send
 * twice, so the user decides. A refusal before anything was sent (4xx, or a 5xx whose details say
 * `nothingSent`) forgets the key. A known partial failure is answered again as it was. Without
 * the header the request just runs (API clients that do not retry).
 */
export async function runOnce<T>(
  db: Database,
  actor: Actor,
  request: FastifyRequest,
  reply: FastifyReply,
  run: () => Promise<T>,
): Promise<Outcome<T>> {
  const header = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
  if (header === undefined) return { kind: 'answered', answer: await run() };
  const key = Array.isArray(header) ? header[0] : header;
  if (!key || !IDEMPOTENCY_KEY_PATTERN.test(key))
    throw validationError({ [IDEMPOTENCY_KEY_HEADER]: ['8 to 200 letters, digits or . _ : -'] });
  const route = `${request.method} ${request.routeOptions.url ?? request.url}`;
  const fingerprint = fingerprintOf(request);
  const mine = and(eq(idempotentRequests.userId, actor.id), eq(idempotentRequests.key, key));

  const claimed = await db
    .insert(idempotentRequests)
    .values({ userId: actor.id, key, route, fingerprint })
    .onConflictDoNothing()
    .returning({ key: idempotentRequests.key });
  if (claimed.length === 0) {
    const [first] = await db.select().from(idempotentRequests).where(mine);
    if (!first || first.route !== route || first.fingerprint !== fingerprint) {
      throw new AppError('idempotency_key_reused', 'This Idempotency-Key was used for another request');
    }
    if (first.answerStatus === null) {
      throw new AppError('conflict', 'This request was already received; it may have been sent. Check before sending it again.', {
        reason: 'request_already_received',
      });
    }
    void reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
    return { kind: 'replayed', status: first.answerStatus, body: first.answer };
  }

  // Recording the outcome may fail (the database lost meanwhile): the key then stays "received",
  // which refuses a repeat, and this answer still says what happened.
  const record = (status: number, body: object) =>
    db
      .update(idempotentRequests)
      .set({ answerStatus: status, answer: body })
      .where(mine)
      .catch(() => undefined);
  let answer: T;
  try {
    answer = await run();
  } catch (error) {
    if (error instanceof AppError && (error.statusCode < 500 || error.details?.[NOTHING_SENT] === true)) {
      // Refused before anything was sent, or failed sending nothing: the same action may be tried again.
      await db
        .delete(idempotentRequests)
        .where(mine)
        .catch(() => undefined);
    } else if (error instanceof AppError) {
      // Known partial outcomes (the mail server failing part way) are the answer to give again.
      await record(error.statusCode, {
        code: error.code,
        message: error.message,
        ...(error.details && { details: error.details }),
      });
    }
    throw error;
  }
  await record(reply.statusCode, answer as object);
  return { kind: 'answered', answer };
}

/** Forgets keys older than a day. Idempotent, so that every instance may run it. */
export async function purgeIdempotencyKeys(db: Database): Promise<void> {
  await db.delete(idempotentRequests).where(lt(idempotentRequests.createdAt, sql`now() - make_interval(hours => ${KEPT_HOURS})`));
}
