import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { withinTime } from './deadline.js';
import { TransferError } from './transfer-error.js';

/**
 * The server-side request forgery guard: a school administrator names the server, so the name
 * could point at the platform's own network (a database, a cloud metadata service). Every address
 * the name resolves to is checked before connecting, and the connection then goes to the checked
 * address, never to the name again (a second resolution could answer otherwise: DNS rebinding).
 */

/** Name resolution: every address of a host. */
export type Lookup = (host: string) => Promise<{ address: string; family: number }[]>;

/** Whether an address may be connected to. */
export type AddressGuard = { isAllowed(address: string): boolean };

/** IPv4 ranges that are not the public Internet. */
const FORBIDDEN_V4: readonly [string, number][] = [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast (255.255.255.255)
];

/** IPv6 ranges that are not the public Internet. */
const FORBIDDEN_V6: readonly [string, number][] = [
  ['::', 96], // unspecified (::), loopback (::1), IPv4-compatible (deprecated)
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local (private)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];

/**
 * The guard: an address is refused when it is loopback, unspecified, private, link-local, CGNAT,
 * multicast, broadcast, reserved, benchmarking or documentation, or an IPv6 form of such an IPv4
 * address (IPv4-mapped ::ffff:a.b.c.d, NAT64 64:ff9b::a.b.c.d), unless it is in
 * `allowedAddresses` (addresses or CIDR ranges). Anything that is not an IP address is refused.
 * Throws RangeError when an entry of `allowedAddresses` is neither an address nor a CIDR range.
 */
export function createAddressGuard(allowedAddresses: readonly string[]): AddressGuard {
  const forbidden = new BlockList();
  for (const [network, prefix] of FORBIDDEN_V4) forbidden.addSubnet(network, prefix, 'ipv4');
  for (const [network, prefix] of FORBIDDEN_V6) forbidden.addSubnet(network, prefix, 'ipv6');
  const allowed = new BlockList();
  for (const entry of allowedAddresses) addAllowed(allowed, entry);

  const isAllowedOne = (address: string): boolean => {
    const family = familyOf(address);
    if (family === null) return false;
    if (allowed.check(address, family)) return true;
    if (forbidden.check(address, family)) return false;
    const embedded = family === 'ipv6' ? embeddedIPv4(address) : null;
    return embedded === null || allowed.check(embedded, 'ipv4') || !forbidden.check(embedded, 'ipv4');
  };
  return {
    isAllowed: (address) => {
      // A zone (fe80::1%eth0) is no part of the address the lists hold.
      const [bare = ''] = address.split('%');
      return isAllowedOne(bare);
    },
  };
}

/** Adds one address or CIDR range to the list; throws RangeError for anything else. */
function addAllowed(list: BlockList, entry: string): void {
  const [network = '', prefixText, extra] = entry.trim().split('/');
  const family = familyOf(network);
  const prefix = prefixText === undefined ? null : Number(prefixText);
  const maxPrefix = family === 'ipv4' ? 32 : 128;
  if (family === null || extra !== undefined || (prefix !== null && !(/^\d+$/.test(prefixText ?? '') && prefix <= maxPrefix))) {
    throw new RangeError(`The allowed address ${JSON.stringify(entry)} is neither an IP address nor a CIDR range`);
  }
  if (prefix === null) list.addAddress(network, family);
  else list.addSubnet(network, prefix, family);
}

function familyOf(address: string): 'ipv4' | 'ipv6' | null {
  const version = isIP(address);
  return version === 4 ? 'ipv4' : version === 6 ? 'ipv6' : null;
}

/**
 * The IPv4 address an IPv6 address carries in its last 32 bits when it is IPv4-mapped
 * (::ffff:0:0/96) or NAT64 (64:ff9b::/96), else null.
 */
export function embeddedIPv4(address: string): string | null {
  const bytes = ipv6Bytes(address);
  if (bytes === null) return null;
  const head = bytes.subarray(0, 12);
  const mapped = head.subarray(0, 10).every((byte) => byte === 0) && head[10] === 0xff && head[11] === 0xff;
  const nat64 = head.equals(Buffer.from([0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0]));
  return mapped || nat64 ? Array.from(bytes.subarray(12)).join('.') : null;
}

/** The 16 bytes of an IPv6 address (with or without an IPv4 tail), or null when it is none. */
function ipv6Bytes(address: string): Buffer | null {
  if (isIP(address) !== 6) return null;
  let text = address.toLowerCase();
  const tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [left = '', right] = text.split('::');
  const groupsOf = (part: string) => (part === '' ? [] : part.split(':'));
  const head = groupsOf(left);
  const rest = right === undefined ? [] : groupsOf(right);
  const groups = right === undefined ? head : [...head, ...Array<string>(8 - head.length - rest.length).fill('0'), ...rest];
  if (groups.length !== 8) return null;
  const bytes = Buffer.alloc(16);
  groups.forEach((group, index) => bytes.writeUInt16BE(parseInt(group, 16), index * 2));
  return bytes;
}

/** node:dns/promises lookup of every address, IPv4 and IPv6. */
export const systemLookup: Lookup = (host) => dnsLookup(host, { all: true });

/**
 * Resolves `host` (an IP literal is its own answer), checks every address it resolves to, and
 * answers the one to connect to: the first IPv4 address, else the first IPv6 one. Throws
 * TransferError: `address_refused` when any address is refused by the guard, `offline` when the
 * name does not resolve, `timeout` when resolution takes longer than `timeoutMs`.
 */
export async function resolveCheckedAddress(
  host: string,
  options: { guard: AddressGuard; lookup: Lookup; timeoutMs: number },
): Promise<string> {
  const name = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  const addresses = isIP(name)
    ? [name]
    : await withinTime(
        `Resolving ${name}`,
        options.timeoutMs,
        () => undefined,
        async () => {
          try {
            return (await options.lookup(name)).map((answer) => answer.address);
          } catch (error) {
            const code = (error as { code?: unknown }).code;
            throw new TransferError(
              'offline',
              `The name ${name} does not resolve (${typeof code === 'string' ? code : 'error'})`,
            );
          }
        },
      );
  if (addresses.length === 0) throw new TransferError('offline', `The name ${name} resolves to no address`);
  const refused = addresses.find((address) => !options.guard.isAllowed(address));
  if (refused !== undefined) {
    const what = refused === name ? name : `${name} resolves to ${refused}, which`;
    throw new TransferError('address_refused', `${what} is an internal address this server does not connect to`);
  }
  return addresses.find((address) => isIP(address) === 4) ?? (addresses[0] as string);
}
