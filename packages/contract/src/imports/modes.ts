/**
 * The three import modes (spec 3 §2.8, §7): new users (`users_initial`), changes to existing users
 * (`users_update`), and who teaches what in which class (`teaching`, only with the adminTabs right).
 */
export const IMPORT_MODES = ['users_initial', 'users_update', 'teaching'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];
