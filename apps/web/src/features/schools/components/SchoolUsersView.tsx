import type { SchoolUser, SessionUser } from '@console/contract';
import { Alert, Button, Center, Group, Loader, Pagination, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconFilter, IconUserSearch } from '@tabler/icons-react';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSchoolUsers } from '../api';
import { clearFocusedUser, useFocusedUser } from '../focused-user';
import { matchesEveryWord, normaliseSearchText } from '../search-text';
import { SchoolUsersTable } from './SchoolUsersTable';

/** Rows per page: a school of 5,000 users never draws more than this. */
export const USERS_PAGE_SIZE = 50;

type SearchableUser = { user: SchoolUser; haystack: string };

/**
 * The users view of the active school until the users grid replaces it: a table of its users,
 * 50 a page, with a quick filter; the user chosen in the user search comes first, highlighted.
 */
export function SchoolUsersView({ uai }: { uai: string; user: SessionUser }) {
  const { t } = useTranslation();
  const school = useSchoolUsers(uai);
  const focused = useFocusedUser(uai);
  const [filter, setFilter] = useState('');
  const deferredFilter = useDeferredValue(filter);
  const [page, setPage] = useState(1);
  // A newly searched user shows from the first page, with no filter hiding them.
  const [shownFocus, setShownFocus] = useState(focused);
  if (shownFocus !== focused) {
    setShownFocus(focused);
    if (focused) {
      setFilter('');
      setPage(1);
    }
  }

  const users = useMemo<SearchableUser[]>(
    () =>
      (school.data?.users ?? []).map((user) => ({
        user,
        haystack: normaliseSearchText(`${user.lastname} ${user.firstname} ${user.login} ${user.level ?? ''} ${user.className ?? ''}`),
      })),
    [school.data],
  );
  const focusedUser = focused ? users.find((entry) => entry.user.id === focused.userId)?.user : undefined;
  const rows = useMemo(() => {
    const matching = users.filter((entry) => matchesEveryWord(entry.haystack, deferredFilter)).map((entry) => entry.user);
    if (!focusedUser) return matching;
    return [focusedUser, ...matching.filter((user) => user.id !== focusedUser.id)];
  }, [users, deferredFilter, focusedUser]);
  const pageCount = Math.max(1, Math.ceil(rows.length / USERS_PAGE_SIZE));
  const currentPage = Math.min(page, pageCount);
  const pageRows = rows.slice((currentPage - 1) * USERS_PAGE_SIZE, currentPage * USERS_PAGE_SIZE);

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz="h2">
          {t('views.titles.users')}
        </Title>
        {school.data && (
          <Text c="dimmed" mt={4}>
            {t('schools.users.subtitle', { name: school.data.informations.name, count: school.data.users.length })}
          </Text>
        )}
      </div>
      {school.isPending ? (
        <Center mih={200}>
          <Loader aria-label={t('global.loading')} />
        </Center>
      ) : school.isError ? (
        <Alert color="red" variant="light" role="alert">
          {t('global.errors.occurred')}
        </Alert>
      ) : (
        <Paper withBorder radius="md" p="md">
          <Stack gap="md">
            {focusedUser && (
              <Alert color="ocean" variant="light" icon={<IconUserSearch size={18} aria-hidden />} title={t('schools.users.focused_title')}>
                <Group justify="space-between" gap="sm">
                  <Text size="sm">
                    {t('schools.users.focused', { name: `${focusedUser.firstname} ${focusedUser.lastname}`, login: focusedUser.login })}
                  </Text>
                  <Button size="xs" variant="default" onClick={clearFocusedUser}>
                    {t('schools.users.clear_focus')}
                  </Button>
                </Group>
              </Alert>
            )}
            <Group justify="space-between" align="flex-end">
              <TextInput
                label={t('schools.users.filter')}
                placeholder={t('schools.users.filter_hint')}
                leftSection={<IconFilter size={16} aria-hidden />}
                value={filter}
                onChange={(event) => {
                  setFilter(event.currentTarget.value);
                  setPage(1);
                }}
                w={{ base: '100%', sm: 360 }}
                autoComplete="off"
              />
              <Text size="sm" c="dimmed" role="status">
                {t('schools.users.shown', { count: rows.length })}
              </Text>
            </Group>
            {rows.length === 0 ? (
              <Text py="md">{t('schools.users.empty')}</Text>
            ) : (
              <SchoolUsersTable users={pageRows} focusedUserId={focusedUser?.id ?? null} caption={t('schools.users.caption', { name: school.data.informations.name })} />
            )}
            {pageCount > 1 && (
              <Pagination
                total={pageCount}
                value={currentPage}
                onChange={setPage}
                getControlProps={(control) => ({ 'aria-label': t(`schools.users.pagination.${control}`) })}
                getItemProps={(item) => ({ 'aria-label': t('schools.users.pagination.page', { page: item }) })}
                style={{ alignSelf: 'center' }}
              />
            )}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
