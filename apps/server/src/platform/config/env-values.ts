import { isIP } from 'node:net';
import { z } from 'zod';

// How an environment variable is declared, and the value types that need more than a schema of
// zod's own: parsed and checked here, described where the *-variables.ts files list the variables.

/** One environment variable: how it is parsed, what it does, and whether it is secret. */
export type Variable<S extends z.ZodType> = {
  schema: S;
  description: string;
  /** True when the value must never be printed or logged. */
  sensitive: boolean;
};

export function variable<S extends z.ZodType>(schema: S, description: string, sensitive = false): Variable<S> {
  return { schema, description, sensitive };
}

export const optionalUrl = z.url().optional();
export const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

/** True for a time zone name the runtime knows (IANA, such as Europe/Paris). */
export function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The placeholders a map tiles URL template must hold: zoom, column, row. */
const TILE_PLACEHOLDERS = ['{z}', '{x}', '{y}'] as const;
/**
 * A tiles host a Content-Security-Policy source can name: DNS labels of letters, digits and '-'
 * (an IPv6 address cannot be named there), the first of them possibly `{s}`, the subdomain
 * placeholder a map library fills with a, b or c.
 */
const TILES_HOST = /^(\{s\}\.)?[a-z0-9-]+(\.[a-z0-9-]+)*$/;

/** The parsed MAP_TILES_URL, once it is an http(s) template holding {z}, {x} and {y} on a host TILES_HOST allows. */
export function parseTilesUrl(template: string): URL | undefined {
  if (!/^https?:\/\//i.test(template) || !TILE_PLACEHOLDERS.every((placeholder) => template.includes(placeholder)))
    return undefined;
  try {
    const url = new URL(template);
    return TILES_HOST.test(url.hostname) && url.username === '' && url.password === '' ? url : undefined;
  } catch {
    return undefined;
  }
}

export const tilesUrlTemplate = z
  .string()
  .trim()
  .refine(
    (template) => parseTilesUrl(template) !== undefined,
    'must be an http:// or https:// URL holding {z}, {x} and {y}, on a host named by letters, digits, dots and dashes (its first label may be {s})',
  );

/** proxy-addr's names of address ranges. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, a CIDR range (IPv4 or IPv6), or a range name. */
function isAddressOrRange(text: string): boolean {
  if (RANGE_NAMES.has(text)) return true;
  const [address, prefix, extra] = text.split('/');
  if (extra !== undefined || !address || isIP(address) === 0) return false;
  if (prefix === undefined) return true;
  return /^[0-9]{1,3}$/.test(prefix) && Number(prefix) <= (isIP(address) === 4 ? 32 : 128);
}

/** Fastify's `trustProxy`: false, true (every hop), a hop count, or the proxies' addresses. */
export const trustProxySetting = z.string().transform((value, context): boolean | number | string[] => {
  const text = value.trim();
  if (text === 'false' || text === '0' || text === '') return false;
  if (text === 'true') return true;
  if (/^[0-9]{1,2}$/.test(text)) return Number(text);
  const addresses = text.split(',').map((part) => part.trim());
  if (addresses.every(isAddressOrRange)) return addresses;
  context.addIssue({
    code: 'custom',
    message:
      'must be true, false, a number of proxies, or addresses, CIDR ranges and range names (loopback, linklocal, uniquelocal) separated by commas',
  });
  return z.NEVER;
});

/** Addresses and CIDR ranges separated by commas (no range names); empty for none. */
export const addressList = z
  .string()
  .default('')
  .transform((value, context): string[] => {
    const addresses = value
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '');
    if (addresses.every((address) => !RANGE_NAMES.has(address) && isAddressOrRange(address))) return addresses;
    context.addIssue({ code: 'custom', message: 'must be IP addresses or CIDR ranges separated by commas' });
    return z.NEVER;
  });
