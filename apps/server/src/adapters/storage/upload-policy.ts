import { createHmac, timingSafeEqual } from 'node:crypto';
import type { UploadSpec } from './file-storage.js';

/**
 * The signed policy of an upload ticket, the embedded storage's version of S3's POST policy: the
 * one key, content type and largest size allowed, until `expiration`. The browser posts it back
 * as the `policy` field (base64url JSON) with its `signature` (HMAC-SHA256, base64url).
 */
export type UploadPolicy = UploadSpec & {
  /** ISO 8601 instant after which the ticket is refused. */
  expiration: string;
};

/** Why a posted policy is refused. */
export type PolicyRefusal = 'forged' | 'expired';

/**
 * The key signing upload policies, derived from the product's encryption key under its own label:
 * the encryption key itself never signs anything a browser sees, and another signature made
 * with the same key (the device cookie's) can never pass for a policy's.
 */
export function derivePolicySigningKey(encryptionKey: Buffer): Buffer {
  return createHmac('sha256', encryptionKey).update('file-upload-policy/v1').digest();
}

function signatureOf(signingKey: Buffer, encodedPolicy: string): Buffer {
  return createHmac('sha256', signingKey).update(encodedPolicy).digest();
}

/** The policy encoded as it travels, and its signature. */
export function signPolicy(signingKey: Buffer, policy: UploadPolicy): { policy: string; signature: string } {
  const encoded = Buffer.from(JSON.stringify(policy)).toString('base64url');
  return { policy: encoded, signature: signatureOf(signingKey, encoded).toString('base64url') };
}

function isUploadPolicy(value: unknown): value is UploadPolicy {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<Record<keyof UploadPolicy, unknown>>;
  return (
    typeof candidate.key === 'string' &&
    typeof candidate.contentType === 'string' &&
    typeof candidate.maxBytes === 'number' &&
    typeof candidate.expiration === 'string' &&
    !Number.isNaN(Date.parse(candidate.expiration))
  );
}

/**
 * The policy a browser posted back, once its signature holds (compared in constant time) and it
 * has not expired at `now` (ms since the epoch); otherwise why it is refused. The signature is
 * checked before the policy is even decoded: nothing unsigned is parsed.
 */
export function readSignedPolicy(
  signingKey: Buffer,
  encodedPolicy: string,
  signature: string,
  now: number,
): { policy: UploadPolicy } | { refused: PolicyRefusal } {
  const expected = signatureOf(signingKey, encodedPolicy);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { refused: 'forged' };
  let policy: unknown;
  try {
    policy = JSON.parse(Buffer.from(encodedPolicy, 'base64url').toString('utf8'));
  } catch {
    return { refused: 'forged' };
  }
  if (!isUploadPolicy(policy)) return { refused: 'forged' };
  if (Date.parse(policy.expiration) <= now) return { refused: 'expired' };
  return { policy };
}
