import { notifications } from '@mantine/notifications';
import type { TFunction } from 'i18next';
import { userMessageOf } from '#lib/error-messages';

/** A red toast telling why a call failed (the server's reason or code, translated; see userMessageOf). */
export function notifyFailure(error: unknown, t: TFunction): void {
  const { key, params } = userMessageOf(error);
  notifications.show({ color: 'red', message: t(key, params) });
}
