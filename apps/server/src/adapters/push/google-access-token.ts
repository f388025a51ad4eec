import { createSign } from 'node:crypto';
import { z } from 'zod';
import { PushUnavailableError } from './push-sender.js';

/** The fields of a Google service account's JSON key that the OAuth 2.0 JWT-bearer flow reads. */
export const serviceAccountSchema = z.object({
  project_id: z.string().min(1),
  client_email: z.string().min(1),
  private_key: z.string().includes('PRIVATE KEY'),
  token_uri: z.string().url().default('https://oauth2.googleapis.com/token'),
});
export type ServiceAccount = z.infer<typeof serviceAccountSchema>;

/** The scope FCM HTTP v1 asks of an access token. */
export const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';

/** An access token is asked again this long before it expires. */
const REFRESH_MARGIN_MS = 60_000;
const ASSERTION_LIFETIME_S = 3600;

const tokenAnswerSchema = z.object({ access_token: z.string().min(1), expires_in: z.coerce.number().positive() });

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** The signed assertion (RS256) the token endpoint trades for an access token. */
export function signAssertion(account: ServiceAccount, scope: string, nowMs = Date.now()): string {
  const iat = Math.floor(nowMs / 1000);
  const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
  const claims = base64url(
    JSON.stringify({ iss: account.client_email, scope, aud: account.token_uri, iat, exp: iat + ASSERTION_LIFETIME_S }),
  );
  const signer = createSign('RSA-SHA256');
  signer.update(`${header}.${claims}`);
  return `${header}.${claims}.${signer.sign(account.private_key).toString('base64url')}`;
}

/**
 * A service account's access tokens (OAuth 2.0 JWT-bearer grant, as google-auth-library does it,
 * without its dependencies): one asked at a time, kept until a minute before it expires; `forget`
 * drops it after a 401.
 */
export function createAccessTokenSource(account: ServiceAccount, scope: string, timeoutMs: number) {
  let current: { token: string; until: number } | undefined;
  let pending: Promise<string> | undefined;
  const fetchToken = async (): Promise<string> => {
    let response: Response;
    try {
      response = await fetch(account.token_uri, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
          assertion: signAssertion(account, scope),
        }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new PushUnavailableError('the OAuth token endpoint could not be reached', { cause: error });
    }
    if (!response.ok) throw new PushUnavailableError(`the OAuth token endpoint answered HTTP ${response.status}`);
    const parsed = tokenAnswerSchema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success) throw new PushUnavailableError('the OAuth token endpoint answered no access token');
    current = { token: parsed.data.access_token, until: Date.now() + parsed.data.expires_in * 1000 - REFRESH_MARGIN_MS };
    return current.token;
  };
  return {
    async get(): Promise<string> {
      if (current && current.until > Date.now()) return current.token;
      pending ??= fetchToken().finally(() => {
        pending = undefined;
      });
      return pending;
    },
    forget(token: string) {
      if (current?.token === token) current = undefined;
    },
  };
}
