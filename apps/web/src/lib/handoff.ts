import { useSyncExternalStore } from 'react';

/**
 * A request one view leaves for another of a school to act on once shown (the users view opening
 * a found user, or filtering on a confirmed import): kept until that view clears it, so that
 * coming back to the view later does not act on it again.
 */
export type Handoff<T extends { uai: string }> = {
  request: (value: T) => void;
  clear: () => void;
  /** The pending request for this school, or null. */
  useRequest: (uai: string) => T | null;
};

/** Every handoff's clear, for clearAllHandoffs. */
const clears = new Set<() => void>();

/**
 * Drops every pending request: on signing out, so that the next user of the page does not find
 * the last one's (a users view filtered on their import); and when a component test file starts,
 * its files sharing this module (apps/web/vitest.config.ts).
 */
export function clearAllHandoffs(): void {
  for (const clear of clears) clear();
}

export function createHandoff<T extends { uai: string }>(): Handoff<T> {
  let pending: T | null = null;
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const listener of listeners) listener();
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const clear = () => {
    if (pending === null) return;
    pending = null;
    emit();
  };
  clears.add(clear);
  return {
    request: (value) => {
      pending = value;
      emit();
    },
    clear,
    useRequest: (uai) => {
      const value = useSyncExternalStore(subscribe, () => pending);
      return value?.uai === uai ? value : null;
    },
  };
}
