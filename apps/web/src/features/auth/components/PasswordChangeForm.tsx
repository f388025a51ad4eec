import { passwordChangeSchema, type PasswordChange } from '@console/contract';
import { Button, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#lib/api';
import { firstMessages, translateMessage } from '#lib/forms';
import { useChangePassword } from '../api';
import { PasswordField } from '#ui/PasswordField';

type Field = keyof PasswordChange;
const FIELDS: Field[] = ['currentPassword', 'newPassword', 'confirmation'];
const LABEL_KEYS: Record<Field, string> = {
  currentPassword: 'preferences.password.current',
  newPassword: 'preferences.password.new',
  confirmation: 'preferences.password.confirmation',
};
const AUTOCOMPLETE: Record<Field, string> = {
  currentPassword: 'current-password',
  newPassword: 'new-password',
  confirmation: 'new-password',
};
const EMPTY: PasswordChange = { currentPassword: '', newPassword: '', confirmation: '' };

/** Changes one's own password: the contract's rules checked here first, then by the server. */
export function PasswordChangeForm() {
  const { t, i18n } = useTranslation();
  const [values, setValues] = useState<PasswordChange>(EMPTY);
  const [messages, setMessages] = useState<Partial<Record<Field, string>>>({});
  const changePassword = useChangePassword();

  const translateAll = (raw: Record<string, string>) =>
    Object.fromEntries(Object.entries(raw).map(([field, key]) => [field, translateMessage(i18n, key)]));

  const handleError = (error: unknown) => {
    if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
      const translated = translateAll(firstMessages(error.fieldErrors));
      if (error.code === 'invalid_current_password') translated.currentPassword = t('invalid_current_password');
      setMessages(translated);
    } else if (error instanceof ApiError && error.code === 'invalid_current_password') {
      setMessages({ currentPassword: t('invalid_current_password') });
    }
    notifications.show({ color: 'red', message: t('password_change_fail') });
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = passwordChangeSchema.safeParse(values);
    if (!parsed.success) {
      setMessages(translateAll(firstMessages(parsed.error.issues)));
      return;
    }
    setMessages({});
    changePassword.mutate(parsed.data, {
      onSuccess: () => {
        setValues(EMPTY);
        notifications.show({ color: 'teal', message: t('password_change_success') });
      },
      onError: handleError,
    });
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Title order={3} fz="h4">
          {t('preferences.password.heading')}
        </Title>
        {FIELDS.map((field) => (
          <PasswordField
            key={field}
            label={t(LABEL_KEYS[field])}
            name={field}
            autoComplete={AUTOCOMPLETE[field]}
            value={values[field]}
            onChange={(event) => {
              const { value } = event.currentTarget;
              setValues((previous) => ({ ...previous, [field]: value }));
            }}
            description={field === 'newPassword' ? t('preferences.password.hint') : undefined}
            error={messages[field]}
          />
        ))}
        <Button type="submit" loading={changePassword.isPending} style={{ alignSelf: 'flex-start' }}>
          {t('preferences.password.submit')}
        </Button>
      </Stack>
    </form>
  );
}
