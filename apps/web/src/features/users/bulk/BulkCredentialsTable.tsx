import { REQUIRED, type users } from '@console/contract';
import { Pagination, Stack, Table, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CredentialName } from '../add-user/add-user-credentials';
import { missingOfRow, type BulkCredentialRow } from './bulk-credentials';

export const ROWS_PER_PAGE = 50;

type BulkCredentialsTableProps = {
  rows: readonly BulkCredentialRow[];
  fields: users.CredentialFields;
  /** Whether to show every missing value (after a confirm), not only those of touched rows. */
  isChecked: boolean;
  page: number;
  onPageChange: (page: number) => void;
  onRowChange: (userId: number, name: CredentialName, value: string) => void;
};

/** The per-user credentials of a bulk application insert, a page of users at a time. */
export function BulkCredentialsTable({ rows, fields, isChecked, page, onPageChange, onRowChange }: BulkCredentialsTableProps) {
  const { t } = useTranslation();
  const pageCount = Math.max(1, Math.ceil(rows.length / ROWS_PER_PAGE));
  const shown = rows.slice((page - 1) * ROWS_PER_PAGE, page * ROWS_PER_PAGE);

  const input = (row: BulkCredentialRow, name: CredentialName, label: string) => {
    const isMissing = isChecked && missingOfRow(fields, row).includes(name);
    const isKept = name === 'password' && row.hasStoredPassword;
    return (
      <TextInput
        size="xs"
        // The login tells apart two users of the same name.
        aria-label={`${label} — ${row.name} (${row.userLogin})`}
        required={fields[name].required}
        value={row[name]}
        placeholder={isKept ? t('users.bulk.applications.password_kept') : undefined}
        disabled={isKept}
        error={isMissing ? t(REQUIRED) : undefined}
        onChange={(event) => onRowChange(row.userId, name, event.currentTarget.value)}
      />
    );
  };

  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={560} maxHeight={420}>
        <Table striped stickyHeader>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('users.bulk.applications.user')}</Table.Th>
              <Table.Th>{t('users.bulk.applications.login')}</Table.Th>
              <Table.Th>{t('users.bulk.applications.password')}</Table.Th>
              {fields.keys.shown && <Table.Th>{t('users.bulk.applications.code')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((row) => (
              <Table.Tr key={row.userId}>
                <Table.Td>
                  <Text size="sm">{row.name}</Text>
                  <Text size="xs" c="dimmed" ff="monospace">
                    {row.userLogin}
                  </Text>
                </Table.Td>
                <Table.Td>{input(row, 'login', t('users.bulk.applications.login'))}</Table.Td>
                <Table.Td>{input(row, 'password', t('users.bulk.applications.password'))}</Table.Td>
                {fields.keys.shown && <Table.Td>{input(row, 'keys', t('users.bulk.applications.code'))}</Table.Td>}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pageCount > 1 && (
        <Pagination
          size="sm"
          total={pageCount}
          value={page}
          onChange={onPageChange}
          aria-label={t('users.bulk.applications.pages')}
        />
      )}
    </Stack>
  );
}
