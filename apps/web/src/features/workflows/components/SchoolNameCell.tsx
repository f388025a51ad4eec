import type { ICellRendererParams } from 'ag-grid-community';
import { useTranslation } from 'react-i18next';
import type { GridRow } from '../grid-columns';
import classes from './MonitoringGrid.module.css';

/** The school column: its name and UAI; a click (or Enter) opens its tracker above the grid. */
export function SchoolNameCell({ data }: ICellRendererParams<GridRow>) {
  const { t } = useTranslation();
  if (!data) return null;
  return (
    <span className={classes.school} title={t('global_monitoring.open_school', { name: data.name })}>
      <span className={classes.schoolName}>{data.name}</span>
      <span className={classes.uai}>{data.uai}</span>
    </span>
  );
}
