import { describe, expect, it } from 'vitest';
import { createAddressGuard, embeddedIPv4, resolveCheckedAddress, type Lookup } from './address-guard.js';
import { TransferError } from './transfer-error.js';

const guard = createAddressGuard([]);

describe('the address guard', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'IPv6 loopback'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', '"this network"'],
    ['::', 'IPv6 unspecified'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['fc00::1', 'unique local'],
    ['fd12:3456::1', 'unique local'],
    ['169.254.169.254', 'cloud metadata'],
    ['169.254.0.1', 'link-local'],
    ['fe80::1', 'IPv6 link-local'],
    ['fe80::1%eth0', 'IPv6 link-local with a zone'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.127.255.254', 'carrier-grade NAT'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['ff02::1', 'IPv6 multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['198.18.0.1', 'benchmarking'],
    ['198.19.255.255', 'benchmarking'],
    ['192.0.2.10', 'documentation'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, hexadecimal'],
    ['::ffff:169.254.169.254', 'IPv4-mapped metadata'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['64:ff9b::a9fe:a9fe', 'NAT64 of the metadata address'],
    ['64:ff9b::127.0.0.1', 'NAT64 of loopback'],
    ['::127.0.0.1', 'IPv4-compatible loopback'],
    ['localhost', 'not an address'],
    ['', 'empty'],
  ])('refuses %s (%s)', (address) => {
    expect(guard.isAllowed(address)).toBe(false);
  });

  it.each([
    ['93.184.215.14'],
    ['8.8.8.8'],
    ['172.32.0.1'],
    ['100.128.0.1'],
    ['169.253.255.255'],
    ['198.20.0.1'],
    ['2606:4700:4700::1111'],
    ['::ffff:8.8.8.8'],
    ['64:ff9b::808:808'],
  ])('lets the public address %s through', (address) => {
    expect(guard.isAllowed(address)).toBe(true);
  });

  it('lets through what the operator allows, addresses or ranges, and nothing more', () => {
    const allowing = createAddressGuard(['127.0.0.1', '10.0.0.0/8', 'fd00::/8', ' 192.168.1.5/32 ']);
    expect(allowing.isAllowed('127.0.0.1')).toBe(true);
    expect(allowing.isAllowed('::ffff:127.0.0.1')).toBe(true);
    expect(allowing.isAllowed('127.0.0.2')).toBe(false);
    expect(allowing.isAllowed('10.200.3.4')).toBe(true);
    expect(allowing.isAllowed('fd00::5')).toBe(true);
    expect(allowing.isAllowed('fc00::5')).toBe(false);
    expect(allowing.isAllowed('192.168.1.5')).toBe(true);
    expect(allowing.isAllowed('192.168.1.6')).toBe(false);
    expect(allowing.isAllowed('169.254.169.254')).toBe(false);
  });

  it.each([['localhost'], ['10.0.0.0/33'], ['10.0.0.0/'], ['10.0.0.0/8/1'], ['fd00::/129'], ['10.0.0.0/-1'], ['*']])(
    'throws RangeError for the allowed entry %j',
    (entry) => {
      expect(() => createAddressGuard([entry])).toThrow(RangeError);
    },
  );

  it('reads the IPv4 address inside mapped and NAT64 addresses only', () => {
    expect(embeddedIPv4('::ffff:1.2.3.4')).toBe('1.2.3.4');
    expect(embeddedIPv4('::FFFF:0102:0304')).toBe('1.2.3.4');
    expect(embeddedIPv4('64:ff9b::0a00:0001')).toBe('10.0.0.1');
    expect(embeddedIPv4('2001:db8::1')).toBeNull();
    expect(embeddedIPv4('1.2.3.4')).toBeNull();
  });
});

describe('resolving a host before connecting', () => {
  const lookupOf =
    (answers: Record<string, string[]>): Lookup =>
    async (host) => {
      const addresses = answers[host];
      if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
      return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    };
  const resolve = (host: string, lookup: Lookup, allowed: string[] = []) =>
    resolveCheckedAddress(host, { guard: createAddressGuard(allowed), lookup, timeoutMs: 5_000 });
  const failureOf = (promise: Promise<unknown>) =>
    promise.then(
      () => 'resolved',
      (error: unknown) => (error instanceof TransferError ? error.failure : error),
    );

  it('answers the first IPv4 address of a public name', async () => {
    const lookup = lookupOf({ 'sftp.example.org': ['2606:4700::1', '93.184.215.14', '93.184.215.15'] });
    expect(await resolve('sftp.example.org', lookup)).toBe('93.184.215.14');
  });

  it('answers the IPv6 address of a name that has only that', async () => {
    expect(await resolve('v6.example.org', lookupOf({ 'v6.example.org': ['2606:4700::1'] }))).toBe('2606:4700::1');
  });

  it('refuses a name when any of its addresses is internal', async () => {
    const lookup = lookupOf({ 'mixed.example.org': ['93.184.215.14', '169.254.169.254'] });
    expect(await failureOf(resolve('mixed.example.org', lookup))).toBe('address_refused');
  });

  it('checks an IP literal without resolving it', async () => {
    const lookup: Lookup = () => Promise.reject(new Error('resolved'));
    expect(await resolve('93.184.215.14', lookup)).toBe('93.184.215.14');
    expect(await resolve('[2606:4700::1]', lookup)).toBe('2606:4700::1');
    expect(await failureOf(resolve('127.0.0.1', lookup))).toBe('address_refused');
    expect(await resolve('127.0.0.1', lookup, ['127.0.0.0/8'])).toBe('127.0.0.1');
  });

  it('is offline for a name that does not resolve, or resolves to nothing', async () => {
    expect(await failureOf(resolve('nowhere.example.org', lookupOf({})))).toBe('offline');
    expect(await failureOf(resolve('empty.example.org', lookupOf({ 'empty.example.org': [] })))).toBe('offline');
  });

  it('times out a resolution that does not answer', async () => {
    const never: Lookup = () => new Promise(() => undefined);
    const resolving = resolveCheckedAddress('slow.example.org', { guard, lookup: never, timeoutMs: 20 });
    expect(await failureOf(resolving)).toBe('timeout');
  });
});
