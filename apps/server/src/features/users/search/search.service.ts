import { profileNameOf, users, type UserSearchResult } from '@console/contract';
import { schoolScopeOf } from '#platform/auth/access.js';
import type { ServiceContext } from '#platform/context.js';
import { findUsersByWords } from './search.repository.js';

const MAX_WORDS = 4;

/** The words of a search: at most four, blank ones dropped. An empty list finds nothing. */
export function splitSearchWords(query: string): string[] {
  return query.split(/\s+/).filter(Boolean).slice(0, MAX_WORDS);
}

/**
 * Searches the caller's schools' users by last name, first name and login. An Administrateur
 * also finds staff without a school; others only users of the schools they reach.
 */
export async function searchUsers(
  ctx: ServiceContext,
  input: { q: string; page: number },
): Promise<{ results: UserSearchResult[]; page: number; hasMore: boolean }> {
  const words = splitSearchWords(input.q);
  if (words.length === 0) return { results: [], page: input.page, hasMore: false };
  const size = users.USER_SEARCH_PAGE_SIZE;
  const rows = await findUsersByWords(ctx.db, words, schoolScopeOf(ctx.actor), { size, index: input.page });
  return {
    page: input.page,
    hasMore: rows.length > size,
    results: rows.slice(0, size).map((row) => ({
      id: row.id,
      uai: row.uai,
      city: row.town,
      school: row.school,
      lastname: row.lastname,
      firstname: row.firstname,
      login: row.login,
      level: row.level,
      className: row.class_name,
      profile: profileNameOf(row.profile_id) ?? 'Eleve',
      disabled: row.disabled,
    })),
  };
}
