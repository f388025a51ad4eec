/** The limits and message of the school settings' texts, shared by their parts (params.ts, asm.ts). */

export const TEXT_TOO_LONG = 'school_settings.errors.too_long';
/** The longest secret (an API key, a Wi-Fi or server password). */
export const SECRET_MAX = 500;
