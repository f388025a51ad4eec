import { blankToNull, users, type School, type SchoolUser } from '@console/contract';
import { Autocomplete, NativeSelect, SegmentedControl, Textarea } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PROFILE_LABEL_KEYS } from '#features/schools/profile-labels';
import { addUserChoicesOf } from '../add-user/add-user-lists';
import { BulkModal } from './BulkModal';
import { idsOf, isValueRequired, type BulkFieldColumn, type ClassMode } from './bulk-targets';
import type { useBulkChange } from './useBulkChange';

type BulkFieldModalProps = {
  column: BulkFieldColumn;
  school: School & { users: SchoolUser[] };
  selected: readonly SchoolUser[];
  bulk: ReturnType<typeof useBulkChange>;
  onClose: () => void;
};

const SUCCESS_KEYS: Record<BulkFieldColumn | 'className_add' | 'className_delete', string> = {
  comment: 'users.bulk.success.comment',
  subject: 'users.bulk.success.subject',
  className: 'users.bulk.success.className',
  className_add: 'users.bulk.success.className_add',
  className_delete: 'users.bulk.success.className_delete',
  level: 'users.bulk.success.level',
  profile: 'users.bulk.success.profile',
};

/**
 * A bulk field change (type std): comment, subject, class (replaced, or one added or removed),
 * level or profile. An empty comment, subject or class deletes it; level and profile are required.
 */
export function BulkFieldModal({ column, school, selected, bulk, onClose }: BulkFieldModalProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState(column === 'profile' ? users.BULK_PROFILE_TARGETS[0]! : '');
  const [classMode, setClassMode] = useState<ClassMode>('replace');
  const choices = useMemo(() => addUserChoicesOf(school, ''), [school]);
  const isRequired = isValueRequired(column, classMode);
  const trimmed = value.trim();
  const canConfirm = selected.length > 0 && (!isRequired || trimmed !== '');

  const handleConfirm = () => {
    const option = column === 'className' && classMode !== 'replace' ? classMode : undefined;
    const successKey = SUCCESS_KEYS[option ? (`className_${option}` as const) : column];
    bulk.apply(
      { type: 'std', ids: idsOf(selected), column, value: blankToNull(trimmed), ...(option ? { option } : {}) },
      { successMessage: (count) => t(successKey, { count, value: trimmed }), onDone: onClose },
    );
  };

  const label = t(`users.bulk.fields.${column}`);
  const hint = isRequired ? undefined : t('users.bulk.empty_deletes');
  const suggestions = column === 'subject' ? choices.subjects : column === 'className' ? choices.classes : choices.levels;

  return (
    <BulkModal
      title={t(`users.bulk.titles.${column}`)}
      intro={t('users.bulk.selected_count', { count: selected.length })}
      canConfirm={canConfirm}
      isPending={bulk.isPending}
      onConfirm={handleConfirm}
      onClose={onClose}
    >
      {column === 'className' && (
        <SegmentedControl
          aria-label={t('users.bulk.class_mode')}
          value={classMode}
          onChange={(mode) => setClassMode(mode as ClassMode)}
          data={[
            { value: 'replace', label: t('users.bulk.class_modes.replace') },
            { value: 'add', label: t('users.bulk.class_modes.add') },
            { value: 'delete', label: t('users.bulk.class_modes.delete') },
          ]}
        />
      )}
      {column === 'comment' ? (
        <Textarea
          data-autofocus
          label={label}
          description={hint}
          maxLength={500}
          rows={3}
          resize="vertical"
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
        />
      ) : column === 'profile' ? (
        <NativeSelect
          required
          label={label}
          value={value}
          data={users.BULK_PROFILE_TARGETS.map((profile) => ({ value: profile, label: t(PROFILE_LABEL_KEYS[profile]) }))}
          onChange={(event) => setValue(event.currentTarget.value)}
        />
      ) : (
        <Autocomplete
          data-autofocus
          required={isRequired}
          label={label}
          description={hint}
          maxLength={100}
          data={suggestions}
          limit={50}
          value={value}
          onChange={setValue}
        />
      )}
    </BulkModal>
  );
}
