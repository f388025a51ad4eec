import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';

/**
 * Compact HS256 JSON Web Tokens (RFC 7519) signed with a shared secret, for single sign-on into
 * the support and catalogue sites: header.payload.signature, each part base64url, the signature
 * an HMAC-SHA256 of "header.payload". Written here with node:crypto because the console only
 * needs this one algorithm and a verifier for its tests and for sites that want a reference.
 */
export type SingleSignOnClaims = {
  /** The user id, as a string as JWT subjects are. */
  sub: string;
  email: string;
  name: string;
  profile: string;
  uai: string | null;
  /** The site the token is for ('support' or 'catalogue'), so that one cannot be replayed at the other. */
  aud: string;
  iat: number;
  exp: number;
  /** A unique id, so that a site can refuse a token used twice. */
  jti: string;
};

const HEADER = { alg: 'HS256', typ: 'JWT' } as const;

function encodeJson(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

function signatureOf(signingInput: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(signingInput).digest();
}

/** Signs claims into a compact HS256 token. */
export function signToken(claims: object, secret: string): string {
  const signingInput = `${encodeJson(HEADER)}.${encodeJson(claims)}`;
  return `${signingInput}.${signatureOf(signingInput, secret).toString('base64url')}`;
}

/** A fresh token for a user and a site, valid `ttlSeconds` from `nowSeconds`. */
export function createSingleSignOnToken(
  input: { userId: number; email: string; name: string; profile: string; uai: string | null; audience: string },
  options: { secret: string; ttlSeconds: number; nowSeconds?: number },
): string {
  const iat = options.nowSeconds ?? Math.floor(Date.now() / 1000);
  const claims: SingleSignOnClaims = {
    sub: String(input.userId),
    email: input.email,
    name: input.name,
    profile: input.profile,
    uai: input.uai,
    aud: input.audience,
    iat,
    exp: iat + options.ttlSeconds,
    jti: randomUUID(),
  };
  return signToken(claims, options.secret);
}

export type TokenCheck =
  | { valid: true; claims: Record<string, unknown> }
  | { valid: false; reason: 'malformed' | 'unsupported_algorithm' | 'bad_signature' | 'expired' | 'not_yet_valid' };

function decodeJson(part: string): unknown {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Verifies a token as a receiving site must: three base64url parts, header alg HS256 (never
 * `none` nor another algorithm), the signature compared in constant time, then `exp` (and `iat`
 * not in the future, with `leewaySeconds` for clock drift).
 */
export function verifyToken(
  token: string,
  secret: string,
  options: { nowSeconds?: number; leewaySeconds?: number } = {},
): TokenCheck {
  const now = options.nowSeconds ?? Math.floor(Date.now() / 1000);
  const leeway = options.leewaySeconds ?? 0;
  const parts = token.split('.');
  if (parts.length !== 3 || parts.some((part) => !/^[A-Za-z0-9_-]*$/.test(part))) return { valid: false, reason: 'malformed' };
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  const header = decodeJson(headerPart);
  const claims = decodeJson(payloadPart);
  if (!isObject(header) || !isObject(claims)) return { valid: false, reason: 'malformed' };
  if (header.alg !== 'HS256') return { valid: false, reason: 'unsupported_algorithm' };
  const expected = signatureOf(`${headerPart}.${payloadPart}`, secret);
  const given = Buffer.from(signaturePart, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { valid: false, reason: 'bad_signature' };
  if (typeof claims.exp !== 'number' || now >= claims.exp + leeway) return { valid: false, reason: 'expired' };
  if (typeof claims.iat === 'number' && claims.iat > now + leeway) return { valid: false, reason: 'not_yet_valid' };
  return { valid: true, claims };
}
