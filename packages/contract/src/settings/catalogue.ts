import { z } from 'zod';
import { REQUIRED } from '../messages.js';
import { TOO_LONG } from '../users/fields.js';

/**
 * What the platforms and applications catalogues (spec 2 §2.6, §2.7) share: the picture's
 * address, the order rules, and the "asked / required" pairs of toggles. Messages are
 * translation keys.
 */

export const INVALID_PICTURE_PATH = 'settings.errors.invalid_picture_path';
export const REQUIRED_WITHOUT_ASKING = 'settings.errors.required_without_asking';

/** A name in the catalogue: trimmed, not blank. */
export const catalogueNameSchema = z.string(REQUIRED).trim().min(1, REQUIRED).max(100, TOO_LONG);

/**
 * Whether a picture address may be stored: empty (no picture), a path of this site ('/files/…',
 * never '//host', which leaves it) or an http(s) address. Pictures are shown in img elements.
 */
export function isValidPicturePath(value: string): boolean {
  const text = value.trim();
  if (text === '') return true;
  if (text.startsWith('/')) return !text.startsWith('//') && !/[\s\\]/.test(text);
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export const picturePathSchema = z.string().trim().max(500, TOO_LONG).refine(isValidPicturePath, INVALID_PICTURE_PATH);

/** An order as stored (spec 2 §5): a whole number; 0 or below is stored as 0. */
export const orderSchema = z
  .number()
  .int()
  .max(1_000_000)
  .transform((order) => Math.max(order, 0));

/** The order a new entry gets: the highest existing order plus 1 (1 in an empty catalogue). */
export function nextOrder(entries: readonly { order: number }[]): number {
  return entries.reduce((highest, entry) => Math.max(highest, entry.order), 0) + 1;
}

/**
 * Refuses a "required" toggle set while its "asked" toggle is off (a code cannot be required
 * without being asked for): the issue sits on the required toggle.
 */
export function refineAskedRequired<T extends Record<string, unknown>>(
  pairs: readonly (readonly [keyof T & string, keyof T & string])[],
) {
  return (entry: T, context: z.RefinementCtx) => {
    for (const [asked, required] of pairs) {
      if (entry[required] === true && entry[asked] !== true)
        context.addIssue({ code: 'custom', path: [required], message: REQUIRED_WITHOUT_ASKING });
    }
  };
}
