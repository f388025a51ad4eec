import { users, type BinnedUser } from '@console/contract';
import { Alert, Button, Checkbox, Group, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconRestore } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '#lib/abilities';
import { ApiError } from '#lib/api';
import { formatDate } from '#lib/format';
import { useSession } from '#features/auth/api';
import { PROFILE_LABEL_KEYS } from '#features/schools/profile-labels';
import { useBin, useReloadSchoolUsers, useRestoreUsers } from '../api';
import { LoadingBlock } from '#ui/LoadingBlock';
import { ErrorAlert } from '#ui/ErrorAlert';
import { notifyFailure } from '#ui/notify-failure';

/** The logins a restore conflict names, when the server lists them (`details.logins`). */
function conflictingLoginsOf(error: ApiError): string[] {
  const logins = (error.body as { details?: { logins?: unknown } } | undefined)?.details?.logins;
  return Array.isArray(logins) ? logins.filter((login): login is string => typeof login === 'string') : [];
}

/**
 * The deleted users of the school still in the bin (beyond the spec): who deleted them and when,
 * when the purge removes them for good; a selection of them can be restored.
 */
export function BinPanel({ uai }: { uai: string }) {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const bin = useBin(uai);
  const restore = useRestoreUsers();
  const reload = useReloadSchoolUsers();
  const titleId = useId();
  const [chosen, setChosen] = useState<number[]>([]);
  const [conflict, setConflict] = useState<string[] | null>(null);
  const canRestore = can(session.data, 'ButtonBar_buttonDelete', 'Ecriture');
  const rows = bin.data?.users ?? [];
  const chosenRows = chosen.filter((id) => rows.some((row) => row.id === id));

  const handleRestore = () => {
    setConflict(null);
    restore.mutate(chosenRows, {
      onSuccess: ({ count }) => {
        notifications.show({ color: 'teal', message: t('users.bin.restored', { count }) });
        setChosen([]);
        void reload(uai);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) setConflict(conflictingLoginsOf(error));
        else notifyFailure(error, t);
      },
    });
  };

  const toggle = (id: number, isChecked: boolean) =>
    setChosen((previous) => (isChecked ? [...previous, id] : previous.filter((candidate) => candidate !== id)));
  const isAllChosen = rows.length > 0 && chosenRows.length === rows.length;

  const row = (binned: BinnedUser) => (
    <Table.Tr key={binned.id}>
      <Table.Td>
        <Checkbox
          aria-label={t('users.bin.select_user', { name: `${binned.firstname} ${binned.lastname}` })}
          checked={chosenRows.includes(binned.id)}
          onChange={(event) => toggle(binned.id, event.currentTarget.checked)}
        />
      </Table.Td>
      <Table.Td>{`${binned.lastname} ${binned.firstname}`}</Table.Td>
      <Table.Td>{binned.login}</Table.Td>
      <Table.Td>{t(PROFILE_LABEL_KEYS[binned.profile])}</Table.Td>
      <Table.Td>{[binned.level, binned.className].filter(Boolean).join(' · ') || t('users.bin.no_class')}</Table.Td>
      <Table.Td>
        {binned.deletedBy
          ? t('users.bin.deleted_on_by', { date: formatDate(binned.deletedAt, i18n.language, 'medium'), name: binned.deletedBy })
          : formatDate(binned.deletedAt, i18n.language, 'medium')}
      </Table.Td>
      <Table.Td>{formatDate(binned.purgeAt, i18n.language, 'medium')}</Table.Td>
    </Table.Tr>
  );

  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2} fz="h4" id={titleId}>
            {t('users.bin.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('users.bin.intro', { days: users.BIN_RETENTION_DAYS })}
          </Text>
        </div>
        <Button
          leftSection={<IconRestore size={16} aria-hidden />}
          disabled={!canRestore || chosenRows.length === 0}
          loading={restore.isPending}
          onClick={handleRestore}
        >
          {t('users.bin.restore', { count: chosenRows.length })}
        </Button>
      </Group>
      {conflict && (
        <Alert color="orange" variant="light" role="alert" title={t('users.bin.conflict_title')}>
          {t('users.bin.conflict')}
          {conflict.length > 0 && ` ${t('users.bin.conflict_logins', { logins: conflict.join(', ') })}`}
        </Alert>
      )}
      {bin.isPending ? (
        <LoadingBlock minHeight={120} />
      ) : bin.isError ? (
        <ErrorAlert />
      ) : rows.length === 0 ? (
        <Text c="dimmed" py="lg" ta="center">
          {t('users.bin.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped highlightOnHover aria-labelledby={titleId}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>
                  <Checkbox
                    aria-label={t('users.bin.select_all')}
                    checked={isAllChosen}
                    indeterminate={chosenRows.length > 0 && !isAllChosen}
                    onChange={(event) => setChosen(event.currentTarget.checked ? rows.map((binned) => binned.id) : [])}
                  />
                </Table.Th>
                <Table.Th>{t('users.bin.columns.name')}</Table.Th>
                <Table.Th>{t('users.bin.columns.login')}</Table.Th>
                <Table.Th>{t('users.bin.columns.profile')}</Table.Th>
                <Table.Th>{t('users.bin.columns.level_class')}</Table.Th>
                <Table.Th>{t('users.bin.columns.deleted')}</Table.Th>
                <Table.Th>{t('users.bin.columns.purge')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>{rows.map(row)}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
