import type { schools } from '@console/contract';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#lib/api';
import { useCreateSchool } from '../api';
import { RELOAD_AFTER_CREATION_MS, scheduleReload } from '../page-reload';
import { schoolFieldMessages } from '../school-form-errors';

type CreationHandlers = {
  onCreated: () => void;
  /** Message keys by form field (`uai`, `name`, `idCountry`…), or under `form` for the rest. */
  onFailed: (messages: Record<string, string>) => void;
};

/**
 * Sends a new school. Success: toast school.created, warning add_reload, page reload after 5 s
 * (spec 1 §8). Failure: the server's field messages, or a general one, for the dialog to show.
 */
export function useSchoolCreation() {
  const { t } = useTranslation();
  const createSchool = useCreateSchool();

  const create = (body: schools.CreateSchoolBody, { onCreated, onFailed }: CreationHandlers) => {
    createSchool.mutate(body, {
      onSuccess: () => {
        notifications.show({ color: 'teal', message: t('school.created') });
        notifications.show({ color: 'yellow', message: t('add_reload'), autoClose: false });
        onCreated();
        scheduleReload(RELOAD_AFTER_CREATION_MS);
      },
      onError: (error) => {
        const messages = error instanceof ApiError ? schoolFieldMessages(error.fieldErrors) : {};
        onFailed(Object.keys(messages).length > 0 ? messages : { form: 'global.errors.occurred' });
      },
    });
  };

  return { create, isPending: createSchool.isPending };
}
