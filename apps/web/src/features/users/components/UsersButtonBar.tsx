import { sheets, type School, type SchoolUser, type SessionUser } from '@console/contract';
import { Button, Group } from '@mantine/core';
import { IconTrashX, IconUserPlus } from '@tabler/icons-react';
import { useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '#lib/abilities';
import { ExportMenu } from '#features/exports/components/ExportMenu';
import { SheetsMenu } from '#features/sheets/components/SheetsMenu';
import { AddUserPanel } from '../add-user/AddUserPanel';
import { BulkEditMenu } from '../bulk/BulkEditMenu';
import { DeleteUsersButton } from '../status/DeleteUsersButton';
import { EnableDisableButton } from '../status/EnableDisableButton';
import { ReasonedButton } from '#ui/ReasonedButton';
import type { UsersGridHandle } from '../users-view';

export type UsersButtonBarProps = {
  school: School & { users: SchoolUser[] };
  user: SessionUser;
  selected: readonly SchoolUser[];
  grid: RefObject<UsersGridHandle | null>;
  /** Whether the bin (deleted users) is shown instead of the grid. */
  isBinShown: boolean;
  onBinShownChange: (isShown: boolean) => void;
};

/**
 * The users view's button bar (spec 3 §2.1): add user, CSV export, PDF export, enable/disable, delete, bulk edit, bin.
 * Each button shows with its own right at Lecture and is off without its route's Ecriture.
 */
export function UsersButtonBar({ school, user, selected, grid, isBinShown, onBinShownChange }: UsersButtonBarProps) {
  const { t } = useTranslation();
  const [isAdding, setIsAdding] = useState(false);
  const hasUai = school.informations.uai.trim() !== '';
  const addReason = !can(user, 'AddUser', 'Ecriture')
    ? t('users.actions.reasons.no_right')
    : hasUai
      ? null
      : t('users.actions.reasons.no_uai');

  return (
    <Group gap="xs" role="group" aria-label={t('users.actions.bar_label')}>
      {can(user, 'AddUser') && (
        <>
          <ReasonedButton
            leftSection={<IconUserPlus size={16} aria-hidden />}
            disabledReason={addReason}
            onClick={() => setIsAdding(true)}
          >
            {t('users.actions.add')}
          </ReasonedButton>
          <AddUserPanel isOpened={isAdding} school={school} grid={grid} onClose={() => setIsAdding(false)} />
        </>
      )}
      {!isBinShown && can(user, 'ButtonBar_buttonExportCSV') && <ExportMenu school={school} user={user} selected={selected} />}
      {!isBinShown && can(user, sheets.SHEETS_RIGHT) && <SheetsMenu school={school} user={user} selected={selected} />}
      {!isBinShown && can(user, 'ButtonBar_buttonActiveDesactiveUser') && (
        <EnableDisableButton school={school} user={user} selected={selected} />
      )}
      {!isBinShown && can(user, 'ButtonBar_buttonDelete') && (
        <DeleteUsersButton school={school} user={user} selected={selected} grid={grid} />
      )}
      {!isBinShown && can(user, 'ButtonBar_buttonBulkEdit') && <BulkEditMenu school={school} user={user} selected={selected} />}
      {can(user, 'ButtonBar_buttonDelete') && (
        <Button
          variant={isBinShown ? 'filled' : 'default'}
          leftSection={<IconTrashX size={16} aria-hidden />}
          aria-pressed={isBinShown}
          onClick={() => onBinShownChange(!isBinShown)}
        >
          {t('users.actions.bin')}
        </Button>
      )}
    </Group>
  );
}
