import type { apps } from '@console/contract';
import { Badge, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '#lib/format';

type TokenReportApplicationData = apps.TokenReportSchool['applications'][number];

type TokenReportApplicationProps = { application: TokenReportApplicationData; headingLevel: 4 | 5 | 6 };

/** One application of a school in the token report: its users in error (Nom, Prénom, Login, Erreur). */
export function TokenReportApplication({ application, headingLevel }: TokenReportApplicationProps) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Title id={headingId} order={headingLevel} fz="md">
          {application.name}
        </Title>
        <Badge color="red" variant="light" radius="sm">
          {t('apps.token_report.error_count', { total: formatCount(application.total, i18n.language) })}
        </Badge>
      </Group>
      <Table.ScrollContainer minWidth={480}>
        <Table aria-labelledby={headingId} striped withTableBorder fz="sm" verticalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('apps.token_report.lastname')}</Table.Th>
              <Table.Th scope="col">{t('apps.token_report.firstname')}</Table.Th>
              <Table.Th scope="col">{t('apps.token_report.login')}</Table.Th>
              <Table.Th scope="col">{t('apps.token_report.error')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {application.users.map((user) => (
              <Table.Tr key={user.Login}>
                <Table.Td>{user.Nom}</Table.Td>
                <Table.Td>{user.Prenom}</Table.Td>
                <Table.Td ff="monospace">{user.Login}</Table.Td>
                <Table.Td>{user.Erreur}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {application.truncated && (
        <Text size="sm" c="dimmed">
          {t('apps.token_report.truncated', {
            shown: formatCount(application.users.length, i18n.language),
            total: formatCount(application.total, i18n.language),
          })}
        </Text>
      )}
    </Stack>
  );
}
