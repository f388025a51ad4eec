import { REQUIRED } from '@console/contract';
import { Alert, Button, Fieldset, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { ApplicationIcon } from '../components/ApplicationIcon';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '#lib/forms';
import { missingOf, type CredentialGroup, type CredentialName, type CredentialValues } from './add-user-credentials';

type AddUserCredentialsDialogProps = {
  groups: CredentialGroup[];
  initialValues: Record<string, CredentialValues>;
  /** The server's messages about the applications, shown under the form. */
  messages: string[];
  isSaving: boolean;
  onConfirm: (valuesByPlatform: Record<string, CredentialValues>) => void;
  onCancel: () => void;
};

type Touched = Record<string, Partial<Record<CredentialName, boolean>>>;

/**
 * The add-user credentials form (spec 3 §5): per platform, login, password and code, required when
 * the platform's applications require them, checked on change and on blur. Only the platform's
 * first application is edited; its values go to the others, shown read-only.
 */
export function AddUserCredentialsDialog({
  groups,
  initialValues,
  messages,
  isSaving,
  onConfirm,
  onCancel,
}: AddUserCredentialsDialogProps) {
  const { t, i18n } = useTranslation();
  const [values, setValues] = useState(initialValues);
  const [touched, setTouched] = useState<Touched>({});

  const touch = (platformId: string, name: CredentialName) =>
    setTouched((previous) => ({ ...previous, [platformId]: { ...previous[platformId], [name]: true } }));
  const change = (platformId: string, name: CredentialName, value: string) => {
    setValues((previous) => ({ ...previous, [platformId]: { ...previous[platformId]!, [name]: value } }));
    touch(platformId, name);
  };
  const errorOf = (group: CredentialGroup, name: CredentialName) =>
    touched[group.platformId]?.[name] && missingOf(group, values[group.platformId]!).includes(name) ? t(REQUIRED) : undefined;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(Object.fromEntries(groups.map((group) => [group.platformId, { login: true, password: true, keys: true }])));
    if (groups.some((group) => missingOf(group, values[group.platformId]!).length > 0)) return;
    onConfirm(values);
  };

  return (
    <Modal opened onClose={onCancel} title={t('users.add.credentials.title')} size="xl">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('users.add.credentials.intro')}</Text>
          {groups.map((group) => (
            <Fieldset key={group.platformId} legend={group.platform?.platformName ?? group.platformId}>
              <Stack gap="sm">
                {group.applications.map((application, index) => {
                  const isEdited = index === 0;
                  const fields = isEdited ? group.fields : group.fieldsByApplication[index]!;
                  const platformValues = values[group.platformId]!;
                  const inputProps = (name: CredentialName) => ({
                    value: platformValues[name],
                    disabled: !isEdited,
                    autoComplete: 'off',
                    ...(isEdited
                      ? {
                          required: fields[name].required,
                          error: errorOf(group, name),
                          onChange: (event: { currentTarget: HTMLInputElement }) =>
                            change(group.platformId, name, event.currentTarget.value),
                          onBlur: () => touch(group.platformId, name),
                        }
                      : {}),
                  });
                  return (
                    <div key={application.idApplication} role="group" aria-label={application.name}>
                      <Group gap="xs" mb={4} wrap="nowrap">
                        <ApplicationIcon name={application.name} picturePath={application.urls.picturePath} />
                        <Text size="sm" fw={600}>
                          {application.name}
                        </Text>
                        {!isEdited && (
                          <Text size="xs" c="dimmed">
                            {t('users.add.credentials.same_as_first')}
                          </Text>
                        )}
                      </Group>
                      <SimpleGrid cols={{ base: 1, sm: fields.keys.shown ? 3 : 2 }} spacing="sm">
                        <TextInput label={t('users.add.credentials.login')} {...inputProps('login')} />
                        <TextInput label={t('users.add.credentials.password')} {...inputProps('password')} />
                        {fields.keys.shown && <TextInput label={t('users.add.credentials.code')} {...inputProps('keys')} />}
                      </SimpleGrid>
                    </div>
                  );
                })}
              </Stack>
            </Fieldset>
          ))}
          {messages.length > 0 && (
            <Alert color="red" variant="light" role="alert">
              {messages.map((message) => translateMessage(i18n, message)).join(' ')}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              {t('users.add.credentials.back')}
            </Button>
            <Button type="submit" loading={isSaving}>
              {t('users.add.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
