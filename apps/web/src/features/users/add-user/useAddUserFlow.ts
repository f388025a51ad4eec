import type { NewUserValues, School, SchoolUser } from '@console/contract';
import { notifications } from '@mantine/notifications';
import { useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#lib/api';
import { fetchGeneratedPasswords, useCreateUser, useReloadSchoolUsers } from '../api';
import type { UsersGridHandle } from '../users-view';
import { credentialGroupsOf, newUserApplicationsOf, type CredentialGroup, type CredentialValues } from './add-user-credentials';
import { messagesOfFieldErrors, type DraftMessages } from './add-user-draft';

/** The credentials step: the platforms to fill in, with their first values. */
export type CredentialsStep = {
  values: NewUserValues;
  options: string[];
  groups: CredentialGroup[];
  initialValues: Record<string, CredentialValues>;
};

type FlowOptions = {
  school: School & { users: SchoolUser[] };
  grid: RefObject<UsersGridHandle | null>;
  /** Shows the messages under the form's fields (or under the form for `form`). */
  onMessages: (messages: DraftMessages) => void;
  onCreated: () => void;
};

/**
 * Creating a user (spec 3 §4 "Add user"): directly without applications; with applications, a
 * generated password per application is fetched and the credentials step shown first. After
 * creation the grid reloads and is filtered on the new login.
 */
export function useAddUserFlow({ school, grid, onMessages, onCreated }: FlowOptions) {
  const { t } = useTranslation();
  const createUser = useCreateUser();
  const reload = useReloadSchoolUsers();
  const [step, setStep] = useState<CredentialsStep | null>(null);
  const [isPreparing, setIsPreparing] = useState(false);
  const [credentialMessages, setCredentialMessages] = useState<string[]>([]);
  const uai = school.informations.uai;

  const create = (values: NewUserValues, options: string[], applications: ReturnType<typeof newUserApplicationsOf>) => {
    setCredentialMessages([]);
    createUser.mutate(
      { values, options, applications },
      {
        onSuccess: ({ user }) => {
          setStep(null);
          notifications.show({ color: 'teal', message: t('users.add.created') });
          onCreated();
          void reload(uai).then(() => grid.current?.filterOnLogin(user.login));
        },
        onError: (error) => {
          const messages = error instanceof ApiError ? messagesOfFieldErrors(error.fieldErrors) : {};
          const { applications: applicationMessage, ...formMessages } = messages;
          if (step && applicationMessage && Object.keys(formMessages).length === 0) {
            setCredentialMessages([applicationMessage]);
            return;
          }
          setStep(null);
          onMessages(Object.keys(messages).length > 0 ? messages : { form: 'global.errors.occurred' });
        },
      },
    );
  };

  const submit = async (values: NewUserValues, options: string[], applicationIds: number[]) => {
    const groups = credentialGroupsOf(applicationIds, school);
    if (groups.length === 0) {
      create(values, options, []);
      return;
    }
    setIsPreparing(true);
    try {
      const passwords = await Promise.all(
        groups.map((group) => fetchGeneratedPasswords(group.applications.length, group.platformId)),
      );
      const initialValues = Object.fromEntries(
        groups.map((group, index) => [
          group.platformId,
          { login: values.login, password: passwords[index]?.[0] ?? '', keys: group.fields.commonCode ?? '' },
        ]),
      );
      setCredentialMessages([]);
      setStep({ values, options, groups, initialValues });
    } catch {
      onMessages({ form: 'global.errors.occurred' });
    } finally {
      setIsPreparing(false);
    }
  };

  const confirmCredentials = (valuesByPlatform: Record<string, CredentialValues>) => {
    if (!step) return;
    create(step.values, step.options, newUserApplicationsOf(step.groups, valuesByPlatform));
  };

  return {
    step,
    submit,
    confirmCredentials,
    cancelCredentials: () => setStep(null),
    credentialMessages,
    isPending: isPreparing || createUser.isPending,
  };
}
