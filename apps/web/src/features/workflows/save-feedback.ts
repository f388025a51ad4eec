import { notifications } from '@mantine/notifications';
import type { TFunction } from 'i18next';
import { messagesOfError, WorkflowSaveError } from './save-errors';

/**
 * Tells the user why a save failed (spec 1 §8): a refusal shows the server's error list as a
 * warning; another failure its errors list, or the generic message.
 */
export function notifySaveError(error: unknown, t: TFunction): void {
  const messages = messagesOfError(error);
  if (error instanceof WorkflowSaveError && error.isRefused) {
    notifications.show({
      color: 'yellow',
      title: t('workflow.messages.refused'),
      message: messages.join('\n'),
      autoClose: 10_000,
    });
    return;
  }
  notifications.show({
    color: 'red',
    message: messages.length > 0 ? messages.join('\n') : t('global.errors.occurred'),
    autoClose: 10_000,
  });
}

/** The one-line reason of a failed call, for per-school reports: its errors, or the generic message. */
export function errorTextOf(error: unknown, t: TFunction): string {
  const messages = messagesOfError(error);
  return messages.length > 0 ? messages.join(' ') : t('global.errors.occurred');
}
