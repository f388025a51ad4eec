import type { ICellRendererParams } from 'ag-grid-community';
import { useTranslation } from 'react-i18next';
import { statusTextOf, type GridRow } from '../grid-columns';
import { gridSymbolOf } from '../status-appearance';
import classes from './MonitoringGrid.module.css';

type StatusSymbolCellProps = ICellRendererParams<GridRow> & { stepName: string };

/**
 * A step's status in the grid: a green circle when done, a yellow one to do or in progress, a
 * black one when not needed, a grey button for 'Devis signé' while pending; named for assistive
 * technologies and in a tooltip.
 */
export function StatusSymbolCell({ value, stepName }: StatusSymbolCellProps) {
  const { t } = useTranslation();
  const status = value as GridRow['steps'][string] | undefined;
  if (status === undefined) return null;
  const label = statusTextOf(stepName, status, t);
  return (
    <span className={classes.statusCell}>
      <span className={classes.symbol} data-symbol={gridSymbolOf(stepName, status)} role="img" aria-label={label} title={label} />
    </span>
  );
}
