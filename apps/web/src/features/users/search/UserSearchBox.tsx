import { ActionIcon, Box, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

// The dialog's code loads with the first search, never with the shell.
const UserSearchDialog = lazy(() => import('./UserSearchDialog').then((module) => ({ default: module.UserSearchDialog })));

/**
 * The top bar's user search: Enter or the search button opens the results dialog; a blank text is
 * ignored. On narrow screens the button alone opens the dialog, which has its own search field.
 */
export function UserSearchBox() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [search, setSearch] = useState<{ text: string; isOpen: boolean } | null>(null);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = text.trim();
    if (query === '') return;
    setSearch({ text: query, isOpen: true });
  };

  return (
    <>
      <Box component="form" role="search" aria-label={t('user_search.label')} onSubmit={handleSubmit} noValidate visibleFrom="md">
        <TextInput
          aria-label={t('user_search.label')}
          placeholder={t('user_search.placeholder')}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          w={{ base: 200, lg: 240 }}
          autoComplete="off"
          rightSectionPointerEvents="all"
          rightSection={
            <ActionIcon type="submit" variant="subtle" color="gray.7" aria-label={t('user_search.submit')}>
              <IconSearch size={16} aria-hidden />
            </ActionIcon>
          }
        />
      </Box>
      <ActionIcon
        hiddenFrom="md"
        variant="default"
        size={36}
        aria-label={t('user_search.label')}
        aria-haspopup="dialog"
        onClick={() => setSearch({ text: '', isOpen: true })}
      >
        <IconSearch size={18} stroke={1.6} aria-hidden />
      </ActionIcon>
      {search && (
        <Suspense fallback={null}>
          <UserSearchDialog
            key={search.text}
            initialText={search.text}
            isOpen={search.isOpen}
            onClose={() => setSearch((previous) => previous && { ...previous, isOpen: false })}
          />
        </Suspense>
      )}
    </>
  );
}
