import { workflows, type SessionUser } from '@console/contract';
import { Alert, Group, Stack, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconSearch } from '@tabler/icons-react';
import type { GridApi } from 'ag-grid-community';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '#lib/abilities';
import { ActiveFilterChips, type ActiveFilter } from '#ui/grid/ActiveFilterChips';
import { ColumnsMenu, type ToggleableColumn } from '#ui/grid/ColumnsMenu';
import { describeFilter } from '#ui/grid/describe-filter';
import { GridStatusLine } from '#ui/grid/GridStatusLine';
import { uaiOfSchoolWorkflowKey } from '../api';
import { BY_COLUMN, LAST_UPDATE_COLUMN, stepColumnId, type GridRow } from '../grid-columns';
import { useGlobalWorkflowRows } from '../hooks/useGlobalWorkflowRows';
import { useResetAll } from '../hooks/useResetAll';
import { LiveStatusBadge } from './LiveStatusBadge';
import { LoadingProgress } from './LoadingProgress';
import { MonitoringGrid } from './MonitoringGrid';
import { ResetAllButton } from './ResetAllButton';
import { ResetAllReport } from './ResetAllReport';
import { SchoolWorkflowPanel } from './SchoolWorkflowPanel';

/** The global monitoring of every school's workflow (spec 1 §2): the grid, its tools, a school's panel. */
export function GlobalMonitoringView({ user }: { user: SessionUser }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { rows, names, summaries, status, progress, applyWorkflow } = useGlobalWorkflowRows(user.id);
  const resetAll = useResetAll(applyWorkflow);
  const [api, setApi] = useState<GridApi<GridRow> | null>(null);
  const [openUai, setOpenUai] = useState<string | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [filters, setFilters] = useState<ActiveFilter[]>([]);
  const [displayedCount, setDisplayedCount] = useState(0);
  const [quickFilter, setQuickFilter] = useState('');
  const [hiddenColumns, setHiddenColumns] = useState<ReadonlySet<string>>(() => new Set([LAST_UPDATE_COLUMN, BY_COLUMN]));
  const canReset = can(user, 'Monitoring', 'Ecriture');

  // A save in the open panel's tracker refreshes its row at once, whether or not the socket is up.
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        const uai = uaiOfSchoolWorkflowKey(event.query.queryKey);
        if (event.type !== 'updated' || uai === null) return;
        const workflow = event.query.state.data as workflows.SchoolWorkflow | undefined;
        if (workflow) applyWorkflow(uai, workflow);
      }),
    [queryClient, applyWorkflow],
  );

  const columns: ToggleableColumn[] = [
    { colId: LAST_UPDATE_COLUMN, name: t('global_monitoring.last_update_column') },
    { colId: BY_COLUMN, name: t('global_monitoring.by_column') },
    ...workflows.WORKFLOW_STEPS.map((name, index) => ({ colId: stepColumnId(index + 1), name })),
  ].map((column) => ({ ...column, isVisible: !hiddenColumns.has(column.colId) }));

  const handleToggleColumn = (colId: string, isVisible: boolean) => {
    api?.setColumnsVisible([colId], isVisible);
    setHiddenColumns((current) => {
      const next = new Set(current);
      if (isVisible) next.delete(colId);
      else next.add(colId);
      return next;
    });
  };

  const handleFilterChange = () => {
    if (!api) return;
    const model = api.getFilterModel();
    setFilters(
      Object.entries(model).map(([colId, filter]) => ({
        colId,
        column: api.getColumn(colId)?.getColDef().headerName ?? colId,
        value: describeFilter(filter, t, i18n.language),
      })),
    );
  };

  const handleRemoveFilter = (colId: string) => {
    if (!api) return;
    void api.setColumnFilterModel(colId, null).then(() => api.onFilterChanged());
  };

  const openName = openUai ? (names.get(openUai) ?? null) : null;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1} fz="h2">
          {t('global_monitoring.title')}
        </Title>
        <LiveStatusBadge status={status} />
      </Group>
      {openUai && <SchoolWorkflowPanel uai={openUai} name={openName} user={user} onClose={() => setOpenUai(null)} />}
      {summaries.isError && <Alert color="red" variant="light" title={t('global_monitoring.load_failed')} />}
      <Group justify="space-between" gap="sm">
        <TextInput
          aria-label={t('global_monitoring.search_label')}
          placeholder={t('global_monitoring.search_placeholder')}
          leftSection={<IconSearch size={16} />}
          value={quickFilter}
          onChange={(event) => setQuickFilter(event.currentTarget.value)}
          w={{ base: '100%', sm: 320 }}
        />
        <Group gap="xs">
          <ColumnsMenu columns={columns} onToggle={handleToggleColumn} />
          {canReset && (
            <ResetAllButton
              selectedCount={selected.length}
              isRunning={resetAll.running !== null}
              onConfirm={() => void resetAll.run(selected)}
            />
          )}
        </Group>
      </Group>
      <Group justify="space-between" gap="sm" mih={28}>
        <GridStatusLine>
          {t('global_monitoring.status_line', { total: rows.length, filtered: displayedCount, selected: selected.length })}
        </GridStatusLine>
        <ActiveFilterChips filters={filters} onRemove={handleRemoveFilter} onClear={() => api?.setFilterModel(null)} />
      </Group>
      {progress.isLoading && progress.total > 0 && <LoadingProgress count={progress.count} total={progress.total} />}
      <ResetAllReport results={resetAll.results} running={resetAll.running} onClose={resetAll.clearResults} />
      <section aria-label={t('global_monitoring.grid_label')}>
        <MonitoringGrid
          rows={rows}
          isListLoading={summaries.isPending}
          isLoading={progress.isLoading}
          quickFilter={quickFilter}
          onReady={setApi}
          onOpenSchool={setOpenUai}
          onSelectionChange={setSelected}
          onFilterChange={handleFilterChange}
          onDisplayedCountChange={setDisplayedCount}
        />
      </section>
    </Stack>
  );
}
