import type { CustomFloatingFilterDisplayProps } from 'ag-grid-react';
import { useTranslation } from 'react-i18next';
import { isOptionFilterModel, type OptionFilterModel } from './filter-models';
import type { UsersGridRow } from '../grid-rows';

/** Option1's floating filter: what the set filter keeps, read-only (the filter button beside it edits it). */
export function OptionSetFloatingFilter({ model }: CustomFloatingFilterDisplayProps<UsersGridRow, unknown, OptionFilterModel>) {
  const { t } = useTranslation();
  const text = isOptionFilterModel(model) ? model.values.join(model.operator === 'AND' ? ' + ' : ' | ') : '';
  return (
    <input
      className="users-grid-floating-summary"
      readOnly
      value={text}
      aria-label={t('users.grid.filters.options_summary')}
      title={text}
    />
  );
}
