import { createCipheriv, createECDH, createPrivateKey, hkdfSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * The two pieces of Web Push a server computes (docs/external-formats.md §7), with node:crypto:
 * VAPID authentication (RFC 8292) and the payload's `aes128gcm` encryption (RFC 8291, on the
 * record format of RFC 8188). Checked against `http_ece`, the reference implementation, by the
 * fake Web Push service of the tests.
 */

/** A server's VAPID keys as `web-push generate-vapid-keys` prints them: base64url, the public key an uncompressed P-256 point (65 bytes), the private one 32 bytes. */
export type VapidKeys = { publicKey: string; privateKey: string };

/** A new VAPID key pair (docs/deploy.md, "Push notifications", prints one the same way). */
export function generateVapidKeys(): VapidKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: privateKey32(ecdh.getPrivateKey()).toString('base64url'),
  };
}

/**
 * A P-256 private key on its 32 bytes. Node's `getPrivateKey` drops the leading zero bytes (one key
 * in 256 comes out 31 bytes), as does the one-line generator docs/deploy.md shows; the key is the
 * same number, so a shorter one is put back on 32 bytes, as `web-push generate-vapid-keys` does.
 */
function privateKey32(key: Buffer): Buffer {
  return key.length >= 32 ? key : Buffer.concat([Buffer.alloc(32 - key.length), key]);
}

/** The P-256 private key of a VAPID key pair; throws with a sentence when the keys are not such a pair. */
export function vapidSigningKey(keys: VapidKeys): KeyObject {
  const publicKey = Buffer.from(keys.publicKey, 'base64url');
  const given = Buffer.from(keys.privateKey, 'base64url');
  if (publicKey.length !== 65 || publicKey[0] !== 4)
    throw new Error('the VAPID public key is not an uncompressed P-256 point (65 bytes, base64url)');
  // Up to 32 bytes: a key printed without its leading zero bytes is the same key (privateKey32).
  if (given.length === 0 || given.length > 32) throw new Error('the VAPID private key is not 32 bytes (base64url)');
  const privateKey = privateKey32(given);
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(privateKey);
  if (!ecdh.getPublicKey().equals(publicKey)) throw new Error('the VAPID public key is not that of the private key');
  return createPrivateKey({
    format: 'jwk',
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: publicKey.subarray(1, 33).toString('base64url'),
      y: publicKey.subarray(33, 65).toString('base64url'),
      d: privateKey.toString('base64url'),
    },
  });
}

/**
 * The `Authorization` header of a request to a push service (RFC 8292 §3): `vapid t=<JWT>,
 * k=<public key>`, the JWT signed ES256 for the push service's origin (`aud`), valid until
 * `expiresAt` (seconds; at most 24 hours ahead), naming the server's contact (`sub`).
 */
export function vapidAuthorization(
  signingKey: KeyObject,
  publicKey: string,
  claims: { audience: string; subject: string; expiresAt: number },
): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${encode({ typ: 'JWT', alg: 'ES256' })}.${encode({ aud: claims.audience, exp: claims.expiresAt, sub: claims.subject })}`;
  const signature = sign('sha256', Buffer.from(unsigned), { key: signingKey, dsaEncoding: 'ieee-p1363' });
  return `vapid t=${unsigned}.${signature.toString('base64url')}, k=${publicKey}`;
}

/** The record size the encrypted body declares: one record holds the whole payload (at most 4,096 bytes, RFC 8291 §4). */
const RECORD_SIZE = 4096;

/**
 * A payload encrypted for one subscription (RFC 8291 §3.4 and RFC 8188 §2): a new P-256 key pair
 * and salt for each message; the input keying material from ECDH with the subscription's `p256dh`
 * and its `auth` secret, then the content key and nonce; one record, the payload ended by the
 * delimiter 0x02. Answers the body to POST, header included.
 */
export function encryptPayload(payload: Buffer, subscription: { p256dh: string; auth: string }): Buffer {
  const userAgentPublic = Buffer.from(subscription.p256dh, 'base64url');
  const authSecret = Buffer.from(subscription.auth, 'base64url');
  const server = createECDH('prime256v1');
  const serverPublic = server.generateKeys();
  const sharedSecret = server.computeSecret(userAgentPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), userAgentPublic, serverPublic]);
  const inputKey = Buffer.from(hkdfSync('sha256', sharedSecret, authSecret, keyInfo, 32));
  const salt = randomBytes(16);
  const contentKey = Buffer.from(hkdfSync('sha256', inputKey, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', inputKey, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const cipher = createCipheriv('aes-128-gcm', contentKey, nonce);
  const sealed = Buffer.concat([cipher.update(Buffer.concat([payload, Buffer.from([2])])), cipher.final(), cipher.getAuthTag()]);
  const header = Buffer.alloc(21);
  salt.copy(header, 0);
  header.writeUInt32BE(RECORD_SIZE, 16);
  header.writeUInt8(serverPublic.length, 20);
  return Buffer.concat([header, serverPublic, sealed]);
}

/** The most a payload may hold: a record of 4,096 bytes less the header (86), the delimiter and the tag (17). */
export const PAYLOAD_MAX_BYTES = RECORD_SIZE - 86 - 17;
