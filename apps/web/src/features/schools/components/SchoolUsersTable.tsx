import type { SchoolUser } from '@console/contract';
import { Badge, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PROFILE_LABEL_KEYS } from '../profile-labels';

const COLUMNS = ['lastname', 'firstname', 'login', 'profile', 'level', 'class', 'disabled'] as const;

type SchoolUsersTableProps = {
  /** The rows of the current page only. */
  users: SchoolUser[];
  /** The user chosen in the user search: highlighted. */
  focusedUserId: number | null;
  caption: string;
};

/** One page of a school's users. */
export function SchoolUsersTable({ users, focusedUserId, caption }: SchoolUsersTableProps) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover verticalSpacing={6}>
        <VisuallyHidden component="caption">{caption}</VisuallyHidden>
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((column) => (
              <Table.Th key={column} scope="col">
                {t(`schools.users.columns.${column}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => {
            const isFocused = user.id === focusedUserId;
            return (
              <Table.Tr key={user.id} bg={isFocused ? 'ocean.0' : undefined} aria-current={isFocused ? 'true' : undefined}>
                <Table.Td fw={isFocused ? 700 : 600}>
                  {user.lastname}
                  {isFocused && (
                    <Badge ml="xs" size="sm" color="ocean" variant="filled">
                      {t('schools.users.focused_badge')}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>{user.firstname}</Table.Td>
                <Table.Td>{user.login}</Table.Td>
                <Table.Td>{t(PROFILE_LABEL_KEYS[user.profile])}</Table.Td>
                <Table.Td>{user.level ?? ''}</Table.Td>
                <Table.Td>{user.className ?? ''}</Table.Td>
                <Table.Td>
                  {user.disabled ? (
                    <Text component="span" size="sm" fw={650} c="red.9">
                      {t('schools.users.yes')}
                    </Text>
                  ) : (
                    t('schools.users.no')
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
