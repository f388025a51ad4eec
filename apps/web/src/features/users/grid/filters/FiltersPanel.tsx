import type { users } from '@console/contract';
import { Drawer, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BooleanFilterEditor } from './BooleanFilterEditor';
import { ConditionFilterEditor } from './ConditionFilterEditor';
import { isBooleanFilterModel, isOptionFilterModel } from './filter-models';
import { OptionSetFilterEditor } from './OptionSetFilterEditor';

/** A filterable column as the panel lists it. */
export type FilterableColumn = { colId: string; name: string; filterType: Exclude<users.FilterType, 'none'> };

type FiltersPanelProps = {
  isOpened: boolean;
  onClose: () => void;
  /** In the grid's order. */
  columns: readonly FilterableColumn[];
  optionNames: readonly string[];
  modelOf: (colId: string) => unknown;
  onChange: (colId: string, model: unknown) => void;
};

/** The filters panel (AG Grid Community has no side bar): every filterable column's filter, editable outside the grid. */
export function FiltersPanel({ isOpened, onClose, columns, optionNames, modelOf, onChange }: FiltersPanelProps) {
  const { t } = useTranslation();
  return (
    <Drawer opened={isOpened} onClose={onClose} position="right" size="sm" title={t('users.grid.filters.panel')}>
      <Stack gap="md">
        {columns.map((column) => {
          const model = modelOf(column.colId);
          const handleChange = (next: unknown) => onChange(column.colId, next);
          return (
            <Stack key={column.colId} gap={4}>
              <Text size="sm" fw={600}>
                {column.name}
              </Text>
              {column.filterType === 'boolean' ? (
                <BooleanFilterEditor
                  model={isBooleanFilterModel(model) ? model : null}
                  onChange={handleChange}
                  column={column.name}
                />
              ) : column.filterType === 'set' ? (
                <OptionSetFilterEditor
                  optionNames={optionNames}
                  model={isOptionFilterModel(model) ? model : null}
                  onChange={handleChange}
                  column={column.name}
                />
              ) : (
                <ConditionFilterEditor kind={column.filterType} model={model} onChange={handleChange} column={column.name} />
              )}
            </Stack>
          );
        })}
      </Stack>
    </Drawer>
  );
}
