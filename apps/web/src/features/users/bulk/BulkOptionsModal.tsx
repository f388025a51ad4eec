import { compareFrench, users, type School, type SchoolUser } from '@console/contract';
import { Autocomplete, NativeSelect, SegmentedControl } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { idsOf, optionsOfUsers } from './bulk-targets';
import { BulkModal } from './BulkModal';
import type { useBulkChange } from './useBulkChange';

type OptionAction = users.BulkOptionDraft['action'];

type BulkOptionsModalProps = {
  school: School;
  selected: readonly SchoolUser[];
  bulk: ReturnType<typeof useBulkChange>;
  onClose: () => void;
};

const SUCCESS_KEYS: Record<OptionAction, string> = {
  insert: 'users.bulk.success.option_insert',
  update: 'users.bulk.success.option_update',
  delete: 'users.bulk.success.option_delete',
};

/**
 * Bulk options (type opt): add an option (existing or new), replace one by another, or remove one.
 * Confirm is off with no user, no option chosen or an empty new option name (spec 3 §5).
 */
export function BulkOptionsModal({ school, selected, bulk, onClose }: BulkOptionsModalProps) {
  const { t } = useTranslation();
  const [action, setAction] = useState<OptionAction>('insert');
  const [optionCible, setOptionCible] = useState('');
  const [optionSource, setOptionSource] = useState('');
  const schoolOptions = useMemo(() => school.options.map((option) => option.name).sort(compareFrench), [school.options]);
  const usersOptions = useMemo(() => optionsOfUsers(selected), [selected]);
  const draft = { userCount: selected.length, action, optionCible, optionSource };
  const canConfirm = users.canConfirmBulkOption(draft);

  const changeAction = (next: OptionAction) => {
    setAction(next);
    setOptionCible('');
    setOptionSource('');
  };

  const handleConfirm = () => {
    const target = optionCible.trim();
    const source = optionSource.trim();
    bulk.apply(
      {
        type: 'opt',
        ids: idsOf(selected),
        column: action,
        value: action === 'update' ? { optionCible: target, optionSource: source } : { optionCible: target },
      },
      { successMessage: (count) => t(SUCCESS_KEYS[action], { count, option: target, source }), onDone: onClose },
    );
  };

  const usersOptionChoices = [
    { value: '', label: t('users.bulk.options.choose') },
    ...usersOptions.map((name) => ({ value: name, label: name })),
  ];

  return (
    <BulkModal
      title={t('users.bulk.titles.options')}
      intro={t('users.bulk.selected_count', { count: selected.length })}
      canConfirm={canConfirm}
      isPending={bulk.isPending}
      onConfirm={handleConfirm}
      onClose={onClose}
    >
      <SegmentedControl
        aria-label={t('users.bulk.options.action')}
        value={action}
        onChange={(next) => changeAction(next as OptionAction)}
        data={[
          { value: 'insert', label: t('users.bulk.options.insert') },
          { value: 'update', label: t('users.bulk.options.update') },
          { value: 'delete', label: t('users.bulk.options.delete') },
        ]}
      />
      {action === 'update' && (
        <NativeSelect
          required
          label={t('users.bulk.options.source')}
          value={optionSource}
          data={usersOptionChoices}
          onChange={(event) => setOptionSource(event.currentTarget.value)}
        />
      )}
      {action === 'delete' ? (
        <NativeSelect
          required
          label={t('users.bulk.options.to_delete')}
          value={optionCible}
          data={usersOptionChoices}
          onChange={(event) => setOptionCible(event.currentTarget.value)}
        />
      ) : (
        <Autocomplete
          required
          label={t(action === 'update' ? 'users.bulk.options.new_option' : 'users.bulk.options.to_add')}
          description={t('users.bulk.options.new_hint')}
          maxLength={100}
          data={schoolOptions}
          limit={50}
          value={optionCible}
          onChange={setOptionCible}
        />
      )}
    </BulkModal>
  );
}
