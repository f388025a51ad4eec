import { users, type NameRules, type UserPage } from '@console/contract';
import { Alert, Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#lib/api';
import { translateMessage } from '#lib/forms';
import {
  checkAccessForm,
  ruleChangesOf,
  cleanAccessField,
  initialAccessValuesOf,
  placeServerMessages,
  type AccessField,
  type AccessMessages,
  type AccessValues,
  type CleanedField,
} from './access-form';
import { useUserPageUpdate } from './useUserPageUpdate';
import { PasswordField } from '#ui/PasswordField';
import { notifyFailure } from '#ui/notify-failure';

type AccessEditFormProps = {
  page: UserPage;
  rules: NameRules;
  schoolRequiresEmail: boolean;
  /** Whether another user of the school has this login (case-insensitively). */
  isLoginTaken: (login: string) => boolean;
  onDone: () => void;
};

/**
 * Edits a user's access: first name, last name, login, password, e-mail. Names and login are
 * cleaned on leaving them; nothing is sent when nothing changed. A value left as it is that the
 * school's rule will still rewrite on saving is named before saving.
 */
export function AccessEditForm({ page, rules, schoolRequiresEmail, isLoginTaken, onDone }: AccessEditFormProps) {
  const { t, i18n } = useTranslation();
  const { save, isSaving } = useUserPageUpdate(page.informations.userId);
  const [values, setValues] = useState<AccessValues>(() => initialAccessValuesOf(page));
  const [messages, setMessages] = useState<AccessMessages>({});
  const isPrintable = page.informations.hasPrintablePassword;
  const ruleChanges = ruleChangesOf(values, page, rules);
  const fieldLabels = {
    firstName: t('users.page.fields.first_name'),
    lastName: t('users.page.fields.last_name'),
    login: t('users.page.fields.login'),
  };

  const set = (field: AccessField, value: string) => setValues((previous) => ({ ...previous, [field]: value }));
  const handleLeave = (field: CleanedField) =>
    setValues((previous) => ({ ...previous, [field]: cleanAccessField(field, previous[field], rules) }));
  const messageOf = (field: AccessField | 'form') => (messages[field] ? translateMessage(i18n, messages[field]) : undefined);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkAccessForm(values, page, { rules, schoolRequiresEmail, isLoginTaken });
    if (checked.kind === 'invalid') {
      setMessages(checked.messages);
      return;
    }
    setMessages({});
    if (checked.kind === 'unchanged') {
      onDone();
      return;
    }
    try {
      await save({ informations: checked.informations, applications: [] });
      notifications.show({ color: 'teal', message: t('users.page.profile.updated') });
      onDone();
    } catch (error) {
      if (error instanceof ApiError && (error.status === 409 || error.status === 400)) {
        setMessages(placeServerMessages(error.status, error.fieldErrors));
        return;
      }
      notifyFailure(error, t);
    }
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={t('users.page.profile.edit_title')}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            data-autofocus
            required
            label={t('users.page.fields.first_name')}
            value={values.firstName}
            onChange={(event) => set('firstName', event.currentTarget.value)}
            onBlur={() => handleLeave('firstName')}
            error={messageOf('firstName')}
          />
          <TextInput
            required
            label={t('users.page.fields.last_name')}
            value={values.lastName}
            onChange={(event) => set('lastName', event.currentTarget.value)}
            onBlur={() => handleLeave('lastName')}
            error={messageOf('lastName')}
          />
          <TextInput
            required
            label={t('users.page.fields.login')}
            autoComplete="off"
            value={values.login}
            onChange={(event) => set('login', event.currentTarget.value)}
            onBlur={() => handleLeave('login')}
            error={messageOf('login')}
          />
          <PasswordField
            required={isPrintable}
            label={t('users.page.fields.password')}
            description={isPrintable ? undefined : t('users.page.profile.password_keep')}
            autoComplete="new-password"
            value={values.password}
            onChange={(event) => set('password', event.currentTarget.value)}
            error={messageOf('password')}
          />
          <TextInput
            type="email"
            required={users.isEmailRequired(page.informations.profile, schoolRequiresEmail)}
            label={t('users.page.fields.email')}
            autoComplete="off"
            value={values.email}
            onChange={(event) => set('email', event.currentTarget.value)}
            error={messageOf('email')}
          />
        </SimpleGrid>
        {ruleChanges.length > 0 && (
          <Alert color="orange" variant="light" role="status" title={t('users.page.profile.rule_changes')}>
            {ruleChanges.map((change) => (
              <Text key={change.field} size="sm">
                {t('users.page.profile.rule_change', {
                  field: fieldLabels[change.field],
                  before: change.before,
                  after: change.after,
                })}
              </Text>
            ))}
          </Alert>
        )}
        {messages.form && (
          <Alert color="red" variant="light" role="alert">
            {messageOf('form')}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={isSaving}>
            {t('users.page.cancel')}
          </Button>
          <Button type="submit" loading={isSaving}>
            {t('users.page.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
