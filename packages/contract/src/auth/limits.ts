/**
 * The length bounds of the sign-in fields: the sign-in screen's inputs and `loginBodySchema`.
 * A file of their own so that the routes and the zod-free refs both import them, and neither
 * imports the other.
 */
export const LOGIN_MAX_LENGTH = 128;
export const PASSWORD_MAX_LENGTH = 256;
