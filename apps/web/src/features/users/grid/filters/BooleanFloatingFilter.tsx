import type { CustomFloatingFilterDisplayProps } from 'ag-grid-react';
import { useTranslation } from 'react-i18next';
import { fromBooleanChoice, toBooleanChoice } from './BooleanFilterEditor';
import { isBooleanFilterModel, type BooleanFilterModel } from './filter-models';
import type { UsersGridRow } from '../grid-rows';

/** A 'boolean' column's floating filter: every row, 1 or 0, in a plain select that fits the 32 px header row. */
export function BooleanFloatingFilter({
  model,
  onModelChange,
  column,
}: CustomFloatingFilterDisplayProps<UsersGridRow, unknown, BooleanFilterModel>) {
  const { t } = useTranslation();
  const name = column.getColDef().headerName ?? '';
  return (
    <select
      className="users-grid-floating-select"
      aria-label={t('users.grid.filters.value_label', { column: name })}
      value={toBooleanChoice(isBooleanFilterModel(model) ? model : null)}
      onChange={(event) => onModelChange(fromBooleanChoice(event.currentTarget.value))}
    >
      <option value="">{t('users.grid.filters.all')}</option>
      <option value="1">1</option>
      <option value="0">0</option>
    </select>
  );
}
