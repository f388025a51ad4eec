/**
 * The values of a catalogue entry that a save changed, before and after, for its audit entry;
 * null when nothing changed. Values are compared as JSON (the urls are objects).
 */
export function changedValues<T extends object>(before: T, after: T): { before: Partial<T>; after: Partial<T> } | null {
  const keys = (Object.keys(after) as (keyof T)[]).filter((key) => JSON.stringify(after[key]) !== JSON.stringify(before[key]));
  if (keys.length === 0) return null;
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key]])) as Partial<T>,
    after: Object.fromEntries(keys.map((key) => [key, after[key]])) as Partial<T>,
  };
}
