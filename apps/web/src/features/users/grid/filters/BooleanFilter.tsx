import { Box } from '@mantine/core';
import type { CustomFilterDisplayProps } from 'ag-grid-react';
import { BooleanFilterEditor } from './BooleanFilterEditor';
import { isBooleanFilterModel, type BooleanFilterModel } from './filter-models';
import type { UsersGridRow } from '../grid-rows';

/** A 'boolean' column's filter in the grid's filter popup. */
export function BooleanFilter({
  model,
  onModelChange,
  colDef,
}: CustomFilterDisplayProps<UsersGridRow, unknown, BooleanFilterModel>) {
  return (
    <Box p="sm" w={200}>
      <BooleanFilterEditor
        model={isBooleanFilterModel(model) ? model : null}
        onChange={onModelChange}
        column={colDef.headerName ?? ''}
      />
    </Box>
  );
}
