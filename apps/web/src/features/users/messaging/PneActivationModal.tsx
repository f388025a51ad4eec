import { users, type School, type SchoolUser } from '@console/contract';
import { Alert, Anchor, Group, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newActionKey, wasAlreadyReceived } from '#lib/api';
import { useActivatePneKeys } from '../api';
import { BulkModal } from '../bulk/BulkModal';
import { educadhocKeysOf, PNE_REPORT_FILE_NAME, pneErrorReportOf } from './pne-report';
import { ErrorAlert } from '#ui/ErrorAlert';

type PneActivationModalProps = { school: School; selected: readonly SchoolUser[]; onClose: () => void };

/** A download link to the rejected keys' report, its object URL released when it goes. */
function ErrorReportLink({ data }: { data: users.PneAnswer['data'] }) {
  const { t } = useTranslation();
  const href = useMemo(
    () => URL.createObjectURL(new Blob([pneErrorReportOf(data, t)], { type: 'text/plain;charset=utf-8' })),
    [data, t],
  );
  useEffect(() => () => URL.revokeObjectURL(href), [href]);
  return (
    <Anchor href={href} download={PNE_REPORT_FILE_NAME} size="sm">
      <Group gap={4} component="span" wrap="nowrap">
        <IconDownload size={16} aria-hidden />
        {t('users.bulk.pne.download', { file: PNE_REPORT_FILE_NAME })}
      </Group>
    </Anchor>
  );
}

/**
 * Activates the selected teachers' Educadhoc keys on the PNE service (spec 3 §4): loading, then
 * success, a partial rejection with a downloadable report, or the generic error. The server
 * signs in with the passwords it stores.
 */
export function PneActivationModal({ school, selected, onClose }: PneActivationModalProps) {
  const { t } = useTranslation();
  const activate = useActivatePneKeys();
  // One action per dialog: activating again after an error never activates twice.
  const [actionKey] = useState(newActionKey);
  const educadhocId = users.findEducadhocApplication(school.applications)?.idApplication;

  const handleActivate = () => {
    if (educadhocId === undefined) return;
    activate.mutate({
      body: selected.map((user) => ({ username: user.login, keys: educadhocKeysOf(user, educadhocId) })),
      actionKey,
    });
  };
  const rejected = activate.data?.data ?? [];

  return (
    <BulkModal
      title={t('users.bulk.titles.pne')}
      intro={t('users.bulk.pne.intro', { count: selected.length })}
      confirmLabel={t('users.bulk.pne.activate')}
      cancelLabel={activate.isSuccess ? t('global.close') : undefined}
      isConfirmShown={!activate.isSuccess}
      canConfirm={educadhocId !== undefined}
      isPending={activate.isPending}
      onConfirm={handleActivate}
      onClose={onClose}
    >
      {activate.isPending && (
        <Text size="sm" role="status">
          {t('users.bulk.pne.loading')}
        </Text>
      )}
      {activate.isSuccess && rejected.length === 0 && (
        <Alert color="teal" variant="light" role="status">
          {t('users.bulk.pne.success')}
        </Alert>
      )}
      {activate.isSuccess && rejected.length > 0 && (
        <Alert color="orange" variant="light" role="alert">
          <Stack gap="xs">
            <Text size="sm">{t('users.bulk.pne.rejected', { count: rejected.length })}</Text>
            <ErrorReportLink data={rejected} />
          </Stack>
        </Alert>
      )}
      {activate.isError &&
        (wasAlreadyReceived(activate.error) ? (
          <Alert color="orange" variant="light" role="alert">
            {t('users.bulk.pne.already_received')}
          </Alert>
        ) : (
          <ErrorAlert />
        ))}
    </BulkModal>
  );
}
