import { z } from 'zod';
import { errorText, postJson, PublisherUnavailableError, type TokenVerifier } from './token-verifier.js';

/*
 * Le Livre Scolaire licence-check protocol (as agreed for this console; also in docs/publishers.md).
 *
 *   POST {LLS_API_URL}/v1/schools/{uai}/licences/check
 *   X-Api-Key: {LLS_API_KEY}
 *   Content-Type: application/json
 *   { "accounts": [ { "username": "jdupont", "licenceCode": "LLS-42" }, … ] }   (1 to 500 accounts; licenceCode optional)
 *
 *   200 { "accounts": [ { "username": "jdupont", "valid": true },
 *                       { "username": "mmartin", "valid": false, "reason": "Compte inconnu" } ] }
 *   401 or 403: unknown or revoked key. 429 and 5xx: try later.
 *
 * Accounts absent from the answer are not known to have been checked: their status stays as it was.
 */
const answerSchema = z.object({
  accounts: z.array(
    z.object({
      username: z.string(),
      valid: z.boolean(),
      reason: z.string().nullish(),
    }),
  ),
});

export function createLeLivreScolaireVerifier(options: { baseUrl: string; apiKey: string; timeoutMs: number }): TokenVerifier {
  const base = options.baseUrl.replace(/\/+$/, '');
  return {
    async verifyTokens(uai, users) {
      const endpoint = `${base}/v1/schools/${encodeURIComponent(uai)}/licences/check`;
      const body = {
        accounts: users.map((user) => (user.code ? { username: user.login, licenceCode: user.code } : { username: user.login })),
      };
      const answer = answerSchema.safeParse(await postJson(endpoint, { 'x-api-key': options.apiKey }, body, options.timeoutMs));
      if (!answer.success)
        throw new PublisherUnavailableError('bad_answer', 'The Le Livre Scolaire answer is not {accounts: [{username, valid}]}');
      return answer.data.accounts.map((account) => ({
        login: account.username,
        valid: account.valid,
        message: account.valid ? null : errorText(account.reason, 'Licence refusée par Le Livre Scolaire'),
      }));
    },
  };
}
