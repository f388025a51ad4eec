import { REQUIRED, users } from '@console/contract';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '#lib/forms';

type EmailPromptModalProps = {
  /** Whose profile changes; null when no change waits. */
  name: string | null;
  isSaving: boolean;
  /** The server's refusal (a translation key), shown under the field. */
  error: string | null;
  onSubmit: (email: string) => void;
};

/**
 * « Changement de profil » (spec 3 §2.3, §4): a manager or school administrator must have an
 * e-mail, so the profile change waits for it. Mandatory: no close button, Escape or outside click.
 */
export function EmailPromptModal({ name, isSaving, error, onSubmit }: EmailPromptModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={name !== null}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      title={t('users.grid.email_prompt.title')}
      styles={{ title: { fontWeight: 650 } }}
    >
      {name !== null && <EmailForm name={name} isSaving={isSaving} error={error} onSubmit={onSubmit} />}
    </Modal>
  );
}

function EmailForm({ name, isSaving, error, onSubmit }: Omit<EmailPromptModalProps, 'name'> & { name: string }) {
  const { t, i18n } = useTranslation();
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  // The server's refusal stays until the e-mail is changed (or another one is sent).
  const [dismissedError, setDismissedError] = useState<string | null>(null);
  const shown = message ?? (error !== dismissedError ? error : null);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = email.trim();
    if (trimmed === '') setMessage(REQUIRED);
    else if (!users.EMAIL_PATTERN.test(trimmed)) setMessage(users.EMAIL_FORMAT);
    else {
      setMessage(null);
      setDismissedError(null);
      onSubmit(trimmed);
    }
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('users.grid.email_prompt.text', { name })}</Text>
        <TextInput
          data-autofocus
          type="email"
          label={t('users.grid.email_prompt.email')}
          required
          autoComplete="off"
          value={email}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            setMessage(null);
            setDismissedError(error);
          }}
          error={shown ? translateMessage(i18n, shown) : undefined}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={isSaving}>
            {t('users.grid.email_prompt.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
