import { hash, verify } from '@node-rs/argon2';
import { decryptSecret, encryptSecret, safeEqual } from './secrets.js';

/** OWASP's argon2id parameters: 19 MiB, 2 passes, 1 lane. Runs on the libuv pool, not the event loop. */
const ARGON2_OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(clear: string): Promise<string> {
  return hash(clear, ARGON2_OPTIONS);
}

/** A stored password: a hash for staff, a ciphertext for passwords the product prints. */
export type StoredPassword = { passwordHash: string | null; passwordEncrypted: string | null };

/** A fixed hash checked when the account is unknown, so that timing does not reveal logins. */
let decoyHash: Promise<string> | undefined;

/**
 * Whether `clear` matches the stored password. Never logs or returns the clear value.
 * An account with neither a hash nor a ciphertext never matches.
 */
export async function checkPassword(key: Buffer, stored: StoredPassword | undefined, clear: string): Promise<boolean> {
  if (stored?.passwordHash) {
    try {
      return await verify(stored.passwordHash, clear);
    } catch {
      return false;
    }
  }
  if (stored?.passwordEncrypted) {
    try {
      return safeEqual(decryptSecret(key, stored.passwordEncrypted), clear);
    } catch {
      return false;
    }
  }
  decoyHash ??= hashPassword('decoy-password-never-used');
  await verify(await decoyHash, clear).catch(() => false);
  return false;
}

/** Stores a new password the way its profile needs: printable ones encrypted, others hashed. */
export async function storePassword(key: Buffer, clear: string, printable: boolean): Promise<StoredPassword> {
  if (printable) return { passwordHash: null, passwordEncrypted: encryptSecret(key, clear) };
  return { passwordHash: await hashPassword(clear), passwordEncrypted: null };
}
