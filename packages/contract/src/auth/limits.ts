import { USER_TEXT_LIMITS } from '../users/limits.js';

/**
 * The length bounds of the sign-in fields: the sign-in screen's inputs, `loginBodySchema` and the
 * password-change form. A file of their own so that the routes and the zod-free refs both import
 * them, and neither imports the other.
 */

/** A login signs in with the bound it was created with (new user, import): one bound, not two. */
export const LOGIN_MAX_LENGTH = USER_TEXT_LIMITS.login;
/**
 * A staff member's own password may be longer than a pupil's or a teacher's (USER_TEXT_LIMITS.password):
 * the password change refuses past this bound, so that no one sets a password the sign-in refuses.
 */
export const PASSWORD_MAX_LENGTH = 256;
