import { REQUIRED, LOGIN_MAX_LENGTH, PASSWORD_MAX_LENGTH, type SessionUser } from '@console/contract';
import { Button, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#lib/api';
import { firstMessages, translateMessage } from '#lib/forms';
import { useSignIn } from '../api';
import { useLinkSignIn } from '../hooks/useLinkSignIn';
import { signInErrorKey } from '../sign-in-errors';
import { PasswordField } from '#ui/PasswordField';

type SignInFormProps = {
  /** Called once the server accepted the credentials or the link. */
  onSuccess: (user: SessionUser) => void;
  /** True after success, while the screen fades out: the button shows the success state. */
  isSucceeded: boolean;
};

type FieldMessages = { login?: string; password?: string };

export function SignInForm({ onSuccess, isSucceeded }: SignInFormProps) {
  const { t, i18n } = useTranslation();
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [messages, setMessages] = useState<FieldMessages>({});
  const signIn = useSignIn();

  const translate = (key: string) => translateMessage(i18n, key);

  const handleError = (error: unknown) => {
    if (error instanceof ApiError && error.code === 'validation_failed' && Object.keys(error.fieldErrors).length > 0) {
      const fields = firstMessages(error.fieldErrors);
      setMessages({ login: fields.login && translate(fields.login), password: fields.password && translate(fields.password) });
      return;
    }
    setMessages({ login: t(signInErrorKey(error)) });
  };

  const linkSignIn = useLinkSignIn({ onSuccess, onError: handleError });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The same rule as the contract's loginBodySchema, without loading zod on the first screen.
    const credentials = { login: login.trim(), password };
    if (credentials.login === '' || credentials.password === '') {
      const required = t(REQUIRED);
      setMessages({
        login: credentials.login === '' ? required : undefined,
        password: credentials.password === '' ? required : undefined,
      });
      return;
    }
    setMessages({});
    signIn.mutate(credentials, { onSuccess, onError: handleError });
  };

  const isBusy = signIn.isPending || linkSignIn.isPending;

  return (
    <form onSubmit={handleSubmit} noValidate aria-busy={isBusy}>
      <Stack gap="md">
        <TextInput
          label={t('signin.login')}
          name="login"
          autoComplete="username"
          value={login}
          onChange={(event) => setLogin(event.currentTarget.value)}
          maxLength={LOGIN_MAX_LENGTH}
          error={messages.login && <span role="alert">{messages.login}</span>}
          disabled={isSucceeded}
          size="md"
          autoFocus
        />
        <PasswordField
          label={t('signin.password')}
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          maxLength={PASSWORD_MAX_LENGTH}
          error={messages.password}
          disabled={isSucceeded}
          size="md"
        />
        {linkSignIn.isPending && (
          <Text size="sm" role="status" ta="center">
            {t('signin.link_in_progress')}
          </Text>
        )}
        <Button
          type="submit"
          size="md"
          fullWidth
          loading={isBusy}
          color={isSucceeded ? 'teal.9' : undefined}
          leftSection={isSucceeded ? <IconCheck size={18} aria-hidden /> : undefined}
          aria-live="polite"
        >
          {isSucceeded ? t('signin.success') : t('signin.submit')}
        </Button>
      </Stack>
    </form>
  );
}
