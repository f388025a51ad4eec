import { describe, expect, it } from 'vitest';
import { addTrustedDevice, deriveDeviceCookieKey, isTrustedDevice, MAX_DEVICE_ENTRIES } from './device-cookie.js';

const key = deriveDeviceCookieKey(Buffer.alloc(32, 7));
const otherKey = deriveDeviceCookieKey(Buffer.alloc(32, 8));

describe('device cookie', () => {
  it('trusts the account that signed in, and no other account', () => {
    const cookie = addTrustedDevice(key, undefined, 42);
    expect(isTrustedDevice(key, cookie, 42)).toBe(true);
    expect(isTrustedDevice(key, cookie, 43)).toBe(false);
    expect(isTrustedDevice(key, undefined, 42)).toBe(false);
    expect(isTrustedDevice(key, '', 42)).toBe(false);
  });

  it('refuses an entry signed with another key, altered, or moved to another account', () => {
    const cookie = addTrustedDevice(key, undefined, 42);
    expect(isTrustedDevice(otherKey, cookie, 42)).toBe(false);
    const [id, nonce, signature] = cookie.split('~') as [string, string, string];
    expect(isTrustedDevice(key, ['43', nonce, signature].join('~'), 43)).toBe(false);
    expect(isTrustedDevice(key, [id, nonce + 'x', signature].join('~'), 42)).toBe(false);
    expect(isTrustedDevice(key, [id, nonce, signature.slice(1)].join('~'), 42)).toBe(false);
    expect(isTrustedDevice(key, [id, nonce, signature, 'extra'].join('~'), 42)).toBe(false);
    expect(isTrustedDevice(key, 'garbage~~.~~~.%00', 42)).toBe(false);
  });

  it('keeps the accounts of a shared computer, newest first, up to the limit', () => {
    let cookie: string | undefined;
    for (let userId = 1; userId <= MAX_DEVICE_ENTRIES + 5; userId++) cookie = addTrustedDevice(key, cookie, userId);
    expect(cookie!.split('.')).toHaveLength(MAX_DEVICE_ENTRIES);
    expect(isTrustedDevice(key, cookie, MAX_DEVICE_ENTRIES + 5)).toBe(true);
    expect(isTrustedDevice(key, cookie, 6)).toBe(true);
    expect(isTrustedDevice(key, cookie, 5)).toBe(false);

    const again = addTrustedDevice(key, cookie, 6);
    expect(again.split('.')).toHaveLength(MAX_DEVICE_ENTRIES);
    expect(again.startsWith('6~')).toBe(true);
    expect(isTrustedDevice(key, again, 7)).toBe(true);
  });

  it('drops foreign entries when it adds one', () => {
    const forged = `9~nonce~${Buffer.alloc(16).toString('base64url')}`;
    const cookie = addTrustedDevice(key, forged, 1);
    expect(cookie.split('.')).toHaveLength(1);
    expect(isTrustedDevice(key, cookie, 9)).toBe(false);
  });
});
