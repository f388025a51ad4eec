import { notifications } from '@mantine/notifications';
import type { i18n as I18n, TFunction } from 'i18next';
import { ApiError } from '#lib/api';
import { notifyFailure } from '#ui/notify-failure';

/**
 * A failed call on documents as a red toast: the server names a refused document by a
 * translation key in its field errors (`documents.errors.unknown_document`); else its reason or
 * code says why.
 */
export function notifyDocumentsFailure(error: unknown, t: TFunction, i18n: I18n): void {
  const messages = error instanceof ApiError ? Object.values(error.fieldErrors).flat() : [];
  const known = messages.find((message) => message.includes('.') && i18n.exists(message));
  if (known) notifications.show({ color: 'red', message: t(known) });
  else notifyFailure(error, t);
}
