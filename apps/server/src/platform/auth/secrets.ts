import { createCipheriv, createDecipheriv, createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

const VERSION = 'v1';

/**
 * Random bytes drawn from a pool filled 48 KiB at a time: each `randomBytes` call costs a system
 * call (about 8 µs here), which 70,000 secrets of an import paid one by one. The pool's bytes come
 * from the same CSPRNG and each is handed out once.
 */
const POOL_SIZE = 48 * 1024;
let pool = Buffer.alloc(0);
let poolOffset = 0;

function pooledRandomBytes(size: number): Buffer {
  if (size > POOL_SIZE) return randomBytes(size);
  if (poolOffset + size > pool.length) {
    pool = randomBytes(POOL_SIZE);
    poolOffset = 0;
  }
  // A copy: the caller may keep it past the pool's refill.
  const bytes = Buffer.from(pool.subarray(poolOffset, poolOffset + size));
  poolOffset += size;
  return bytes;
}

/**
 * Encrypts a secret the product must show again (a printable password, platform credentials)
 * with AES-256-GCM. The output is `v1:iv:tag:ciphertext` in base64url; never the clear text.
 */
export function encryptSecret(key: Buffer, clear: string): string {
  const iv = pooledRandomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(clear, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join(':');
}

/** Decrypts `encryptSecret`'s output. Throws when the value was altered or the key is wrong. */
export function decryptSecret(key: Buffer, sealed: string): string {
  const [version, iv, tag, data] = sealed.split(':');
  if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('not an encrypted secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

/** Compares two strings in constant time for their length. */
export function safeEqual(a: string, b: string): boolean {
  const left = createHash('sha256').update(a).digest();
  const right = createHash('sha256').update(b).digest();
  return timingSafeEqual(left, right);
}

/** A random URL-safe token of `bytes` bytes (sessions, sign-in links). */
export function randomToken(bytes = 32): string {
  return pooledRandomBytes(bytes).toString('base64url');
}

/** The SHA-256 of a token, as stored: the database never holds a session token itself. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Cryptographic random integers, for generated passwords. */
export const secureIntegers = { integer: (min: number, max: number): number => randomInt(min, max + 1) };
