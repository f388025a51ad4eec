import { z } from 'zod';
import { REQUIRED } from '../messages.js';
import { defineRoute } from '../http.js';
import { profileNameSchema } from '../rights-schema.js';

export const USER_SEARCH_PAGE_SIZE = 50;

export const userSearchResultSchema = z.object({
  id: z.number().int(),
  uai: z.string().nullable(),
  city: z.string().nullable(),
  school: z.string().nullable(),
  lastname: z.string(),
  firstname: z.string(),
  login: z.string(),
  level: z.string().nullable(),
  className: z.string().nullable(),
  profile: profileNameSchema,
  disabled: z.boolean(),
});
export type UserSearchResult = z.infer<typeof userSearchResultSchema>;

/**
 * Users of the caller's schools whose last name, first name or login starts with each word of
 * `q` (accents and case ignored), by last name; `hasMore` when another page exists.
 */
export const searchUsers = defineRoute({
  method: 'GET',
  path: '/users/search',
  right: { area: 'NavBar_searchUser', level: 'Lecture' },
  summary: 'Search users by last name, first name and login over the caller’s schools.',
  query: z.object({
    q: z.string().trim().min(1, REQUIRED).max(100),
    page: z.coerce.number().int().min(0).max(200).default(0),
  }),
  answer: z.object({ results: z.array(userSearchResultSchema), page: z.number().int(), hasMore: z.boolean() }),
});
