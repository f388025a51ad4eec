import { z } from 'zod';
import type { EcoleDirecteFailure } from './ecole-directe-error.js';

/*
 * EcoleDirecte's school-administration API as third parties observed it (docs/external-formats.md
 * §5.2; undocumented by its publisher): every call is
 *
 *   POST {base}/v3/admin/<path>.awp?verbe=get&<query>
 *   Content-Type: application/x-www-form-urlencoded
 *   x-token: <token>
 *   data=<URL-encoded JSON holding "token" and the call's fields>
 *
 * and every answer is HTTP 200 with `{"code":200,"token":"<new token>","message":"","data":{…}}`,
 * success or failure being `code`. The token rotates: each answer's is the one the next call sends.
 */

/**
 * The only calls made: the pupils' and the teachers' directories. Others exist, and some answer
 * first sign-in passwords (`compteOrigineED/…`, `supervisionmobile`): the type keeps them out.
 */
export type AdminPath = 'utilisateurs/eleves' | 'utilisateurs/professeurs';

/** A browser's agent: EcoleDirecte binds its tokens to the agent and is used from browsers only. */
export const BROWSER_USER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

/** What fetch is given: the URL with its query, the headers, the form body. */
export type AdminRequest = { url: string; headers: Record<string, string>; body: string };

/**
 * The request of a `verbe=get` call on `path` with an empty `filterSearch` (the whole directory),
 * carrying `token` in the `x-token` header and in the body's JSON beside `fields`.
 */
export function buildAdminRequest(baseUrl: string, path: AdminPath, token: string, fields: Record<string, string>): AdminRequest {
  const query = new URLSearchParams({ verbe: 'get', filterSearch: '' });
  return {
    url: `${baseUrl.replace(/\/+$/, '')}/v3/admin/${path}.awp?${query.toString()}`,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json, text/plain, */*',
      'user-agent': BROWSER_USER_AGENT,
      'x-token': token,
    },
    body: 'data=' + encodeURIComponent(JSON.stringify({ token, ...fields })),
  };
}

const envelopeSchema = z.object({
  code: z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]),
  token: z.string().nullish(),
  data: z.unknown().optional(),
});

/** An answer's envelope: its code, the next token (null when it gives none), its data. */
export type AdminEnvelope = { code: number; token: string | null; data: unknown };

/** The envelope of a parsed JSON answer, or undefined when the answer is not one. */
export function parseEnvelope(body: unknown): AdminEnvelope | undefined {
  const parsed = envelopeSchema.safeParse(body);
  if (!parsed.success) return undefined;
  return { code: parsed.data.code, token: parsed.data.token || null, data: parsed.data.data };
}

/**
 * The failure an answer's code means, or null for 200: 520 (invalid token), 525 (expired token)
 * and 403 (forbidden) refuse the token; 535 says the school is not on EcoleDirecte; any other
 * code is EcoleDirecte being unavailable.
 */
export function failureOfCode(code: number): EcoleDirecteFailure | null {
  if (code === 200) return null;
  if (code === 520 || code === 525 || code === 403) return 'invalid_token';
  if (code === 535) return 'school_unavailable';
  return 'unavailable';
}
