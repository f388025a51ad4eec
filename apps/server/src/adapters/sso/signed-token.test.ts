import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSingleSignOnToken, signToken, verifyToken } from './signed-token.js';

const SECRET = 'a-test-secret-of-at-least-32-characters!';
const NOW = 1_800_000_000;

function fresh(overrides: { ttlSeconds?: number; nowSeconds?: number } = {}): string {
  return createSingleSignOnToken(
    {
      userId: 42,
      email: 'anne.martin@example.fr',
      name: 'Anne Martin',
      profile: 'Gestionnaire',
      uai: '0693284X',
      audience: 'support',
    },
    { secret: SECRET, ttlSeconds: overrides.ttlSeconds ?? 120, nowSeconds: overrides.nowSeconds ?? NOW },
  );
}

function part(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function decode(token: string, index: number): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[index]!, 'base64url').toString('utf8')) as Record<string, unknown>;
}

describe('single-sign-on tokens', () => {
  it('carry the user, the site and a lifetime, signed HS256', () => {
    const token = fresh();
    expect(decode(token, 0)).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(decode(token, 1)).toEqual({
      sub: '42',
      email: 'anne.martin@example.fr',
      name: 'Anne Martin',
      profile: 'Gestionnaire',
      uai: '0693284X',
      aud: 'support',
      iat: NOW,
      exp: NOW + 120,
      jti: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    // The signature is the standard one: any JWT library with the secret accepts it.
    const [header, payload, signature] = token.split('.');
    expect(signature).toBe(createHmac('sha256', SECRET).update(`${header}.${payload}`).digest('base64url'));
    expect(verifyToken(token, SECRET, { nowSeconds: NOW + 60 })).toEqual({ valid: true, claims: decode(token, 1) });
  });

  it('have a unique id each', () => {
    expect(decode(fresh(), 1).jti).not.toBe(decode(fresh(), 1).jti);
  });

  it('expire after their lifetime', () => {
    const token = fresh({ ttlSeconds: 120 });
    expect(verifyToken(token, SECRET, { nowSeconds: NOW + 119 }).valid).toBe(true);
    expect(verifyToken(token, SECRET, { nowSeconds: NOW + 120 })).toEqual({ valid: false, reason: 'expired' });
    expect(verifyToken(token, SECRET, { nowSeconds: NOW + 125, leewaySeconds: 10 }).valid).toBe(true);
  });

  const token = fresh();
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const claims = decode(token, 1);
  const flip = (text: string) => (text[0] === 'A' ? 'B' : 'A') + text.slice(1);

  it.each([
    ['a wrong secret', token, 'another-secret-of-at-least-32-characters', 'bad_signature'],
    ['a changed payload', `${header}.${part({ ...claims, sub: '1' })}.${signature}`, SECRET, 'bad_signature'],
    ['a longer lifetime', `${header}.${part({ ...claims, exp: NOW + 86_400 })}.${signature}`, SECRET, 'bad_signature'],
    ['a changed signature', `${header}.${payload}.${flip(signature)}`, SECRET, 'bad_signature'],
    ['a truncated signature', `${header}.${payload}.${signature.slice(0, 10)}`, SECRET, 'bad_signature'],
    ['no signature', `${header}.${payload}.`, SECRET, 'bad_signature'],
    ['alg none', `${part({ alg: 'none', typ: 'JWT' })}.${payload}.`, SECRET, 'unsupported_algorithm'],
    ['alg HS512', `${part({ alg: 'HS512', typ: 'JWT' })}.${payload}.${signature}`, SECRET, 'unsupported_algorithm'],
    ['two parts', `${header}.${payload}`, SECRET, 'malformed'],
    ['four parts', `${token}.x`, SECRET, 'malformed'],
    [
      'a payload that is not JSON',
      `${header}.${Buffer.from('not json').toString('base64url')}.${signature}`,
      SECRET,
      'malformed',
    ],
    ['a payload that is an array', `${header}.${part([1, 2])}.${signature}`, SECRET, 'malformed'],
    ['characters outside base64url', `${header}.${payload}+.${signature}`, SECRET, 'malformed'],
    ['an empty string', '', SECRET, 'malformed'],
  ])('are refused with %s', (_case, candidate, secret, reason) => {
    expect(verifyToken(candidate, secret, { nowSeconds: NOW + 1 })).toEqual({ valid: false, reason });
  });

  it('are refused without an expiry, or issued in the future', () => {
    const withoutExpiry = signToken({ sub: '42', iat: NOW }, SECRET);
    expect(verifyToken(withoutExpiry, SECRET, { nowSeconds: NOW })).toEqual({ valid: false, reason: 'expired' });
    const future = fresh({ nowSeconds: NOW + 600 });
    expect(verifyToken(future, SECRET, { nowSeconds: NOW })).toEqual({ valid: false, reason: 'not_yet_valid' });
  });
});
