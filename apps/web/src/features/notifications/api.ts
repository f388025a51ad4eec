import { notifications, type RouteInput } from '@console/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '#lib/api';
import { historyQueryOf, notificationsQueryKeys } from './history-query';

export { fetchLatestHistory, notificationsQueryKeys } from './history-query';
/**
 * Sending a notification and following its progress, for this view and for others that start a
 * send of their own (the users view's bulk notification, `POST /devices/notifications/token`).
 */
export {
  useNotificationSend,
  type SendCounts,
  type SendOptions,
  type SendStart,
  type SendStarted,
  type SendState,
} from './hooks/useNotificationSend';

type Body<R> = RouteInput<R> extends { body: infer B } ? B : never;

/** The filters of an audience, as the audience and the save calls take them (without `count`). */
export type AudienceFilterBody = Omit<Body<typeof notifications.notificationAudience>, 'count'>;
/** A notification to record: the filters, the title, the description and the link. */
export type NotificationDraftBody = Body<typeof notifications.saveNotification>;

/**
 * The latest `limit` notifications the caller sees, newest first ('See more' raises the limit):
 * the list shown stays while a longer one loads.
 */
export function useNotificationHistory(limit: number) {
  return useQuery({ ...historyQueryOf(limit), placeholderData: keepPreviousData });
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
 * loads again either way (a notification recorded but not sent shows there). The wizard hands
 * `mutateAsync` of a draft to `useNotificationSend`'s `send` as the start of its send.
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
