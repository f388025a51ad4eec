import { compareFrench, users, type GridColumn, type ProfileName, type SchoolUser } from '@console/contract';
import { Button, Group, Stack } from '@mantine/core';
import { IconEye, IconFilter } from '@tabler/icons-react';
import type { ColDef, GetRowIdParams, GridApi, RowSelectionOptions, SelectionColumnDef } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useCallback, useEffect, useImperativeHandle, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActiveFilterChips } from '#ui/grid/ActiveFilterChips';
import { ColumnsMenu } from '#ui/grid/ColumnsMenu';
import { GRID_ROW_HEIGHT, gridTheme } from '#ui/grid/grid-theme';
import { GridSkipLinks } from '#ui/grid/GridSkipLinks';
import { GridStatusLine } from '#ui/grid/GridStatusLine';
import { deselectHiddenRows } from '#ui/grid/deselect-hidden-rows';
import { tabOutOfGridFromCell, tabOutOfGridFromHeader } from '#ui/grid/keyboard-navigation';
import { createLocaleTextGetter } from '#ui/grid/locale-text';
import { PROFILE_LABEL_KEYS } from '#features/schools/profile-labels';
import { useProfiles } from '../api';
import { ApplicationCredentialsModal } from '../components/ApplicationCredentialsModal';
import type { UsersGridProps } from '../users-view';
import { EmailPromptModal } from './edits/EmailPromptModal';
import { FiltersPanel } from './filters/FiltersPanel';
import { choicesOfColumn } from './edits/editor-choices';
import { GridBridge } from './grid-bridge';
import { buildColumnDefs, LOGIN_COLUMN, PASSWORD_COLUMN } from './grid-columns';
import { readGridPreferences } from './state/grid-preferences';
import { createRowBuilder, type UsersGridRow } from './grid-rows';
import { useGridEdits } from './edits/useGridEdits';
import { initialAddressState, useGridAddress } from './state/useGridAddress';
import { useGridImportFilter } from './useGridImportFilter';
import { useGridKeyboard } from './useGridKeyboard';
import { useGridLayout } from './state/useGridLayout';
import { useGridSelection } from './useGridSelection';
import { usePasswordReveal } from './usePasswordReveal';
import classes from './UsersGrid.module.css';

const TOOLTIP_DELAY_MS = 100;
const LOCALE_NAMESPACES = ['users.grid.locale', 'grid.locale'] as const;

// Grid options that must keep their identity from render to render (AG Grid re-applies a new one).
const DEFAULT_COLUMN: ColDef<UsersGridRow> = {
  sortable: true,
  resizable: true,
  suppressHeaderMenuButton: true,
  suppressMovable: true,
  minWidth: 70,
};
const ROW_SELECTION: RowSelectionOptions<UsersGridRow> = {
  mode: 'multiRow',
  checkboxes: true,
  headerCheckbox: true,
  selectAll: 'filtered',
  enableClickSelection: false,
};
const SELECTION_COLUMN: SelectionColumnDef = {
  pinned: 'left',
  lockPinned: true,
  sortable: false,
  width: 44,
  minWidth: 44,
  maxWidth: 44,
  resizable: false,
};
const rowIdOf = ({ data }: GetRowIdParams<UsersGridRow>) => String(data.id);
// Filter popups open over the page, not clipped by the grid's 70vh box.
const POPUP_PARENT = typeof document === 'undefined' ? undefined : document.body;

/**
 * The benchmark's marks (bench/users-grid.bench.ts): a grid got its users answer (`at`, its first
 * render), then drew its first rows.
 */
function markPerformance(name: 'users-grid:answer' | 'users-grid:rows', at?: number): void {
  if (typeof performance !== 'undefined') performance.mark(name, at === undefined ? undefined : { startTime: at });
}

/**
 * One school's users grid (spec 3 §2.1): the columns of its definitions in the saved layout,
 * the columns and filters panels, the chips and the counts, the edits, the passwords on demand.
 */
