import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { derivePolicySigningKey, readSignedPolicy, signPolicy, type UploadPolicy } from './upload-policy.js';

const ENCRYPTION_KEY = Buffer.alloc(32, 7);
const SIGNING_KEY = derivePolicySigningKey(ENCRYPTION_KEY);
const NOW = Date.parse('2026-03-01T10:00:00Z');
const POLICY: UploadPolicy = {
  key: 'platforms/0a1b-logo.png',
  contentType: 'image/png',
  maxBytes: 2_000_000,
  expiration: '2026-03-01T10:10:00.000Z',
};

describe('upload policy signing', () => {
  it('derives its key under its own label: never the encryption key, nor the device cookie key', () => {
    expect(SIGNING_KEY.equals(ENCRYPTION_KEY)).toBe(false);
    expect(SIGNING_KEY.equals(createHmac('sha256', ENCRYPTION_KEY).update('device-cookie/v1').digest())).toBe(false);
    expect(SIGNING_KEY.equals(derivePolicySigningKey(ENCRYPTION_KEY))).toBe(true);
  });

  it('signs the base64url JSON policy with HMAC-SHA256', () => {
    const signed = signPolicy(SIGNING_KEY, POLICY);
    expect(JSON.parse(Buffer.from(signed.policy, 'base64url').toString('utf8'))).toEqual(POLICY);
    expect(signed.signature).toBe(createHmac('sha256', SIGNING_KEY).update(signed.policy).digest('base64url'));
  });

  it('reads back a policy it signed, until it expires', () => {
    const { policy, signature } = signPolicy(SIGNING_KEY, POLICY);
    expect(readSignedPolicy(SIGNING_KEY, policy, signature, NOW)).toEqual({ policy: POLICY });
    expect(readSignedPolicy(SIGNING_KEY, policy, signature, Date.parse(POLICY.expiration) - 1)).toEqual({ policy: POLICY });
    expect(readSignedPolicy(SIGNING_KEY, policy, signature, Date.parse(POLICY.expiration))).toEqual({ refused: 'expired' });
  });

  const signed = signPolicy(SIGNING_KEY, POLICY);
  const otherKey = derivePolicySigningKey(Buffer.alloc(32, 8));
  const altered = Buffer.from(JSON.stringify({ ...POLICY, key: 'platforms/other.png' })).toString('base64url');
  const unsignedJunk = Buffer.from('not json').toString('base64url');
  it.each([
    ['a policy altered, its signature kept', altered, signed.signature],
    ['a signature of another key', signed.policy, signPolicy(otherKey, POLICY).signature],
    ['a signature cut short', signed.policy, signed.signature.slice(0, 20)],
    ['an empty signature', signed.policy, ''],
    [
      'a signature of the encryption key itself',
      signed.policy,
      createHmac('sha256', ENCRYPTION_KEY).update(signed.policy).digest('base64url'),
    ],
    ['a signed text that is no policy', unsignedJunk, createHmac('sha256', SIGNING_KEY).update(unsignedJunk).digest('base64url')],
  ])('refuses %s as forged', (_name, policy, signature) => {
    expect(readSignedPolicy(SIGNING_KEY, policy, signature, NOW)).toEqual({ refused: 'forged' });
  });

  it('refuses a signed object that lacks a field of a policy as forged', () => {
    const { maxBytes: _maxBytes, ...partial } = POLICY;
    const policy = Buffer.from(JSON.stringify(partial)).toString('base64url');
    const signature = createHmac('sha256', SIGNING_KEY).update(policy).digest('base64url');
    expect(readSignedPolicy(SIGNING_KEY, policy, signature, NOW)).toEqual({ refused: 'forged' });
  });
});
