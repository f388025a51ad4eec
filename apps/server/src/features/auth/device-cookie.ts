import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * OWASP's device cookie: a browser where an account signed in successfully carries a signed
 * proof of it, and sign-ins of that account from that browser are exempt from the address
 * limit (a school's shared address, a proxy). The proof names the account, so that signing in
 * once with one's own account exempts nothing else: password spraying from that browser still
 * meets the address limit. Each entry is `userId~nonce~signature`; a shared computer keeps the
 * entries of its last `MAX_DEVICE_ENTRIES` accounts. Failures of a trusted browser count on the
 * account, which locks after LOGIN_MAX_FAILURES.
 */
export const DEVICE_COOKIE = 'device';

/** The entries one browser keeps: a class's shared computer sees many pupils. */
export const MAX_DEVICE_ENTRIES = 20;

/** How long a browser stays known without signing in again. */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 180 * 24 * 3600;

const ENTRY_SEPARATOR = '.';
const FIELD_SEPARATOR = '~';

/** The signing key of device cookies, derived from the product's encryption key. */
export function deriveDeviceCookieKey(encryptionKey: Buffer): Buffer {
  return createHmac('sha256', encryptionKey).update('device-cookie/v1').digest();
}

function sign(key: Buffer, userId: number, nonce: string): Buffer {
  return createHmac('sha256', key).update(`${userId}${FIELD_SEPARATOR}${nonce}`).digest().subarray(0, 16);
}

type Entry = { userId: number; text: string };

/** The entries of a cookie whose signature holds; altered or foreign ones are dropped. */
function readEntries(key: Buffer, cookie: string | undefined): Entry[] {
  if (!cookie) return [];
  const entries: Entry[] = [];
  for (const text of cookie.split(ENTRY_SEPARATOR).slice(0, MAX_DEVICE_ENTRIES)) {
    const [id, nonce, signature, extra] = text.split(FIELD_SEPARATOR);
    if (!id || !nonce || !signature || extra !== undefined || !/^[1-9][0-9]{0,9}$/.test(id)) continue;
    const given = Buffer.from(signature, 'base64url');
    const expected = sign(key, Number(id), nonce);
    if (given.length === expected.length && timingSafeEqual(given, expected)) entries.push({ userId: Number(id), text });
  }
  return entries;
}

/** Whether the browser's device cookie proves an earlier successful sign-in of this account. */
export function isTrustedDevice(key: Buffer, cookie: string | undefined, userId: number): boolean {
  return readEntries(key, cookie).some((entry) => entry.userId === userId);
}

/**
 * The device cookie after a successful sign-in of `userId`: a fresh entry for this account
 * first, then the other valid entries, at most `MAX_DEVICE_ENTRIES`.
 */
export function addTrustedDevice(key: Buffer, cookie: string | undefined, userId: number): string {
  const nonce = randomBytes(16).toString('base64url');
  const fresh = [userId, nonce, sign(key, userId, nonce).toString('base64url')].join(FIELD_SEPARATOR);
  const others = readEntries(key, cookie)
    .filter((entry) => entry.userId !== userId)
    .map((entry) => entry.text);
  return [fresh, ...others].slice(0, MAX_DEVICE_ENTRIES).join(ENTRY_SEPARATOR);
}
