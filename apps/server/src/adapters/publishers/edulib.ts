import { z } from 'zod';
import { errorText, postJson, PublisherUnavailableError, type TokenVerifier } from './token-verifier.js';

/*
 * Edulib token-check protocol (as agreed for this console; also in docs/publishers.md).
 *
 *   POST {EDULIB_API_URL}/tokens/verify
 *   Authorization: Bearer {EDULIB_API_KEY}
 *   Content-Type: application/json
 *   { "uai": "0693284X", "users": [ { "login": "jdupont", "code": "ABC-123" }, … ] }   (1 to 500 users; code optional)
 *
 *   200 { "results": [ { "login": "jdupont", "status": "OK" },
 *                      { "login": "mmartin", "status": "ERROR", "message": "Licence expirée" } ] }
 *   401 or 403: unknown or revoked key. 429 and 5xx: try later.
 *
 * Logins absent from `results` are not known to have been checked: their status stays as it was.
 */
const answerSchema = z.object({
  results: z.array(
    z.object({
      login: z.string(),
      status: z.enum(['OK', 'ERROR']),
      message: z.string().nullish(),
    }),
  ),
});

export function createEdulibVerifier(options: { baseUrl: string; apiKey: string; timeoutMs: number }): TokenVerifier {
  const endpoint = options.baseUrl.replace(/\/+$/, '') + '/tokens/verify';
  return {
    async verifyTokens(uai, users) {
      const body = {
        uai,
        users: users.map((user) => (user.code ? { login: user.login, code: user.code } : { login: user.login })),
      };
      const answer = answerSchema.safeParse(
        await postJson(endpoint, { authorization: `Bearer ${options.apiKey}` }, body, options.timeoutMs),
      );
      if (!answer.success)
        throw new PublisherUnavailableError('bad_answer', 'The Edulib answer is not {results: [{login, status}]}');
      return answer.data.results.map((result) => ({
        login: result.login,
        valid: result.status === 'OK',
        message: result.status === 'OK' ? null : errorText(result.message, 'Jeton refusé par Edulib'),
      }));
    },
  };
}
