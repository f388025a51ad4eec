import { z } from 'zod';
import { errorText, postJson, PublisherUnavailableError, type PublisherFailure } from '#adapters/publishers/token-verifier.js';

/*
 * PNE key-activation protocol (as agreed for this console; also in docs/publishers.md).
 *
 *   POST {PNE_API_URL}/v1/keys/activate
 *   Authorization: Bearer {PNE_API_KEY}
 *   Content-Type: application/json
 *   { "accounts": [ { "username": "jdupont", "password": "…", "keys": ["EDU-1234-5678"] }, … ] }   (1 to 100 accounts)
 *
 *   200 { "results": [ { "username": "jdupont", "status": "OK",
 *                        "keys": [ { "key": "EDU-1234-5678", "status": "ACTIVATED" } ] },
 *                      { "username": "mmartin", "status": "REJECTED", "message": "Identifiants invalides",
 *                        "keys": [ { "key": "EDU-0000", "status": "ERROR", "error": "Clé inconnue" } ] } ] }
 *   400: malformed body. 401 or 403: unknown or revoked key. 429 and 5xx: try later.
 *
 * An account absent from `results` was not activated.
 */

/** Accounts per call: the protocol's bound. */
export const PNE_BATCH_SIZE = 100;

export type PneAccount = { username: string; password: string; keys: string[] };

export type PneKeyResult = { key: string; activated: boolean; error: string | null };
/** The PNE service's word on one account: accepted or not (with its reason), and each key's fate. */
export type PneAccountResult = { username: string; accepted: boolean; message: string | null; keys: PneKeyResult[] };

export type PneKeyActivator = {
  /** Activates the keys of at most PNE_BATCH_SIZE accounts. Throws PneUnavailableError. */
  activateKeys(accounts: PneAccount[]): Promise<PneAccountResult[]>;
};

/** The PNE service gave no usable answer; `reason` says how. */
export class PneUnavailableError extends Error {
  readonly reason: PublisherFailure;

  constructor(reason: PublisherFailure, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PneUnavailableError';
    this.reason = reason;
  }
}

const answerSchema = z.object({
  results: z.array(
    z.object({
      username: z.string(),
      status: z.enum(['OK', 'REJECTED']),
      message: z.string().nullish(),
      keys: z
        .array(z.object({ key: z.string(), status: z.enum(['ACTIVATED', 'ERROR']), error: z.string().nullish() }))
        .default([]),
    }),
  ),
});

export function createPneKeyActivator(options: { baseUrl: string; apiKey: string; timeoutMs: number }): PneKeyActivator {
  const endpoint = options.baseUrl.replace(/\/+$/, '') + '/v1/keys/activate';
  return {
    async activateKeys(accounts) {
      let raw: unknown;
      try {
        raw = await postJson(endpoint, { authorization: `Bearer ${options.apiKey}` }, { accounts }, options.timeoutMs);
      } catch (error) {
        if (error instanceof PublisherUnavailableError) {
          throw new PneUnavailableError(error.reason, error.message.replace('The publisher', 'The PNE service'), {
            cause: error,
          });
        }
        throw error;
      }
      const answer = answerSchema.safeParse(raw);
      if (!answer.success)
        throw new PneUnavailableError('bad_answer', 'The PNE answer is not {results: [{username, status, keys}]}');
      return answer.data.results.map((result) => ({
        username: result.username,
        accepted: result.status === 'OK',
        message: result.status === 'OK' ? null : errorText(result.message, 'Compte refusé par le service PNE'),
        keys: result.keys.map((key) => ({
          key: key.key,
          activated: key.status === 'ACTIVATED',
          error: key.status === 'ACTIVATED' ? null : errorText(key.error, 'Clé refusée par le service PNE'),
        })),
      }));
    },
  };
}
