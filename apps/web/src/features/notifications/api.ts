import { notifications, type RouteInput } from '@console/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { call } from '#lib/api';

type Body<R> = RouteInput<R> extends { body: infer B } ? B : never;

/** The filters of an audience, as the audience and the save calls take them (without `count`). */
export type AudienceFilterBody = Omit<Body<typeof notifications.notificationAudience>, 'count'>;
/** A notification to record: the filters, the title, the description and the link. */
export type NotificationDraftBody = Body<typeof notifications.saveNotification>;

export const notificationsQueryKeys = {
  all: ['notifications'] as const,
  history: ['notifications', 'history'] as const,
  historyPage: (limit: number) => ['notifications', 'history', limit] as const,
};

function historyQueryOf(limit: number) {
  return {
    queryKey: notificationsQueryKeys.historyPage(limit),
    queryFn: () => call(notifications.notificationHistory, { query: { limit } }),
  };
}

/**
 * The latest `limit` notifications the caller sees, newest first ('See more' raises the limit):
 * the list shown stays while a longer one loads.
 */
export function useNotificationHistory(limit: number) {
  return useQuery({ ...historyQueryOf(limit), placeholderData: keepPreviousData });
}

/**
 * The history's first page read afresh (not from the cache): where a send stands when its progress
 * events may have been missed (the socket reconnected), or as a fallback while none arrives.
 */
export function fetchLatestHistory(queryClient: QueryClient) {
  return queryClient.fetchQuery({ ...historyQueryOf(notifications.HISTORY_FIRST_PAGE), staleTime: 0 });
}

/** Who the filters reach (`count: 1`): the users and their devices' live push tokens. */
export function useNotificationAudience() {
  return useMutation({
    mutationFn: async (filters: AudienceFilterBody) => {
      const [counts] = await call(notifications.notificationAudience, { body: { ...filters, count: 1 } });
      return counts;
    },
  });
}

/**
 * Records the notification (`POST /devices/notifications/save`), then starts its send
 * (`POST /devices/notifications/massive`), which the server carries on in the background: the
 * answer gives the users and tokens it tries; the progress comes over the socket. The history
 * loads again either way (a notification recorded but not sent shows there).
 */
export function useSendNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (draft: NotificationDraftBody) => {
      const { idNotification } = await call(notifications.saveNotification, { body: draft });
      return call(notifications.sendNotification, { body: { idNotification } });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKeys.history }),
  });
}
