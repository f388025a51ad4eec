import { Group, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatCount } from '#lib/format';
import { formatShare } from '../number-format';
import classes from './FiguresTable.module.css';

export type FigureRow = {
  key: string;
  label: string;
  count: number;
  /** A CSS colour: shown as the row's swatch, matching the chart. */
  color?: string;
};

type FiguresTableProps = {
  /** The id of the element naming the table (the chart card's heading). */
  labelledBy: string;
  /** The header of the first column ('Profil', 'Application'…). */
  categoryLabel: string;
  rows: FigureRow[];
  /** Adds each row's share of this total. */
  total?: number;
  /** Keeps the table for screen readers only, when the chart shows every figure already. */
  isVisuallyHidden?: boolean;
};

/** The figures of a chart as a table, counts and shares written as the interface language writes them. */
export function FiguresTable({ labelledBy, categoryLabel, rows, total, isVisuallyHidden = false }: FiguresTableProps) {
  const { t, i18n } = useTranslation();
  const withShare = total !== undefined;
  return (
    <Table
      aria-labelledby={labelledBy}
      className={isVisuallyHidden ? classes.visuallyHidden : undefined}
      verticalSpacing={6}
      horizontalSpacing="xs"
      fz="sm"
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{categoryLabel}</Table.Th>
          <Table.Th scope="col" ta="right">
            {t('statistics.count')}
          </Table.Th>
          {withShare && (
            <Table.Th scope="col" ta="right">
              {t('statistics.share')}
            </Table.Th>
          )}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.key}>
            <Table.Th scope="row" fw={400}>
              <Group gap="xs" wrap="nowrap">
                {row.color && <span className={classes.swatch} style={{ backgroundColor: row.color }} aria-hidden />}
                {row.label}
              </Group>
            </Table.Th>
            <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatCount(row.count, i18n.language)}
            </Table.Td>
            {withShare && (
              <Table.Td ta="right" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatShare(row.count, total, i18n.language)}
              </Table.Td>
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
