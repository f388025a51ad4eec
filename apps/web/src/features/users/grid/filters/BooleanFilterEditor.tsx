import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BooleanFilterModel } from './filter-models';

type BooleanFilterEditorProps = {
  model: BooleanFilterModel | null;
  onChange: (model: BooleanFilterModel | null) => void;
  column: string;
};

/** The value a 0/1 choice shows: '' for every row. */
export function toBooleanChoice(model: BooleanFilterModel | null): string {
  return model ? String(model.value) : '';
}

/** The model of a 0/1 choice. */
export function fromBooleanChoice(choice: string): BooleanFilterModel | null {
  return choice === '0' || choice === '1' ? { filterType: 'boolean', value: choice === '1' ? 1 : 0 } : null;
}

/** The 0/1 filter of a 'boolean' column (Désactivé, Mode admin, applications): every row, 1 or 0. */
export function BooleanFilterEditor({ model, onChange, column }: BooleanFilterEditorProps) {
  const { t } = useTranslation();
  return (
    <NativeSelect
      size="xs"
      aria-label={t('users.grid.filters.value_label', { column })}
      value={toBooleanChoice(model)}
      onChange={(event) => onChange(fromBooleanChoice(event.currentTarget.value))}
      data={[
        { value: '', label: t('users.grid.filters.all') },
        { value: '1', label: t('users.grid.filters.yes') },
        { value: '0', label: t('users.grid.filters.no') },
      ]}
    />
  );
}
