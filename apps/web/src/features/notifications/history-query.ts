import { notifications } from '@console/contract';
import type { QueryClient } from '@tanstack/react-query';
import { call } from '#lib/api';

/**
 * The history's query keys and reads, apart from `api.ts` so that the send's hook
 * (`hooks/useNotificationSend.ts`, which `api.ts` offers to other features) reads them without an
 * import cycle. Other features take them from `api.ts`.
 */

export const notificationsQueryKeys = {
  all: ['notifications'] as const,
  history: ['notifications', 'history'] as const,
  historyPage: (limit: number) => ['notifications', 'history', limit] as const,
};

export function historyQueryOf(limit: number) {
  return {
    queryKey: notificationsQueryKeys.historyPage(limit),
    queryFn: () => call(notifications.notificationHistory, { query: { limit } }),
  };
}

/**
 * The history's first page read afresh (not from the cache): where a send stands when its progress
 * events may have been missed (the socket reconnected), or as a fallback while none arrives.
 */
export function fetchLatestHistory(queryClient: QueryClient) {
  return queryClient.fetchQuery({ ...historyQueryOf(notifications.HISTORY_FIRST_PAGE), staleTime: 0 });
}
