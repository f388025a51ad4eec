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
  return {
    request: (value) => {
      pending = value;
      emit();
    },
    clear: () => {
      if (pending === null) return;
      pending = null;
      emit();
    },
    useRequest: (uai) => {
      const value = useSyncExternalStore(subscribe, () => pending);
      return value?.uai === uai ? value : null;
    },
  };
}
