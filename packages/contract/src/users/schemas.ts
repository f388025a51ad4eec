import { z } from 'zod';
import { recordIdSchema } from '../ids.js';
import { schoolUserSchema } from '../schools/schemas.js';
import { REQUIRED } from '../messages.js';
import { USER_TEXT_LIMITS } from './limits.js';

/**
 * What the users area's calls share: messages, bounds, the users a request names, the answers of a
 * changed row and of a count. Each use case's schemas are in its own module, under the server's
 * names (grid, user-page, add-user, status, bulk, messaging), composed from the field rules of
 * `fields.ts` under the names each call gives them. Messages are translation keys.
 */

export { EMAIL_FORMAT, EMAIL_PATTERN, TABLET_NUMBER_LENGTH, TOO_LONG } from './fields.js';
export const USERNAME_TAKEN = 'user_add.username_already_existing';
export const DUPLICATE_OPTION = 'users.errors.duplicate_option';
/** An application unknown to the catalogue. */
export const UNKNOWN_APPLICATION = 'users.errors.unknown_application';

/** Tablet numbers are at most 12 characters (spec 3 §9). */
export const TABLET_NUMBER_MAX_LENGTH = USER_TEXT_LIMITS.tabletNumber;
/** At most this many users in one bulk action, deactivation, deletion or decryption. */
export const MAX_USERS_PER_ACTION = 10_000;

/** A user named by a request: a row id. */
export const userIdSchema = recordIdSchema;
/** The users a request acts on: at least one, at most MAX_USERS_PER_ACTION. */
export const userIdsSchema = z.array(userIdSchema).min(1, REQUIRED).max(MAX_USERS_PER_ACTION);

/** A changed row, as the grid shows it. */
export const userRowAnswerSchema = z.object({ user: schoolUserSchema });

export const countAnswerSchema = z.object({ count: z.number().int() });
