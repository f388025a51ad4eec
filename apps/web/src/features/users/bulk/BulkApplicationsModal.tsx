import { users, type School, type SchoolUser } from '@console/contract';
import { Center, NativeSelect, SegmentedControl, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUsersPlatforms } from '../api';
import type { CredentialName } from '../add-user/add-user-credentials';
import {
  asksCredentials,
  bulkApplicationValueOf,
  bulkCredentialRowsOf,
  missingOfRow,
  type BulkCredentialRow,
} from './bulk-credentials';
import { idsOf } from './bulk-targets';
import { BulkCredentialsTable, ROWS_PER_PAGE } from './BulkCredentialsTable';
import { BulkModal } from './BulkModal';
import type { useBulkChange } from './useBulkChange';
import { ErrorAlert } from '#ui/ErrorAlert';
import { LoadingIndicator } from '#ui/LoadingBlock';

type ApplicationAction = 'insert' | 'delete';

type BulkApplicationsModalProps = {
  school: School;
  selected: readonly SchoolUser[];
  bulk: ReturnType<typeof useBulkChange>;
  onClose: () => void;
};

/**
 * Bulk applications (type app): enable an application for the selected users, with each user's
 * login, password and code when the application requires them (`POST /users/platforms` fills
 * them in), or disable it.
 */
export function BulkApplicationsModal({ school, selected, bulk, onClose }: BulkApplicationsModalProps) {
  const { t } = useTranslation();
  const [action, setAction] = useState<ApplicationAction>('insert');
  const [applicationId, setApplicationId] = useState('');
  const [edits, setEdits] = useState<Record<number, Partial<Record<CredentialName, string>>>>({});
  const [isChecked, setIsChecked] = useState(false);
  const [page, setPage] = useState(1);
  const catalogue = useMemo(
    () => [...school.applications].sort((first, second) => first.order - second.order),
    [school.applications],
  );
  const application = catalogue.find((candidate) => String(candidate.idApplication) === applicationId);
  const platform = school.platforms.find((candidate) => candidate.platformId === application?.platformId);
  const fields = application ? users.credentialFieldsOf(application, platform) : null;
  const needsForm = action === 'insert' && fields !== null && asksCredentials(fields);
  const ids = useMemo(() => idsOf(selected), [selected]);

  const platforms = useUsersPlatforms(ids, { isEnabled: needsForm });
  const rows: BulkCredentialRow[] = useMemo(() => {
    if (!application || !fields || !platforms.data) return [];
    return bulkCredentialRowsOf(platforms.data, application, fields).map((row) => ({ ...row, ...edits[row.userId] }));
  }, [application, fields, platforms.data, edits]);

  const changeApplication = (id: string) => {
    setApplicationId(id);
    setEdits({});
    setIsChecked(false);
    setPage(1);
  };
  const changeRow = (userId: number, name: CredentialName, value: string) =>
    setEdits((previous) => ({ ...previous, [userId]: { ...previous[userId], [name]: value } }));

  const isReady = application !== undefined && selected.length > 0 && (!needsForm || platforms.isSuccess);

  const handleConfirm = () => {
    if (!application || !fields) return;
    if (needsForm) {
      setIsChecked(true);
      const firstMissing = rows.findIndex((row) => missingOfRow(fields, row).length > 0);
      if (firstMissing >= 0) {
        setPage(Math.floor(firstMissing / ROWS_PER_PAGE) + 1);
        return;
      }
    }
    bulk.apply(
      {
        type: 'app',
        ids,
        column: action,
        idApp: application.idApplication,
        value: needsForm ? bulkApplicationValueOf(rows, fields) : [],
      },
      {
        successMessage: (count) =>
          t(action === 'insert' ? 'users.bulk.success.application_insert' : 'users.bulk.success.application_delete', {
            count,
            application: application.name,
          }),
        onDone: onClose,
      },
    );
  };

  return (
    <BulkModal
      title={t('users.bulk.titles.applications')}
      intro={t('users.bulk.selected_count', { count: selected.length })}
      size={needsForm ? 'xl' : 'md'}
      canConfirm={isReady}
      isPending={bulk.isPending}
      onConfirm={handleConfirm}
      onClose={onClose}
    >
      <SegmentedControl
        aria-label={t('users.bulk.applications.action')}
        value={action}
        onChange={(next) => setAction(next as ApplicationAction)}
        data={[
          { value: 'insert', label: t('users.bulk.applications.insert') },
          { value: 'delete', label: t('users.bulk.applications.delete') },
        ]}
      />
      <NativeSelect
        required
        label={t('users.bulk.applications.application')}
        value={applicationId}
        data={[
          { value: '', label: t('users.bulk.applications.choose') },
          ...catalogue.map((candidate) => ({ value: String(candidate.idApplication), label: candidate.name })),
        ]}
        onChange={(event) => changeApplication(event.currentTarget.value)}
      />
      {needsForm && platforms.isPending && (
        <Center mih={80}>
          <LoadingIndicator size="sm" label={t('global.loading')} />
        </Center>
      )}
      {needsForm && platforms.isError && <ErrorAlert />}
      {needsForm && fields && platforms.isSuccess && (
        <>
          <Text size="sm">{t('users.bulk.applications.credentials_intro')}</Text>
          <BulkCredentialsTable
            rows={rows}
            fields={fields}
            isChecked={isChecked}
            page={page}
            onPageChange={setPage}
            onRowChange={changeRow}
          />
        </>
      )}
    </BulkModal>
  );
}
