import { blankToNull, REQUIRED, users, type SchoolApplication, type SchoolPlatform } from '@console/contract';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '#ui/PasswordField';

export type ApplicationCredentials = { login: string | null; password: string | null; keys: string | null };

export type ApplicationCredentialsModalProps = {
  isOpened: boolean;
  application: SchoolApplication;
  platform: SchoolPlatform | undefined;
  /** What is stored already: the login and code shown first; a stored password is not editable. */
  initial: { login: string | null; keys: string | null; hasStoredPassword: boolean };
  isSaving: boolean;
  onConfirm: (values: ApplicationCredentials) => void;
  onCancel: () => void;
};

type Field = users.CredentialField;
type Values = Record<Field, string>;

/**
 * Asks an application's login, password and code before enabling it (spec 3 §5 "User app edit
 * form"): each required only when the application's scheme or platform requires it.
 */
export function ApplicationCredentialsModal(props: ApplicationCredentialsModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={props.isOpened}
      onClose={props.onCancel}
      title={t('users.page.credentials.title', { name: props.application.name })}
      styles={{ title: { fontWeight: 650 } }}
    >
      {/* Mounted with each opening, so that it starts from what is stored with no message shown. */}
      {props.isOpened && <CredentialsForm {...props} />}
    </Modal>
  );
}

function CredentialsForm({ application, platform, initial, isSaving, onConfirm, onCancel }: ApplicationCredentialsModalProps) {
  const { t } = useTranslation();
  const fields = useMemo(() => users.credentialFieldsOf(application, platform), [application, platform]);
  const [values, setValues] = useState<Values>(() => ({
    login: initial.login ?? '',
    password: '',
    keys: initial.keys ?? fields.commonCode ?? '',
  }));
  const [checked, setChecked] = useState<ReadonlySet<Field>>(new Set());

  const missing = new Set(
    users.missingCredentials(fields, {
      login: values.login,
      password: values.password,
      keys: fields.keys.shown ? values.keys : fields.commonCode,
      hasStoredPassword: initial.hasStoredPassword,
    }),
  );
  const errorOf = (field: Field) => (checked.has(field) && missing.has(field) ? t(REQUIRED) : undefined);
  const check = (field: Field) => setChecked((previous) => new Set(previous).add(field));
  const handleChange = (field: Field, value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    check(field);
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (missing.size > 0) {
      setChecked(new Set<Field>(users.CREDENTIAL_FIELDS));
      return;
    }
    onConfirm({
      login: blankToNull(values.login),
      password: initial.hasStoredPassword ? null : blankToNull(values.password),
      // A code left blank is the common one, when there is one.
      keys: (fields.keys.shown ? blankToNull(values.keys) : null) ?? fields.commonCode,
    });
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('users.page.credentials.intro')}
        </Text>
        <TextInput
          data-autofocus
          label={t('users.page.credentials.login')}
          required={fields.login.required}
          autoComplete="off"
          value={values.login}
          onChange={(event) => handleChange('login', event.currentTarget.value)}
          onBlur={() => check('login')}
          error={errorOf('login')}
        />
        <PasswordField
          label={t('users.page.credentials.password')}
          description={initial.hasStoredPassword ? t('users.page.credentials.password_stored') : undefined}
          required={fields.password.required && !initial.hasStoredPassword}
          disabled={initial.hasStoredPassword}
          autoComplete="new-password"
          value={values.password}
          onChange={(event) => handleChange('password', event.currentTarget.value)}
          onBlur={() => check('password')}
          error={errorOf('password')}
        />
        {fields.keys.shown && (
          <TextInput
            label={t('users.page.credentials.code')}
            required={fields.keys.required}
            autoComplete="off"
            value={values.keys}
            onChange={(event) => handleChange('keys', event.currentTarget.value)}
            onBlur={() => check('keys')}
            error={errorOf('keys')}
          />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={isSaving}>
            {t('users.page.cancel')}
          </Button>
          <Button type="submit" loading={isSaving}>
            {t('users.page.confirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