export function SchoolUsersGrid({
  school,
  columns,
  user,
  onSelectionChange,
  onOpenUser,
  handleRef,
  importFilter = null,
  onImportFilterApplied,
  address,
}: UsersGridProps) {
  const [answeredAt] = useState(() => performance.now());
  useEffect(() => markPerformance('users-grid:answer', answeredAt), [answeredAt]);
  const { t, i18n } = useTranslation();
  const [api, setApi] = useState<GridApi<UsersGridRow> | null>(null);
  const [bridge] = useState(() => new GridBridge());
  const [preferences] = useState(() => readGridPreferences());
  const [displayedCount, setDisplayedCount] = useState(school.users.length);
  const [isFiltersPanelOpened, setIsFiltersPanelOpened] = useState(false);

  const definitionsByKey = useMemo(
    () => new Map<string, GridColumn>(columns.map((definition) => [definition.key, definition])),
    [columns],
  );
  const optionNames = useMemo(() => school.options.map((option) => option.name).sort(compareFrench), [school.options]);
  const profileLabel = useCallback(
    (name: string) => {
      const key: string | undefined = PROFILE_LABEL_KEYS[name as ProfileName];
      return key ? t(key) : name;
    },
    [t],
  );
  const columnDefs = useMemo(
    () => buildColumnDefs(columns, { columnState: preferences.columnState, optionNames, language: i18n.language, profileLabel }),
    [columns, preferences, optionNames, i18n.language, profileLabel],
  );
  const buildRows = useMemo(() => createRowBuilder(columns), [columns]);
  const rows = useMemo(() => buildRows(school.users), [buildRows, school.users]);
  const usersById = useMemo(() => new Map<number, SchoolUser>(school.users.map((user) => [user.id, user])), [school.users]);
  const isProfileEditable = definitionsByKey.get('profile')?.editable ?? false;
  const profiles = useProfiles({ isEnabled: isProfileEditable });
  const hasPasswordColumn = definitionsByKey.has(PASSWORD_COLUMN);

  const [addressState] = useState(() => initialAddressState(address, columns));
  const layout = useGridLayout({ api, definitions: columns, definitionsByKey, preferences, addressState });
  const handleAddressChange = useGridAddress(api, columns, address);
  const edits = useGridEdits({ api, school, usersById, definitionsByKey });
  const passwords = usePasswordReveal(api);
  const selection = useGridSelection({ api, usersById, onSelectionChange });
  const keyboard = useGridKeyboard({ definitionsByKey, onOpenUser, passwords, toggle: edits.toggle });
  useGridImportFilter(api, importFilter, onImportFilterApplied);

  /** The ids of the rows the filters keep, in the grid's order. */
  const filteredIds = useCallback(() => {
    const ids: number[] = [];
    api?.forEachNodeAfterFilterAndSort((node) => {
      if (node.data) ids.push(node.data.id);
    });
    return ids;
  }, [api]);

  // The cells' handlers, the latest each render (the bridge is the grid's stable context).
  bridge.setHandlers({
    optionsOf: (row) => usersById.get(row.id)?.options ?? [],
    canEditRow: (row) => {
      const target = usersById.get(row.id);
      return target !== undefined && users.canManageProfile(user.profile, target.profile);
    },
    choicesOf: (colId) =>
      choicesOfColumn(colId, { users: school.users, options: optionNames, profiles: profiles.data ?? [], profileLabel }),
    toggle: edits.toggle,
    toggleLabelOf: (column, row) => t('users.grid.toggle_label', { column, login: row.login }),
    passwordOf: passwords.passwordOf,
    revealPassword: (row) => void passwords.reveal([row.id]),
    passwordLabels: {
      hidden: t('users.grid.password_hidden'),
      unavailable: t('users.grid.password_unavailable'),
      reveal: (login) => t('users.grid.reveal_password', { login }),
    },
  });

  useImperativeHandle(
    handleRef,
    () => ({
      getOrderedIds: filteredIds,
      filterOnLogin: (login) => api?.setFilterModel({ [LOGIN_COLUMN]: { filterType: 'text', type: 'equals', filter: login } }),
      deselectAll: () => api?.deselectAll(),
    }),
    [api, filteredIds],
  );
  const getLocaleText = useMemo(() => createLocaleTextGetter(i18n, LOCALE_NAMESPACES), [i18n]);

  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="sm">
        <GridStatusLine>
          {[
            t('users.grid.status.total', { count: school.users.length }),
            t('users.grid.status.filtered', { count: displayedCount }),
            t('users.grid.status.selected', { count: selection.selectedCount }),
          ].join(' · ')}
        </GridStatusLine>
        <Group gap="xs">
          {hasPasswordColumn && (
            <Button
              variant="default"
              leftSection={<IconEye size={16} aria-hidden />}
              loading={passwords.isRevealing}
              onClick={() => void passwords.reveal(filteredIds())}
            >
              {t('users.grid.reveal_passwords')}
            </Button>
          )}
          <Button
            variant="default"
            leftSection={<IconFilter size={16} aria-hidden />}
            onClick={() => setIsFiltersPanelOpened(true)}
          >
            {t('users.grid.filters.button')}
          </Button>
          <ColumnsMenu columns={layout.menuColumns} onToggle={layout.toggleColumn} onMove={layout.moveColumn} />
        </Group>
      </Group>
      <ActiveFilterChips filters={layout.chips} onRemove={layout.removeFilter} onClear={layout.clearFilters} />
      <GridSkipLinks api={api} name={t('grid.keyboard.names.users')}>
        <section aria-label={t('users.grid.label')} className={classes.grid}>
          <AgGridReact<UsersGridRow>
            theme={gridTheme}
            rowData={rows}
            columnDefs={columnDefs}
            context={bridge}
            defaultColDef={DEFAULT_COLUMN}
            getRowId={rowIdOf}
            rowHeight={GRID_ROW_HEIGHT}
            headerHeight={GRID_ROW_HEIGHT}
            floatingFiltersHeight={GRID_ROW_HEIGHT}
            rowSelection={ROW_SELECTION}
            selectionColumnDef={SELECTION_COLUMN}
            enableFilterHandlers
            maintainColumnOrder
            tooltipShowDelay={TOOLTIP_DELAY_MS}
            popupParent={POPUP_PARENT}
            animateRows={false}
            // Five rows drawn beyond the visible ones (AG Grid draws ten): a sort or a filter redraws fewer rows.
            rowBuffer={5}
            stopEditingWhenCellsLoseFocus
            getLocaleText={getLocaleText}
            tabToNextHeader={tabOutOfGridFromHeader}
            tabToNextCell={tabOutOfGridFromCell}
            initialState={layout.initialState}
            onGridReady={(event) => setApi(event.api)}
            onFirstDataRendered={() => markPerformance('users-grid:rows')}
            onCellClicked={keyboard.handleCellClicked}
            onCellKeyDown={keyboard.handleCellKeyDown}
            onCellValueChanged={edits.handleCellValueChanged}
            onSelectionChanged={selection.handleSelectionChanged}
            onFilterChanged={() => {
              layout.handleLayoutChanged();
              handleAddressChange();
            }}
            onSortChanged={handleAddressChange}
            onColumnVisible={layout.handleLayoutChanged}
            onColumnMoved={(event) => event.finished && layout.handleLayoutChanged()}
            onColumnResized={(event) => event.finished && layout.handleLayoutChanged()}
            onModelUpdated={(event) => {
              // Rows a filter or a reload hid leave the selection: actions reach only what is shown.
              deselectHiddenRows(event.api);
              setDisplayedCount(event.api.getDisplayedRowCount());
            }}
          />
        </section>
      </GridSkipLinks>
      <FiltersPanel
        isOpened={isFiltersPanelOpened}
        onClose={() => setIsFiltersPanelOpened(false)}
        columns={layout.filterableColumns}
        optionNames={optionNames}
        modelOf={layout.modelOf}
        onChange={layout.setColumnFilter}
      />
      <EmailPromptModal
        name={edits.emailPrompt?.name ?? null}
        isSaving={edits.isSaving}
        error={edits.emailPrompt?.error ?? null}
        onSubmit={edits.submitEmail}
      />
      {edits.credentialsPrompt && (
        <ApplicationCredentialsModal
          isOpened
          application={edits.credentialsPrompt.application}
          platform={edits.credentialsPrompt.platform}
          initial={{ login: null, keys: edits.credentialsPrompt.code, hasStoredPassword: false }}
          isSaving={edits.isSaving}
          onConfirm={edits.confirmCredentials}
          onCancel={edits.cancelCredentials}
        />
      )}
    </Stack>
  );
}
