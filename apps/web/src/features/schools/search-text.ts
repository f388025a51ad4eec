import { withoutAccents } from '@console/contract';

/** Lower-case text without accents, for searching by what a user types. */
export function normaliseSearchText(text: string): string {
  return withoutAccents(text).toLowerCase();
}

/** True when every word of the query appears in the (normalised) haystack. */
export function matchesEveryWord(haystack: string, query: string): boolean {
  const words = normaliseSearchText(query).split(/\s+/).filter(Boolean);
  return words.every((word) => haystack.includes(word));
}
