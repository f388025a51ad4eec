import { Box } from '@mantine/core';
import type { CustomFilterDisplayProps } from 'ag-grid-react';
import { isOptionFilterModel, type OptionFilterModel } from './filter-models';
import { OptionSetFilterEditor } from './OptionSetFilterEditor';
import type { UsersGridRow } from '../grid-rows';

/** The params the Option1 column gives its filter. */
export type OptionFilterParams = { optionNames: readonly string[] };

/** Option1's filter in the grid's filter popup (AG Grid Community has no set filter). */
export function OptionSetFilter({
  model,
  onModelChange,
  colDef,
}: CustomFilterDisplayProps<UsersGridRow, unknown, OptionFilterModel>) {
  const { optionNames } = colDef.filterParams as OptionFilterParams;
  return (
    <Box p="sm" w={260}>
      <OptionSetFilterEditor
        optionNames={optionNames}
        model={isOptionFilterModel(model) ? model : null}
        onChange={onModelChange}
        column={colDef.headerName ?? ''}
      />
    </Box>
  );
}
