import { users } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { BooleanFilter } from './filters/BooleanFilter';
import { BooleanFloatingFilter } from './filters/BooleanFloatingFilter';
import { CheckboxCellRenderer } from './checkbox-cell-renderer';
import { ComboboxCellEditor } from './edits/ComboboxCellEditor';
import { buildColumnDefs, compareTextCells, type UsersColDef } from './grid-columns';
import { createRowBuilder } from './grid-rows';
import { OptionSetFilter } from './filters/OptionSetFilter';
import { OptionSetFloatingFilter } from './filters/OptionSetFloatingFilter';
import { PasswordCell } from './PasswordCell';
import { buildGridColumns, GRID_USERS } from './test-fixtures';

const OPTION_NAMES = ['Grec', 'Latin'];

function columnsOf(
  options: Parameters<typeof buildColumnDefs>[1] = { optionNames: OPTION_NAMES, language: 'fr' },
  definitions = buildGridColumns({ withPassword: true }),
) {
  const defs = buildColumnDefs(definitions, options);
  const byId = new Map(defs.map((def) => [def.colId, def]));
  return { defs, column: (colId: string): UsersColDef => byId.get(colId)! };
}

describe('buildColumnDefs', () => {
  it('makes one column per definition, named by ColonneBDD and headed by ColonneAffichee, hidden unless Visible', () => {
    const definitions = buildGridColumns({ withPassword: true });
    const { defs, column } = columnsOf();

    expect(defs.map((def) => def.colId)).toEqual(definitions.map((definition) => definition.key));
    expect(defs.every((def) => def.field === def.colId)).toBe(true);
    expect(column('lastname')).toMatchObject({ headerName: 'Nom', initialHide: false });
    expect(column('id')).toMatchObject({ headerName: 'ID utilisateur', initialHide: true });
    expect(column('disabledAt').initialHide).toBe(true);
  });

  it('filters each column as its TypeFiltre says, with floating filters, and not at all for none', () => {
    const { column } = columnsOf();

    expect(column('lastname')).toMatchObject({ filter: 'agTextColumnFilter', floatingFilter: true });
    expect(column('id')).toMatchObject({ filter: 'agNumberColumnFilter', floatingFilter: true });
    expect(column('disabledAt')).toMatchObject({ filter: 'agDateColumnFilter', floatingFilter: true });
    expect(column('disabled')).toMatchObject({
      filter: { component: BooleanFilter },
      floatingFilterComponent: BooleanFloatingFilter,
      floatingFilter: true,
    });
    expect(column(users.applicationColumnKey(2)).filter.component).toBe(BooleanFilter);
    expect(column('option1')).toMatchObject({
      filter: { component: OptionSetFilter },
      filterParams: { optionNames: OPTION_NAMES },
      floatingFilterComponent: OptionSetFloatingFilter,
    });
    expect(column('option2')).toMatchObject({ filter: false, floatingFilter: false });
    expect(column('password')).toMatchObject({
      filter: false,
      floatingFilter: false,
      cellRenderer: PasswordCell,
      sortable: false,
    });
  });

  it('passes a boolean filter on the cell value, and the set filter on every option of the user', () => {
    const { column } = columnsOf();
    const disabled = column('disabled').filter.doesFilterPass;
    expect(disabled({ data: { id: 1, disabled: 0 }, model: { filterType: 'boolean', value: 0 } })).toBe(true);
    expect(disabled({ data: { id: 1, disabled: 1 }, model: { filterType: 'boolean', value: 0 } })).toBe(false);

    const options = column('option1').filter.doesFilterPass;
    const handlerParams = { context: { current: { optionsOf: () => ['Théâtre', 'Grec'] } } };
    expect(
      options({
        data: { id: 1, option1: 'Théâtre' },
        model: { filterType: 'set', values: ['Grec'], operator: 'OR' },
        handlerParams,
      }),
    ).toBe(true);
    expect(
      options({
        data: { id: 1, option1: 'Théâtre' },
        model: { filterType: 'set', values: ['Grec', 'Latin'], operator: 'AND' },
        handlerParams,
      }),
    ).toBe(false);
  });

  it('edits only Editable columns (text, combobox editors, checkboxes toggled by their renderer), on the rows the caller may act on', () => {
    const editable = columnsOf().column;
    /** Whether a cell of the column is editable on a row whose user the caller may (or may not) act on. */
    const isEditableOn = (definition: { editable?: unknown }, canEditRow: boolean) =>
      typeof definition.editable === 'function'
        ? (definition.editable as (params: unknown) => boolean)({
            data: { id: 1 },
            context: { current: { canEditRow: () => canEditRow } },
          })
        : definition.editable;
    for (const key of ['lastname', 'level', 'option1', users.codeColumnKey(4)]) {
      expect({ key, onManageable: isEditableOn(editable(key), true), onAbove: isEditableOn(editable(key), false) }).toEqual({
        key,
        onManageable: true,
        onAbove: false,
      });
    }
    expect(editable('lastname')).toMatchObject({ cellEditor: 'agTextCellEditor' });
    expect(editable('level')).toMatchObject({ cellEditor: ComboboxCellEditor });
    expect(editable('option1')).toMatchObject({ cellEditor: ComboboxCellEditor });
    expect(editable(users.codeColumnKey(4))).toMatchObject({ cellEditor: 'agTextCellEditor' });
    expect(editable('adminMode')).toMatchObject({
      editable: false,
      cellRenderer: CheckboxCellRenderer,
      cellRendererParams: { isEditable: true },
    });
    expect(editable('disabled')).toMatchObject({ cellRenderer: CheckboxCellRenderer, cellRendererParams: { isEditable: false } });
    expect(editable('login').editable).toBe(false);

    const readOnly = columnsOf({ optionNames: OPTION_NAMES, language: 'fr' }, buildGridColumns({ canEdit: false })).column;
    expect(readOnly('lastname').editable).toBe(false);
    expect(readOnly('option1').editable).toBe(false);
    expect(readOnly('adminMode').cellRendererParams).toEqual({ isEditable: false });
  });

  it('follows a saved layout: its order, visibility and widths, unknown columns after', () => {
    const { defs, column } = columnsOf({
      optionNames: OPTION_NAMES,
      language: 'fr',
      columnState: [
        { colId: 'login', hide: false, width: 300 },
        { colId: 'lastname', hide: true },
        { colId: 'gone', hide: false },
      ],
    });

    expect(defs.slice(0, 3).map((def) => def.colId)).toEqual(['login', 'lastname', 'id']);
    expect(column('login').initialWidth).toBe(300);
    expect(column('lastname').initialHide).toBe(true);
    expect(defs).toHaveLength(buildGridColumns({ withPassword: true }).length);
  });

  it('shows dates in French', () => {
    const { column } = columnsOf();
    const format = column('disabledAt').valueFormatter as (params: { value: string | null }) => string;
    expect(format({ value: '2025-03-01T10:00:00.000Z' })).toMatch(/^01\/03\/2025 \d{2}:00$/);
    expect(format({ value: null })).toBe('');
  });
});

