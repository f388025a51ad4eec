import { users } from '@console/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { call } from '#lib/api';

export const userSearchQueryKeys = {
  all: ['user-search'] as const,
  search: (text: string) => ['user-search', text] as const,
};

/**
 * Users of the caller's schools matching a text, 50 a page (`fetchNextPage` while `hasNextPage`).
 * A blank text sends nothing (spec 1 §5).
 */
export function useUserSearch(text: string) {
  const query = text.trim();
  return useInfiniteQuery({
    queryKey: userSearchQueryKeys.search(query),
    queryFn: ({ pageParam }) => call(users.searchUsers, { query: { q: query, page: pageParam } }),
    initialPageParam: 0,
    getNextPageParam: (lastPage) => (lastPage.hasMore ? lastPage.page + 1 : undefined),
    enabled: query !== '',
    staleTime: 30_000,
  });
}
