import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useOpenUser } from './useOpenUser';
import { UserSearchResults } from './UserSearchResults';

type UserSearchDialogProps = {
  /** The text searched when the dialog opens; blank: nothing is searched until the user types. */
  initialText: string;
  isOpen: boolean;
  onClose: () => void;
};

/** The user search results, with a field to search again; choosing a row opens that user. */
export function UserSearchDialog({ initialText, isOpen, onClose }: UserSearchDialogProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(initialText);
  const [query, setQuery] = useState(initialText.trim());
  const openUser = useOpenUser();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = text.trim();
    if (next !== '') setQuery(next);
  };

  return (
    <Modal
      opened={isOpen}
      onClose={onClose}
      title={t('user_search.title')}
      size="72rem"
      styles={{ title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Stack gap="md">
        <form role="search" aria-label={t('user_search.label')} onSubmit={handleSubmit} noValidate>
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              data-autofocus
              flex={1}
              label={t('user_search.label')}
              description={t('user_search.hint')}
              leftSection={<IconSearch size={16} aria-hidden />}
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              autoComplete="off"
            />
            <Button type="submit" variant="default">
              {t('user_search.submit')}
            </Button>
          </Group>
        </form>
        {query !== '' && (
          <UserSearchResults
            query={query}
            onChoose={(user) => {
              if (openUser(user)) onClose();
            }}
          />
        )}
      </Stack>
    </Modal>
  );
}
