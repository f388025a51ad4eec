import { useSyncExternalStore } from 'react';

/** The user chosen in the user search, that the users view of their school shows first. */
export type FocusedUser = { uai: string; userId: number };

let focusedUser: FocusedUser | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Asks the users view of `uai` to show this user (until the user page exists). */
export function focusUser(user: FocusedUser): void {
  focusedUser = user;
  emit();
}

export function clearFocusedUser(): void {
  if (focusedUser === null) return;
  focusedUser = null;
  emit();
}

/** The focused user of the given school, or null. */
export function useFocusedUser(uai: string): FocusedUser | null {
  const user = useSyncExternalStore(subscribe, () => focusedUser);
  return user?.uai === uai ? user : null;
}
