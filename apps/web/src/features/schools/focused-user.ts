import { createHandoff } from '#lib/handoff';

/** The user chosen in the user search, that the users view of their school shows first. */
export type FocusedUser = { uai: string; userId: number };

const focused = createHandoff<FocusedUser>();

/** Asks the users view of `uai` to show this user. */
export const focusUser = focused.request;
export const clearFocusedUser = focused.clear;
/** The focused user of the given school, or null. */
export const useFocusedUser = focused.useRequest;