describe('createRowBuilder', () => {
  it('reads each cell as the contract does, once per user object', () => {
    const definitions = buildGridColumns({ withPassword: true });
    const build = createRowBuilder(definitions);
    const rows = build(GRID_USERS);

    for (const [index, user] of GRID_USERS.entries()) {
      for (const definition of definitions)
        expect(rows[index]![definition.key]).toEqual(users.readCellValue(user, definition.key));
      expect(rows[index]!.id).toBe(user.id);
    }
    const changed = { ...GRID_USERS[1]!, level: '4e' };
    const again = build([GRID_USERS[0]!, changed]);
    expect(again[0]).toBe(rows[0]);
    expect(again[1]).not.toBe(rows[1]);
    expect(again[1]!.level).toBe('4e');
  });
});

describe('compareTextCells', () => {
  it('sorts names in French order, accents and case aside, empty cells first', () => {
    const names = ['zoé', 'Élodie', null, 'Emma', 'éric', 'Adam', ''];
    expect([...names].sort(compareTextCells)).toEqual([null, '', 'Adam', 'Élodie', 'Emma', 'éric', 'zoé']);
  });

  it('sorts class names by their numbers', () => {
    expect(['10A', '6B', '6A'].sort(compareTextCells)).toEqual(['6A', '6B', '10A']);
  });

  it('is the comparator of text columns', () => {
    const { column } = columnsOf();
    expect(column('lastname').comparator).toBe(compareTextCells);
    expect(column('disabledAt').comparator).toBeUndefined();
  });
});
