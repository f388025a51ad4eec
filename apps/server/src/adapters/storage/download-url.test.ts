import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  deriveDownloadSigningKey,
  isDownloadQuery,
  readSignedDownload,
  signDownloadQuery,
  type SignedDownload,
} from './download-url.js';
import { derivePolicySigningKey } from './upload-policy.js';

const ENCRYPTION_KEY = Buffer.alloc(32, 7);
const SIGNING_KEY = deriveDownloadSigningKey(ENCRYPTION_KEY);
const KEY = 'documents/00112233445566778899aabb-bulletin.pdf';
const NOW = Date.parse('2026-03-01T10:00:00Z');
const DOWNLOAD: SignedDownload = {
  expires: NOW / 1000 + 60,
  disposition: 'attachment',
  fileName: 'Bulletin Élève & co.pdf',
  contentType: 'application/pdf',
};
const queryOf = (search: string) => Object.fromEntries(new URLSearchParams(search));

describe('signed download addresses', () => {
  it('derive their key under their own label: never the encryption key, nor the upload policies', () => {
    expect(SIGNING_KEY.equals(ENCRYPTION_KEY)).toBe(false);
    expect(SIGNING_KEY.equals(derivePolicySigningKey(ENCRYPTION_KEY))).toBe(false);
    expect(SIGNING_KEY.equals(deriveDownloadSigningKey(ENCRYPTION_KEY))).toBe(true);
  });

  it('write every presented part in the query, signed, and read them back until they expire', () => {
    const query = queryOf(signDownloadQuery(SIGNING_KEY, KEY, DOWNLOAD));
    expect(Object.keys(query)).toEqual(['expires', 'disposition', 'name', 'type', 'signature']);
    expect(query).toMatchObject({ expires: String(DOWNLOAD.expires), name: DOWNLOAD.fileName, type: 'application/pdf' });
    expect(isDownloadQuery(query)).toBe(true);
    expect(readSignedDownload(SIGNING_KEY, KEY, query, NOW)).toEqual({ download: DOWNLOAD });
    expect(readSignedDownload(SIGNING_KEY, KEY, query, DOWNLOAD.expires * 1000 - 1)).toEqual({ download: DOWNLOAD });
    expect(readSignedDownload(SIGNING_KEY, KEY, query, DOWNLOAD.expires * 1000)).toEqual({ refused: 'expired' });
  });

  const signed = queryOf(signDownloadQuery(SIGNING_KEY, KEY, DOWNLOAD));
  it.each([
    ['another key', 'documents/other.pdf', signed],
    ['a later expiry', KEY, { ...signed, expires: String(DOWNLOAD.expires + 3600) }],
    ['inline instead of attachment', KEY, { ...signed, disposition: 'inline' }],
    ['another name', KEY, { ...signed, name: 'page.html' }],
    ['another type', KEY, { ...signed, type: 'text/html' }],
    ['another signing key', KEY, queryOf(signDownloadQuery(deriveDownloadSigningKey(Buffer.alloc(32, 8)), KEY, DOWNLOAD))],
    [
      'a signature of the encryption key itself',
      KEY,
      {
        ...signed,
        signature: createHmac('sha256', ENCRYPTION_KEY)
          .update(JSON.stringify([KEY, signed.expires, 'attachment', DOWNLOAD.fileName, 'application/pdf']))
          .digest('base64url'),
      },
    ],
    ['no signature', KEY, { ...signed, signature: '' }],
    [
      'a part missing',
      KEY,
      { expires: signed.expires, disposition: 'attachment', name: DOWNLOAD.fileName, signature: signed.signature },
    ],
    ['a part repeated', KEY, { ...signed, name: [DOWNLOAD.fileName, 'x.html'] }],
    ['an expiry that is no number', KEY, { ...signed, expires: '1e10' }],
    ['another disposition', KEY, { ...signed, disposition: 'form-data' }],
  ])('refuse %s as forged', (_name, key, query) => {
    expect(readSignedDownload(SIGNING_KEY, key, query as Record<string, unknown>, NOW)).toEqual({ refused: 'forged' });
  });

  it('are told from a public address by any of their parameters', () => {
    expect(isDownloadQuery({})).toBe(false);
    expect(isDownloadQuery({ v: '2' })).toBe(false);
    expect(isDownloadQuery({ signature: 'x' })).toBe(true);
    expect(isDownloadQuery({ expires: '1' })).toBe(true);
  });
});
