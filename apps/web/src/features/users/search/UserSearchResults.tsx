import type { UserSearchResult } from '@console/contract';
import { Button, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PROFILE_LABEL_KEYS } from '#features/schools/profile-labels';
import { useUserSearch } from './api';
import classes from './UserSearchResults.module.css';
import { LoadingBlock } from '#ui/LoadingBlock';
import { ErrorAlert } from '#ui/ErrorAlert';

const COLUMNS = ['city', 'school', 'lastname', 'firstname', 'login', 'level', 'class', 'profile', 'disabled'] as const;

type UserSearchResultsProps = { query: string; onChoose: (user: UserSearchResult) => void };

/** The results table: a click or Enter on a row chooses that user; 'Voir plus' while more pages exist. */
export function UserSearchResults({ query, onChoose }: UserSearchResultsProps) {
  const { t } = useTranslation();
  const search = useUserSearch(query);

  if (search.isPending) {
    return <LoadingBlock minHeight={120} />;
  }
  if (search.isError) {
    return <ErrorAlert />;
  }
  const results = search.data.pages.flatMap((page) => page.results);
  if (results.length === 0) {
    return (
      <Text role="status" py="md">
        {t('user_search.empty')}
      </Text>
    );
  }

  const handleRowKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, user: UserSearchResult) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onChoose(user);
    }
  };

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" role="status">
        {t(search.hasNextPage ? 'user_search.count_more' : 'user_search.count', { count: results.length })}
      </Text>
      <Table.ScrollContainer minWidth={960} maxHeight="60vh">
        <Table highlightOnHover stickyHeader verticalSpacing={6}>
          <VisuallyHidden component="caption">{t('user_search.caption', { query })}</VisuallyHidden>
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map((column) => (
                <Table.Th key={column} scope="col">
                  {t(`user_search.columns.${column}`)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {results.map((user) => (
              <Table.Tr
                key={user.id}
                className={classes.row}
                tabIndex={0}
                onClick={() => onChoose(user)}
                onKeyDown={(event) => handleRowKeyDown(event, user)}
              >
                <Table.Td>{user.city ?? ''}</Table.Td>
                <Table.Td>{user.school ?? ''}</Table.Td>
                <Table.Td fw={600}>{user.lastname}</Table.Td>
                <Table.Td>{user.firstname}</Table.Td>
                <Table.Td>{user.login}</Table.Td>
                <Table.Td>{user.level ?? ''}</Table.Td>
                <Table.Td>{user.className ?? ''}</Table.Td>
                <Table.Td>{t(PROFILE_LABEL_KEYS[user.profile])}</Table.Td>
                <Table.Td>
                  {user.disabled ? (
                    <Text component="span" size="sm" fw={650} c="red.9">
                      {t('user_search.yes')}
                    </Text>
                  ) : (
                    t('user_search.no')
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {search.hasNextPage && (
        <Button
          variant="default"
          onClick={() => void search.fetchNextPage()}
          loading={search.isFetchingNextPage}
          style={{ alignSelf: 'center' }}
        >
          {t('user_search.more')}
        </Button>
      )}
    </Stack>
  );
}
