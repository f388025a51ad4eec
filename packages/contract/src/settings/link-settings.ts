import { z } from 'zod';

/**
 * The link settings (spec 2 §2.4, the Tabuléo tab): a flat map of named texts, most of them
 * addresses (store pages, installers, help). Names are the product's, seeded; the general
 * settings change their values. Messages are translation keys.
 */

export const INVALID_URL = 'settings.errors.invalid_url';
export const UNKNOWN_SETTING = 'settings.errors.unknown_setting';
export const SETTING_TOO_LONG = 'settings.errors.too_long';

/** The longest value a link setting holds. */
export const LINK_SETTING_MAX_LENGTH = 2000;
/** A setting's name: a letter, then letters, digits, '_', '.' or '-'; at most 64. */
export const LINK_SETTING_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;

/** The schemes a link may use: web pages and mail. Anything else (javascript:, data:, file:) is refused. */
const LINK_SCHEMES = new Set(['http:', 'https:', 'mailto:']);
/** A value that names a scheme ("https:", "javascript:") is a link, and must be a valid one. */
const SCHEME_PATTERN = /^[a-z][a-z0-9+.-]*:/i;
/**
 * Control characters (C0, DEL, C1): a browser drops tabs and line breaks from an address before
 * reading its scheme, so that `java<TAB>script:` is `javascript:` to it; no link or text needs one.
 */
// eslint-disable-next-line no-control-regex -- control characters are what this finds
const CONTROL_CHARACTER = /[\u0000-\u001F\u007F-\u009F]/;

/**
 * Whether a link setting's value may be stored: a plain text (no scheme) as it is, or a link
 * that is a valid http(s) or mailto address; never with a control character, so that the scheme
 * checked is the one a browser reads. Spaces around are ignored.
 */
export function isValidLinkValue(value: string): boolean {
  const text = value.trim();
  if (CONTROL_CHARACTER.test(text)) return false;
  if (!SCHEME_PATTERN.test(text)) return true;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  if (!LINK_SCHEMES.has(url.protocol)) return false;
  return url.protocol === 'mailto:' ? url.pathname.includes('@') : url.hostname !== '';
}

export const linkSettingValueSchema = z
  .string()
  .trim()
  .max(LINK_SETTING_MAX_LENGTH, SETTING_TOO_LONG)
  .refine(isValidLinkValue, INVALID_URL);

/** The link settings, by name. */
export const linkSettingsSchema = z.record(z.string().regex(LINK_SETTING_NAME_PATTERN, UNKNOWN_SETTING), linkSettingValueSchema);
export type LinkSettings = z.infer<typeof linkSettingsSchema>;
