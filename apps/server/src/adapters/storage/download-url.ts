import { createHmac, timingSafeEqual } from 'node:crypto';
import type { DownloadOptions } from './file-storage.js';

/**
 * The embedded storage's short-lived download addresses, its version of an S3 presigned GET:
 * `/files/<key>?expires=…&disposition=…&name=…&type=…&signature=…`. What the answer presents
 * (disposition, name, type) travels in the address, signed with the key and the expiry, so that
 * the server keeps nothing between handing the address out and serving it, and no one can
 * change what it serves, for how long, nor as what.
 */
export type SignedDownload = Omit<DownloadOptions, 'expiresInSeconds'> & {
  /** Unix time, in seconds, from which the address is refused. */
  expires: number;
};

/** Why a download address is refused. */
export type DownloadRefusal = 'forged' | 'expired';

/** The query parameters of a signed address, in the order they are written. */
const PARAMETERS = ['expires', 'disposition', 'name', 'type', 'signature'] as const;

/**
 * The key signing download addresses, derived from the product's encryption key under its own
 * label: never the encryption key itself, and never the key of upload policies
 * (`derivePolicySigningKey`), so that neither signature can pass for the other.
 */
export function deriveDownloadSigningKey(encryptionKey: Buffer): Buffer {
  return createHmac('sha256', encryptionKey).update('file-download-url/v1').digest();
}

/** The signature over every signed part, written as a JSON array: no two sets of values write the same text. */
function signatureOf(signingKey: Buffer, key: string, download: SignedDownload): Buffer {
  const signed = [key, String(download.expires), download.disposition, download.fileName, download.contentType];
  return createHmac('sha256', signingKey).update(JSON.stringify(signed)).digest();
}

/** The query string (without `?`) of a signed address of `key`. */
export function signDownloadQuery(signingKey: Buffer, key: string, download: SignedDownload): string {
  return new URLSearchParams({
    expires: String(download.expires),
    disposition: download.disposition,
    name: download.fileName,
    type: download.contentType,
    signature: signatureOf(signingKey, key, download).toString('base64url'),
  }).toString();
}

/** Whether a query carries any part of a signed address (a request for a download, not a public image). */
export function isDownloadQuery(query: Readonly<Record<string, unknown>>): boolean {
  return PARAMETERS.some((name) => Object.hasOwn(query, name));
}

/**
 * What a signed address of `key` presents, once its signature holds (compared in constant time)
 * and it has not expired at `now` (ms since the epoch); otherwise why it is refused. A parameter
 * missing, repeated or malformed is a forgery.
 */
export function readSignedDownload(
  signingKey: Buffer,
  key: string,
  query: Readonly<Record<string, unknown>>,
  now: number,
): { download: SignedDownload } | { refused: DownloadRefusal } {
  const values = PARAMETERS.map((name) => query[name]);
  if (!values.every((value): value is string => typeof value === 'string')) return { refused: 'forged' };
  const [expires, disposition, fileName, contentType, signature] = values as [string, string, string, string, string];
  if (!/^[0-9]{1,12}$/.test(expires) || (disposition !== 'inline' && disposition !== 'attachment')) return { refused: 'forged' };
  const download: SignedDownload = { expires: Number(expires), disposition, fileName, contentType };
  const expected = signatureOf(signingKey, key, download);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { refused: 'forged' };
  if (download.expires * 1000 <= now) return { refused: 'expired' };
  return { download };
}
