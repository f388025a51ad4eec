import type { documents } from '@console/contract';
import { Button, Group, Modal, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SchoolsMultiSelect } from '#features/schools/components/SchoolsMultiSelect';
import { useAssignDocumentSchools } from '../api';
import { isForAllSchools } from '../document-sort';
import { notifyDocumentsFailure } from '../documents-failure';

type AssignSchoolsDialogProps = {
  /** The documents whose schools are set (all managed by the user). */
  files: readonly documents.Document[];
  /** Whether the user is an Administrateur: it may choose every school ('all'), and sees a document's schools. */
  isAdministrator: boolean;
  onClose: () => void;
};

/** One document's schools to start from (an Administrateur's only: the others are not told them). */
function initialSchoolsOf(files: readonly documents.Document[], isAdministrator: boolean) {
  const only = files.length === 1 && isAdministrator ? files[0]!.schools : [];
  return { isAll: isForAllSchools(only), uais: isForAllSchools(only) ? [] : only };
}

/**
 * Sets the schools of the ticked documents (`PATCH /files/schools`): schools the user reaches,
 * searched as typed, or for an Administrateur every school ('Tous les établissements'). A
 * document for a school is seen by its staff and pupils.
 */
export function AssignSchoolsDialog({ files, isAdministrator, onClose }: AssignSchoolsDialogProps) {
  const { t, i18n } = useTranslation();
  const assign = useAssignDocumentSchools();
  const [initial] = useState(() => initialSchoolsOf(files, isAdministrator));
  const [isAll, setIsAll] = useState(initial.isAll);
  const [uais, setUais] = useState<string[]>(initial.uais);
  const count = files.length;

  const handleConfirm = () => {
    assign.mutate(
      { ids: files.map((file) => file.id), arrayUai: isAll ? ['all'] : uais },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: t('documents.assign.success', { count }) });
          onClose();
        },
        onError: (error) => notifyDocumentsFailure(error, t, i18n),
      },
    );
  };

  return (
    <Modal
      opened
      onClose={() => {
        if (!assign.isPending) onClose();
      }}
      title={t('documents.assign.title')}
      centered
      size="lg"
    >
      <Stack gap="md">
        <Text size="sm">{t('documents.assign.intro', { count })}</Text>
        {isAdministrator && (
          <Switch label={t('documents.assign.all')} checked={isAll} onChange={(event) => setIsAll(event.currentTarget.checked)} />
        )}
        {!isAll && (
          <SchoolsMultiSelect
            label={t('documents.assign.schools')}
            description={uais.length === 0 ? t('documents.assign.none_hint') : undefined}
            placeholder={t('documents.assign.placeholder')}
            value={uais}
            onChange={setUais}
            nothingFoundMessage={t('documents.assign.nothing_found')}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={assign.isPending}>
            {t('global.cancel')}
          </Button>
          <Button onClick={handleConfirm} loading={assign.isPending}>
            {t('documents.assign.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
